import { daemonCall } from '@cn/client';
import { requestBody } from '@cn/protocol';
import { EXIT } from '../exit-codes.js';
import { printAnswer } from '../format/output.js';
import { type CommandHost } from '../run.js';
import { limitFlag, maxTokensFlag, scopeFlag, withAnswerOptions, type SharedFlags } from './agent-options.js';

interface GrepFlags extends SharedFlags {
  kind?: string;
  in?: unknown;
  ignoreCase?: boolean;
  wordRegexp?: boolean;
  fixedStrings?: boolean;
  codeOnly?: boolean;
}

export function registerGrep({ cli, run }: CommandHost): void {
  const command = cli
    .command(
      'grep <pattern> [...paths]',
      'Lines matching a regular expression (RE2, as rg), grouped by the declaration they are in (exit 1 when none)',
    )
    .option('-i, --ignore-case', 'Match case-insensitively')
    .option('-w, --word-regexp', 'Only matches bounded by word boundaries')
    .option('-F, --fixed-strings', 'The pattern is a literal string, not a regular expression')
    .option('--code-only', 'Skip matches in comments, strings and template text')
    .option(
      '--kind <kind>',
      'Only matches inside declarations of this kind (function, method, class …; module: top level)',
    )
    .option(
      '--in <path>',
      'Only files under this path, or matching this glob ("src/**/*.ts"; several: repeat it, or commas)',
    );
  withAnswerOptions(command, {
    limit: 'At most n matching lines listed (default 100; totals still count all)',
    maxTokens: 'Shrink the answer to about n tokens: drop previews, then lines (counts stay), then declarations',
  })
    .example('cn grep "throw new \\w+" src --format compact')
    .example('cn grep "cents|currency" --format files')
    .example('cn grep -F "user.placeOrder(" --kind method')
    .example('cn grep -i "units" --code-only --format text')
    .example('cn grep "new Error\\(" --format ids | cn inspect -')
    .action((pattern: string, paths: string[], flags: GrepFlags) =>
      run(async (context) => {
        const maxTokens = maxTokensFlag(flags);
        const body = requestBody('grep', {
          pattern: String(pattern),
          paths: paths.map((given) => scopeFlag(context, given, 'path')!),
          in: scopeFlag(context, flags.in),
          kind: flags.kind,
          ignoreCase: flags.ignoreCase,
          word: flags.wordRegexp,
          fixed: flags.fixedStrings,
          codeOnly: flags.codeOnly,
          limit: limitFlag(flags),
        });
        const response = await daemonCall(context, 'grep', body);
        return printAnswer(context, 'grep', response, {
          exitCode: response.totalMatches > 0 ? EXIT.ok : EXIT.nothingFound,
          maxTokens,
          output: flags.output,
        });
      }),
    );
}
