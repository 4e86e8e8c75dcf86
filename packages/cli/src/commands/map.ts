import { CnError, looksLikeTarget } from '@cn/core';
import { daemonCall } from '@cn/client';
import { requestBody } from '@cn/protocol';
import { type CommandHost } from '../run.js';
import { rootRelativeTarget, userFile } from '../user-paths.js';
import { limitFlag, maxTokensFlag, snippetFlag, withAnswerOptions, type SharedFlags } from './agent-options.js';
import { printSeveral } from './several-targets.js';

interface MapFlags extends SharedFlags {
  locals?: boolean;
  kind?: unknown;
  public?: boolean;
  static?: boolean;
  modifier?: unknown;
}

export function registerMap({ cli, run }: CommandHost): void {
  const command = cli
    .command(
      'map <file> [...more]',
      'Outline of a file (or of one declaration in it: file::Name): every symbol with kind, modifiers, line range and id; re-exports with the id they resolve to; several files: one answer each',
    )
    .option('--kind <kind>', 'Only symbols of this kind: method (accessors too), property, function, class …')
    .option('--public', 'Only public symbols: members not private, protected or #private; exported top-level ones')
    .option('--static', 'Only static members')
    .option(
      '--modifier <words>',
      'Only symbols with these modifiers as written (async, readonly, abstract …; a comma list)',
    )
    .option('--locals', 'Also list what functions and methods declare inside (locals, callbacks)')
    .option('--snippet <level>', "Add each symbol's code: fold (signature), preview (first lines), full");
  withAnswerOptions(command, {
    limit: 'At most n symbols (total still counts all; truncated: true)',
    maxTokens: 'Shrink to about n tokens: drop snippets, then top-level only with kind counts, then counts',
  })
    .example('cn map src/domain/user.ts --format compact')
    .example('cn map src/domain/user.ts::User --kind method --public --format names')
    .example('cn map src/services/checkout.ts --snippet fold --format text')
    .example('cn map src/domain/user.ts --max-tokens 100 --format compact')
    .example('cn map src/domain/user.ts::User src/services/checkout.ts::Checkout --kind method --format names')
    .action((file: string, more: string[], flags: MapFlags) =>
      run(async (context) => {
        const options = {
          kind: kindFlag(flags.kind),
          modifiers: modifiersFlag(flags),
          locals: flags.locals,
          snippet: snippetFlag(flags),
          limit: limitFlag(flags),
        };
        const ask = (target: string) =>
          daemonCall(
            context,
            'map',
            requestBody('map', {
              // `file::Name` (or an id) maps that declaration; its path is the user's, made root-relative.
              file: looksLikeTarget(target) ? rootRelativeTarget(context, target) : userFile(context, target),
              ...options,
            }),
          );
        return printSeveral(context, 'map', [file, ...more], ask, {
          found: (response) => (response.total ?? response.symbols.length) > 0,
          maxTokens: maxTokensFlag(flags),
          output: flags.output,
        });
      }),
    );
}

function kindFlag(kind: unknown): string | undefined {
  if (kind === undefined || typeof kind === 'string') return kind;
  throw new CnError('bad-input', '--kind takes one kind', 'e.g. --kind method');
}

/** `--public`, `--static` and `--modifier a,b`, as the one list of modifiers the request takes. */
function modifiersFlag(flags: MapFlags): string[] | undefined {
  const given = [flags.modifier].flat().filter((value) => value !== undefined);
  if (given.some((value) => typeof value !== 'string'))
    throw new CnError('bad-input', '--modifier takes modifier words', 'e.g. --modifier async,readonly');
  const words = (given as string[]).flatMap((list) => list.split(',')).map((word) => word.trim());
  const all = [...(flags.public ? ['public'] : []), ...(flags.static ? ['static'] : []), ...words];
  return all.length > 0 ? [...new Set(all)] : undefined;
}
