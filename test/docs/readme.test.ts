import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GUIDE } from '../../packages/cli/src/commands/guide.js';
import { REPO } from '../helpers/cn.js';

const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');

describe('README', () => {
  it('quotes the AGENTS.md block exactly as cn guide prints it', () => {
    expect(readme).toContain(GUIDE);
  });

  it('shows the two set-up commands, and .ci/run runs exactly the test command', () => {
    expect(readme).toContain('npm ci && npm run demo');
    expect(readme).toMatch(/^npm test\b/m);
    const ci = readFileSync(path.join(REPO, '.ci/run'), 'utf8');
    expect(ci).toMatch(/^npm ci$/m);
    expect(ci).toMatch(/^npm test$/m);
  });

  it('documents every exit code the CLI defines', async () => {
    const { EXIT } = await import('../../packages/cli/src/exit-codes.js');
    for (const code of Object.values(EXIT)) expect(readme).toMatch(new RegExp(`^\\| ${code} \\|`, 'm'));
  });
});
