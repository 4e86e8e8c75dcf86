import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { questionStat, shareStatsWithin } from '@cn/lsp';
import { NodeProjectWriter } from '../src/adapters/project-writer.js';

describe('NodeProjectWriter: the daemon’s one write path', () => {
  let root: string;
  let outside: string;
  const file = (name: string) => path.join(root, name);
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'cn-writer-'));
    outside = mkdtempSync(path.join(os.tmpdir(), 'cn-writer-out-'));
    writeFileSync(file('a.ts'), 'export const a = 1;\n');
    writeFileSync(file('b.ts'), '\ufeffexport const b = 2;\n');
    chmodSync(file('a.ts'), 0o640);
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('replaces every file, keeping its mode and byte order mark, through a temp file it leaves nowhere', async () => {
    const writer = new NodeProjectWriter(root);
    const { texts, fingerprint } = await writer.read([file('b.ts'), file('a.ts')]);
    expect(texts.get(file('b.ts'))).toBe('export const b = 2;\n');
    await writer.writeAll(
      [
        { filePath: file('a.ts'), text: 'export const one = 1;\n' },
        { filePath: file('b.ts'), text: 'export const two = 2;\n' },
      ],
      fingerprint,
    );
    expect(readFileSync(file('a.ts'), 'utf8')).toBe('export const one = 1;\n');
    expect(readFileSync(file('b.ts'), 'utf8')).toBe('\ufeffexport const two = 2;\n');
    expect(statSync(file('a.ts')).mode & 0o777).toBe(0o640);
    expect(readdirSync(root).sort()).toEqual(['a.ts', 'b.ts']);
  });

  it('the question that writes sees its own writes: the stats its readers shared are forgotten', async () => {
    // A question in flight since the start of time, on a clock that only moves forward.
    let clock = 0;
    shareStatsWithin({ freshSince: () => 0, now: () => ++clock });
    try {
      const writer = new NodeProjectWriter(root);
      const before = questionStat(file('a.ts'))!.size;
      const { fingerprint } = await writer.read([file('a.ts')]);
      await writer.writeAll([{ filePath: file('a.ts'), text: 'export const longer = 1;\n' }], fingerprint);
      expect(questionStat(file('a.ts'))!.size).not.toBe(before);
      expect(questionStat(file('a.ts'))!.size).toBe(BigInt(statSync(file('a.ts')).size));
    } finally {
      shareStatsWithin({ freshSince: () => undefined, now: () => 0 });
    }
  });

  it('restores the files already written when a later one fails: nothing is left half renamed', async () => {
    chmodSync(file('b.ts'), 0o444);
    const writer = new NodeProjectWriter(root);
    const { fingerprint } = await writer.read([file('a.ts'), file('b.ts')]);
    const written = writer.writeAll(
      [
        { filePath: file('a.ts'), text: 'export const one = 1;\n' },
        { filePath: file('b.ts'), text: 'export const two = 2;\n' },
      ],
      fingerprint,
    );
    await expect(written).rejects.toMatchObject({
      kind: 'io',
      message: 'not renamed: cannot write b.ts: it is read-only; nothing was changed',
    });
    expect(readFileSync(file('a.ts'), 'utf8')).toBe('export const a = 1;\n');
    expect(statSync(file('a.ts')).mode & 0o777).toBe(0o640);
    expect(readdirSync(root).sort()).toEqual(['a.ts', 'b.ts']);
  });

  it('refuses a symlink (leading out or not), a FIFO, a non-UTF-8 file and a path outside the root, before anything is written', async () => {
    writeFileSync(path.join(outside, 'target.ts'), 'export const x = 1;\n');
    symlinkSync(path.join(outside, 'target.ts'), file('out.ts'));
    symlinkSync(file('a.ts'), file('in.ts'));
    execFileSync('mkfifo', [file('pipe.ts')]);
    writeFileSync(file('latin.ts'), Buffer.from('export const caf\xe9 = 1;\n', 'latin1'));
    const writer = new NodeProjectWriter(root);
    for (const [name, why] of [
      ['out.ts', 'it is a symbolic link'],
      ['in.ts', 'it is a symbolic link'],
      ['pipe.ts', 'it is not a regular file'],
      ['latin.ts', 'it is not UTF-8'],
      ['../elsewhere.ts', 'it is outside the project root'],
    ])
      await expect(writer.read([file('a.ts'), file(name)]), name).rejects.toMatchObject({
        kind: 'io',
        message: `cannot write ${path.relative(root, file(name))}: ${why}`,
      });
    expect(readFileSync(path.join(outside, 'target.ts'), 'utf8')).toBe('export const x = 1;\n');
  });

  it('refuses (conflict) when a file changed after it was read', async () => {
    const writer = new NodeProjectWriter(root);
    const { fingerprint } = await writer.read([file('a.ts')]);
    writeFileSync(file('a.ts'), 'export const a = 10;\n');
    await expect(
      writer.writeAll([{ filePath: file('a.ts'), text: 'export const one = 1;\n' }], fingerprint),
    ).rejects.toMatchObject({ kind: 'conflict' });
    expect(readFileSync(file('a.ts'), 'utf8')).toBe('export const a = 10;\n');
  });
});
