import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, json } from '../helpers/cn.js';
import { startMcp } from '../helpers/mcp.js';

/**
 * test/fixtures/check: money.ts has one error already (`broken`); cart.ts imports cents from it. The edit adds a line
 * above, makes cents return a string (an error in cart.ts) and adds an error of its own (`fresh`).
 */
const EDIT = [
  '// edited',
  'export function cents(amount: number): string {',
  '  return String(Math.round(amount * 100));',
  '}',
  '',
  "export const broken: number = 'already';",
  'export const fresh: boolean = 1;',
  '',
].join('\n');

const summary = (answer: any) =>
  answer.diagnostics.map((d: any) => `${d.new ? 'new' : 'old'} ${d.filePath}:${d.line} ${d.code}`);

describe('cn check', () => {
  let root: string;
  let money: string;
  let disk: Buffer;
  beforeAll(() => {
    root = copyProject('test/fixtures/check');
    money = path.join(root, 'src/money.ts');
    disk = readFileSync(money);
  });
  afterAll(() => cleanUp(root));

  it('reports the edit’s new errors, in the file and its importer, and the one already there as old; writes nothing', async () => {
    const result = await cn(['check', 'src/money.ts', '-', '--root', root], { input: EDIT });
    expect(result.exitCode).toBe(1);
    const answer = json(result);
    expect(summary(answer)).toEqual([
      'old src/money.ts:6 TS2322',
      'new src/money.ts:7 TS2322',
      'new src/cart.ts:3 TS2322',
    ]);
    expect(answer).toMatchObject({ file: 'src/money.ts', importers: ['src/cart.ts'], errors: 3, newErrors: 2 });
    expect(answer.fixedErrors).toBe(0);
    expect(readFileSync(money).equals(disk)).toBe(true);
    // The engine answers from the disk text again: the one error there is, and none in the importer.
    const after = json(await cn(['diagnostics', 'src/money.ts', 'src/cart.ts', '--root', root]));
    expect(after.diagnostics.map((d: any) => `${d.filePath}:${d.line} ${d.code}`)).toEqual(['src/money.ts:5 TS2322']);
  });

  // Through real processes, checks and questions at once end, each right (the ordering itself is proven without timing
  // in packages/daemon/test/engine-gate.test.ts: this race is too narrow to lose reliably without the gate).
  it('answers no other question from the unsaved text: diagnostics asked during checks see the disk text', async () => {
    const checks = Array.from({ length: 3 }, () => cn(['check', 'src/money.ts', '-', '--root', root], { input: EDIT }));
    const questions = Array.from({ length: 6 }, () => cn(['diagnostics', 'src/cart.ts', '--root', root]));
    for (const check of await Promise.all(checks)) expect(json(check).newErrors).toBe(2);
    // cart.ts has no error on disk (exit 1: none found); with the unsaved text it would have one.
    for (const question of await Promise.all(questions)) expect(question.exitCode, question.stdout).toBe(1);
  });

  it('takes the text from --content-file too, and exits 0 when the edit adds no error', async () => {
    const fixed = path.join(root, '..', `${path.basename(root)}-fixed.ts`);
    writeFileSync(fixed, disk.toString('utf8').replace("'already'", '1'));
    const result = await cn(['check', 'src/money.ts', '--content-file', fixed, '--format', 'text', '--root', root]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('0 new errors, 0 already there, 1 fixed, in 2 files');
    expect(readFileSync(money).equals(disk)).toBe(true);
  });

  it('refuses a binary, a non-UTF-8 or a too large content with exit 2 and one line, before asking the daemon', async () => {
    const bad = path.join(root, '..', `${path.basename(root)}-bad.bin`);
    for (const [bytes, words] of [
      [Buffer.from([0x65, 0x00, 0x66]), /binary/],
      [Buffer.from([0x65, 0xff, 0x66]), /not UTF-8/],
      [Buffer.alloc(70 * 1024, 'a'), /over 64 KB/],
      // Under the cap as bytes, over it once JSON escapes every newline and quote.
      [Buffer.from('"\n'.repeat(30 * 1024)), /KB, more than the 64 KB/],
    ] as const) {
      writeFileSync(bad, bytes);
      const result = await cn(['check', 'src/money.ts', '--content-file', bad, '--root', root]);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toMatch(words);
      expect(result.stderr.trim().split('\n')[0]).toMatch(/^cn: /);
    }
    expect(readFileSync(money).equals(disk)).toBe(true);
  });

  it('refuses stdin and --content-file together, and neither', async () => {
    const both = await cn(['check', 'src/money.ts', '-', '--content-file', 'x.ts', '--root', root], { input: EDIT });
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toMatch(/both stdin/);
    const neither = await cn(['check', 'src/money.ts', '--root', root]);
    expect(neither.exitCode).toBe(2);
    expect(neither.stderr).toMatch(/no new text/);
  });

  it('cn_check answers what cn check prints, and refuses a content over the request cap in one line', async () => {
    const mcp = await startMcp(['--root', root]);
    try {
      const tool = await mcp.call('cn_check', { file: 'src/money.ts', content: EDIT, format: 'json' });
      const cli = await cn(['check', 'src/money.ts', '-', '--root', root], { input: EDIT });
      expect(tool.structured).toEqual(json(cli));
      // Within the schema's 64 Ki characters, over the 64 KB body once JSON escapes every quote and newline.
      const huge = await mcp.call('cn_check', { file: 'src/money.ts', content: '"\n'.repeat(30 * 1024) });
      expect(huge.isError).toBe(true);
      expect(huge.text).toMatch(/more than the 64 KB/);
    } finally {
      await mcp.client.close();
    }
    expect(readFileSync(money).equals(disk)).toBe(true);
  });
});
