import { CnError, looksLikeTarget } from '@cn/core';
import { daemonCall } from '@cn/client';
import { requestBody } from '@cn/protocol';
import { EXIT } from '../exit-codes.js';
import { printAnswer } from '../format/output.js';
import type { CommandHost } from '../run.js';
import {
  narrowingFlags,
  withAnswerOptions,
  withNarrowing,
  type NarrowingFlags,
  type SharedFlags,
} from './agent-options.js';
import { rootRelativeTarget } from '../user-paths.js';

interface RenameFlags extends NarrowingFlags, SharedFlags {
  apply?: boolean;
  ifUnchanged?: string;
}

export function registerRename({ cli, run }: CommandHost): void {
  // Every edit is the answer: nothing to --limit or shrink.
  withAnswerOptions(
    withNarrowing(
      cli
        .command(
          'rename <target> <newName>',
          'Rename a symbol everywhere, as the compiler does: a preview unless --apply',
        )
        .option('--apply', 'Write the edits: every file or none')
        .option(
          '--if-unchanged <fingerprint>',
          "With --apply: only if the files are as that preview's fingerprint says (exit 6 otherwise)",
        ),
    ),
    {},
  )
    .example('cn rename formatMoney formatAmount --format text')
    .example(
      'cn rename src/domain/money.ts::formatMoney formatAmount --format compact   # then --apply --if-unchanged <its fingerprint>',
    )
    .action((target: string, newName: string, flags: RenameFlags) =>
      run(async (context) => {
        if (flags.ifUnchanged !== undefined && !flags.apply)
          throw new CnError('bad-input', '--if-unchanged applies a preview', 'add --apply');
        const body = requestBody('rename', {
          target: looksLikeTarget(target) ? rootRelativeTarget(context, target) : target,
          newName,
          apply: flags.apply === true ? true : undefined,
          ifUnchanged: flags.ifUnchanged,
          ...narrowingFlags(context, flags),
        });
        const response = await daemonCall(context, 'rename', body);
        return printAnswer(context, 'rename', response, { exitCode: EXIT.ok, output: flags.output });
      }),
    );
}
