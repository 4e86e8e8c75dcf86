import { CnError, looksLikeTarget } from '@cn/core';
import { daemonCall } from '@cn/client';
import { MAX_UNUSED_PATHS, requestBody } from '@cn/protocol';
import { EXIT } from '../exit-codes.js';
import { printAnswer } from '../format/output.js';
import { type CommandHost } from '../run.js';
import { rootRelativeTarget, userFile } from '../user-paths.js';
import { limitFlag, maxTokensFlag, scopeFlag, withAnswerOptions, type SharedFlags } from './agent-options.js';

interface UnusedFlags extends SharedFlags {
  exported?: boolean;
  kind?: string;
  members?: boolean;
  refsIn?: unknown;
  refsNotIn?: unknown;
}

export function registerUnused({ cli, run }: CommandHost): void {
  const command = cli
    .command(
      'unused [...paths]',
      'Top-level declarations of files, directories or the project that nothing else uses (exit 1 when none)',
    )
    .option('--exported', 'Only exports (public members), and only uses from other files count')
    .option('--members', 'The argument is a class (name or id): check its static and instance members instead')
    .option('--kind <kind>', "Only declarations of this kind, in cn find's words: function, class, method, getter, …")
    .option('--refs-in <path>', 'Only uses in files under this path, or matching this glob, count')
    .option(
      '--refs-not-in <path>',
      'Uses in files under this path, or matching this glob, do not count ("**/*.test.ts,**/*.spec.ts": several, a union)',
    );
  withAnswerOptions(command, {
    limit: 'At most n symbols (total still counts all; truncated: true)',
    maxTokens: 'Shrink the answer to about n tokens: list cut from the end, then counts only',
  })
    .example('cn unused src/api --exported --refs-in src')
    .example('cn unused src --exported --refs-not-in "**/*.test.ts" --format compact')
    .example('cn unused User --members --exported')
    .example('cn unused src --exported --kind function')
    .example('cn unused src/api/routes.ts src/domain/money.ts')
    .action((targets: string[], flags: UnusedFlags) =>
      run(async (context) => {
        const maxTokens = maxTokensFlag(flags);
        const refsIn = scopeFlag(context, flags.refsIn, '--refs-in');
        const refsNotIn = scopeFlag(context, flags.refsNotIn, '--refs-not-in');
        const [target, ...more] = targets;
        if (flags.members && target === undefined)
          throw new CnError('bad-input', '--members needs a class', 'e.g. cn unused User --members');
        if (flags.members && more.length > 0)
          throw new CnError('bad-input', '--members takes one class', 'ask for each class in its own cn unused');
        if (more.length > MAX_UNUSED_PATHS)
          throw new CnError(
            'bad-input',
            `${targets.length} paths, at most ${MAX_UNUSED_PATHS + 1}`,
            'pass the directory that holds them, or ask in parts',
          );
        const body = requestBody('unused', {
          ...(target !== undefined
            ? flags.members
              ? { membersOf: looksLikeTarget(target) ? rootRelativeTarget(context, target) : target }
              : { path: userFile(context, target) }
            : {}),
          ...(more.length > 0 && !flags.members ? { morePaths: more.map((given) => userFile(context, given)) } : {}),
          exported: flags.exported,
          kind: flags.kind,
          refsIn,
          refsNotIn,
          limit: limitFlag(flags),
        });
        const response = await daemonCall(context, 'unused', body);
        return printAnswer(context, 'unused', response, {
          exitCode: response.total > 0 ? EXIT.ok : EXIT.nothingFound,
          maxTokens,
          output: flags.output,
        });
      }),
    );
}
