import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENTERS, formatsOf, type PresentedCommand } from '@cn/core';
import { cleanUp, cn, copyProject, type CnResult } from '../../helpers/cn.js';
import { startMcp } from '../../helpers/mcp.js';

const ESC_TITLE = '\u001b]0;pwned\u0007';
const CLEAR = '\u001b[2J';
/** A file a cloned repository could hold: terminal controls in a comment, a doc comment, a string, beside names. */
const HOSTILE_SOURCE = [
  `// Title: ${ESC_TITLE} and clear: ${CLEAR} bell \u0007 bidi \u202e end`,
  `/** Doc \u001b[31mred\u001b[0m comment \u009b31m */`,
  'export function hostileGreeting(): string {',
  `  return "hi ${ESC_TITLE} ${CLEAR} \u202e there"; // tail \u007f`,
  '}',
  `export const hostileValue: number = hostileGreeting() /* ${CLEAR} */;`,
  '',
].join('\n');
/** Its file name holds a clear-screen too. */
const ODD_NAME = `src/odd${CLEAR}name.ts`;

/** What a terminal acts on; tab, line feed and the CR of a CRLF are text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const RAW_CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;

/** Every command that prints what files hold, with the arguments that make it print the hostile lines. */
const COMMANDS: Array<[PresentedCommand, string[]]> = [
  ['find', ['find', 'hostileGreeting', '--snippet', 'full']],
  ['map', ['map', 'src/hostile.ts', '--snippet', 'full']],
  ['inspect', ['inspect', 'src/hostile.ts::4::3', '--expand', 'surround']],
  ['grep', ['grep', 'pwned|hostile']],
  ['search', ['search', 'hostile greeting']],
  ['type', ['type', 'hostileGreeting']],
  ['calls', ['calls', 'hostileGreeting']],
  ['impact', ['impact', 'hostileGreeting']],
  ['deps', ['deps', 'src/hostile.ts', '--direction', 'in']],
  ['diagnostics', ['diagnostics', 'src/hostile.ts']],
  ['overview', ['overview']],
  ['unused', ['unused']],
];

/**
 * Issue 22, item 18: a source file's bytes must not steer the terminal of whoever reads cn's answer. Every format
 * of every command, and every stderr line that echoes outside text, prints control characters as visible escapes.
 */
describe('control characters from files and input', () => {
  let root: string;
  beforeAll(async () => {
    root = copyProject('examples/shop');
    writeFileSync(path.join(root, 'src/hostile.ts'), HOSTILE_SOURCE);
    writeFileSync(
      path.join(root, ODD_NAME),
      'import { hostileGreeting } from "./hostile.js";\nexport const oddName = hostileGreeting();\n',
    );
    await cn(['start', '--root', root]);
  });
  afterAll(() => cleanUp(root));

  const expectNoRawControl = (result: CnResult, what: string) => {
    expect(result.stdout, `${what}: stdout`).not.toMatch(RAW_CONTROL);
    expect(result.stderr, `${what}: stderr`).not.toMatch(RAW_CONTROL);
  };

  it.each(COMMANDS)('%s prints no raw control character in any format', async (command, args) => {
    for (const format of formatsOf(PRESENTERS[command])) {
      const result = await cn([...args, '--format', format, '--root', root]);
      expect(result.exitCode, `${command} --format ${format}: ${result.stderr}`).toBeLessThanOrEqual(1);
      expectNoRawControl(result, `${command} --format ${format}`);
    }
  });

  it('shows the controls as escapes where they were, and json keeps the file text exactly', async () => {
    const text = await cn(['inspect', 'src/hostile.ts::4::3', '--format', 'text', '--root', root]);
    expect(text.stdout).toContain(`return "hi \\u001b]0;pwned\\u0007 \\u001b[2J \\u202e there"; // tail \\u007f`);
    const grep = await cn(['grep', 'pwned', '--format', 'json', '--root', root]);
    const previews = JSON.parse(grep.stdout).groups.flatMap((group: { matches: Array<{ preview: string }> }) =>
      group.matches.map((match) => match.preview),
    );
    expect(previews).toContainEqual(expect.stringContaining(`return "hi ${ESC_TITLE} ${CLEAR} \u202e there";`));
  });

  it('a file name with controls is one escaped path in ids, never a forged line', async () => {
    const ids = await cn(['find', 'oddName', '--format', 'ids', '--root', root]);
    expect(ids.stdout.trim().split('\n')).toEqual(['src/odd\\u001b[2Jname.ts::2::14']);
  });

  it('several queries, and a pattern holding an ESC: the query headers are escaped too', async () => {
    const many = await cn(['find', 'hostileGreeting', `odd${CLEAR}`, '--format', 'compact', '--root', root]);
    expectNoRawControl(many, 'find with two queries');
    expect(many.stdout).toContain('# odd\\u001b[2J');
    for (const format of ['json', 'text', 'compact'])
      expectNoRawControl(await cn(['grep', '-F', CLEAR, '--format', format, '--root', root]), `grep -F ESC ${format}`);
  });

  it('junk on `cn inspect -` is echoed to stderr escaped, one line each', async () => {
    const result = await cn(['inspect', '-', '--root', root], {
      input: `${ESC_TITLE}junk\nsrc/hostile.ts::4::3\nsrc/gone${CLEAR}.ts:1\n`,
    });
    expect(result.exitCode).toBe(0);
    expectNoRawControl(result, 'inspect - with junk');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^cn: \\u001b\]0;pwned\\u0007junk: /);
    expect(lines[1]).toMatch(/^cn: src\/gone\\u001b\[2J\.ts:1: /);
  });

  it('cn mcp: tool errors and its stderr log quote a bad --root escaped, one line each', async () => {
    const session = await startMcp(['--root', path.join(root, `gone${CLEAR}\nroot`)]);
    try {
      const answer = await session.call('cn_find', { query: 'User' });
      expect(answer.isError).toBe(true);
      expect(answer.text).toMatch(/^--root .*gone\\u001b\[2J\\u000aroot does not exist \(/);
      expect(session.stderr()).not.toMatch(RAW_CONTROL);
      expect(session.stderr()).toContain('gone\\u001b[2J\\u000aroot does not exist');
    } finally {
      await session.client.close();
    }
  });

  it('an error quoting a name the user gave is one escaped line', async () => {
    const result = await cn(['map', `src/gone${CLEAR}\nnext.ts`, '--root', root]);
    expect(result.exitCode).toBe(2);
    expectNoRawControl(result, 'map of a missing file');
    expect(result.stderr).toMatch(/^cn: no such file: src\/gone\\u001b\[2J\\u000anext\.ts \(.+\)\n$/);
  });
});
