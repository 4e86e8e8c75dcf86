import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRegularFileSync } from '../src/regular-file.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'cn-regular-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readRegularFileSync: the bytes of a regular file and the stats of that very file, one descriptor', () => {
  it('reads a regular file whole, with its stats', () => {
    const file = path.join(dir, 'a.ts');
    writeFileSync(file, 'export const a = 1;\n');
    const found = readRegularFileSync(file);
    expect(found.kind).toBe('file');
    if (found.kind !== 'file') return;
    expect(found.bytes.toString()).toBe('export const a = 1;\n');
    expect(found.stats.size).toBe(20n);
  });

  it('says what a directory, a FIFO or a file over the cap is, without reading it (a FIFO would block)', () => {
    mkdirSync(path.join(dir, 'src.ts'));
    expect(readRegularFileSync(path.join(dir, 'src.ts')).kind).toBe('directory');
    const fifo = path.join(dir, 'pipe.ts');
    execFileSync('mkfifo', [fifo]);
    expect(readRegularFileSync(fifo).kind).toBe('special');
    const big = path.join(dir, 'big.ts');
    writeFileSync(big, 'x'.repeat(100));
    expect(readRegularFileSync(big, { maxBytes: 99 }).kind).toBe('too-large');
    expect(readRegularFileSync(big, { maxBytes: 100 }).kind).toBe('file');
  });

  it('follows a symlink unless told not to; a missing path throws ENOENT', () => {
    const target = path.join(dir, 'target.ts');
    writeFileSync(target, 'export {};\n');
    const link = path.join(dir, 'link.ts');
    symlinkSync(target, link);
    expect(readRegularFileSync(link).kind).toBe('file');
    expect(() => readRegularFileSync(link, { noFollow: true })).toThrow(expect.objectContaining({ code: 'ELOOP' }));
    expect(() => readRegularFileSync(path.join(dir, 'gone.ts'))).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });
});
