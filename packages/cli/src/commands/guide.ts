import { GUIDE } from '@cn/core';
import type { CommandHost } from '../run.js';

export function registerGuide({ cli, run }: CommandHost): void {
  cli
    .command('guide', 'Print a short block for AGENTS.md / CLAUDE.md: when to use which cn command instead of grep')
    .example('cn guide >> AGENTS.md')
    .example('cn guide | pbcopy')
    .action(() => run(async () => ({ output: GUIDE, exitCode: 0 })));
}
