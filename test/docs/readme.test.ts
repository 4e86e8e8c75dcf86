import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { cac } from 'cac';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../packages/cli/src/commands/index.js';
import { GUIDE } from '../../packages/core/src/format/guide.js';
import { REPO } from '../helpers/cn.js';
import { brokenLinks } from './links.js';
import { localLinks } from './markdown.js';

const README = path.join(REPO, 'README.md');
const readme = readFileSync(README, 'utf8');
/** The README is the front door: what cn is, how to start, the commands; the rest lives in docs/. */
const MAX_README_LINES = 250;

/** Every command `cn --help` lists, with its aliases, from the same registrations the CLI runs. */
function cliCommands(): Array<{ name: string; aliases: string[] }> {
  const cli = cac('cn');
  for (const register of COMMANDS) register({ cli, run: () => undefined });
  return cli.commands.map((command) => ({ name: command.name, aliases: command.aliasNames }));
}

describe('README', () => {
  it('quotes the AGENTS.md block exactly as cn guide prints it', () => {
    expect(readme).toContain(GUIDE);
  });

  it('shows the two set-up commands, and .ci/run runs exactly the test command', () => {
    expect(readme).toContain('npm ci && npm run demo');
    expect(readme).toMatch(/^npm test\b/m);
    const ci = readFileSync(path.join(REPO, '.ci/run'), 'utf8');
    expect(ci).toMatch(/^npm ci\b/m);
    expect(ci).toMatch(/^npm test$/m);
  });

  it('documents every exit code the CLI defines', async () => {
    const { EXIT } = await import('../../packages/cli/src/exit-codes.js');
    for (const code of Object.values(EXIT)) expect(readme).toMatch(new RegExp(`^\\| ${code} \\|`, 'm'));
  });

  it(`fits in ${MAX_README_LINES} lines`, () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(MAX_README_LINES);
  });

  it('has a command-table row for every command cn --help lists, naming its aliases, with an example of it', () => {
    const rows = readme.split('\n').filter((line) => line.startsWith('| `cn '));
    const commands = cliCommands();
    expect(commands.length).toBeGreaterThan(10);
    for (const { name, aliases } of commands) {
      const row = rows.find((line) => new RegExp(`^\\| \`cn ${name}[\` ]`).test(line));
      expect(row, `no row for cn ${name}`).toBeDefined();
      for (const alias of aliases) expect(row, `the cn ${name} row does not name ${alias}`).toContain(`cn ${alias}`);
      const example = row!.split(' | ').at(-1)!;
      const runsIt = new RegExp(`\`[^\`]*\\bcn (${[name, ...aliases].join('|')})\\b`);
      expect(example, `the cn ${name} row has no example`).toMatch(runsIt);
    }
  });

  it('links the moved sections in docs/, and every link resolves to a file and, with an anchor, a heading', () => {
    const docsLinks = localLinks(readme).filter((link) => link.file.startsWith('docs/'));
    const linked = new Set(docsLinks.map((link) => link.file));
    const moved = ['architecture', 'security', 'reliability', 'performance', 'agent-eval', 'daemon', 'commands', 'mcp'];
    for (const page of moved) expect(linked).toContain(`docs/${page}.md`);
    expect(brokenLinks(README)).toEqual([]);
  });
});
