import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileChangeFeed } from '../src/file-change-feed.js';

describe('FileChangeFeed, polling a directory it cannot watch', () => {
  const base = mkdtempSync(path.join(os.tmpdir(), 'cn-change-feed-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('reports a same-size edit that kept the mtime (the stamp, not the mtime, is compared)', async () => {
    // fs.watch refuses a directory that does not exist yet: the feed polls it instead.
    const directory = path.join(base, 'src');
    const logged: string[] = [];
    const feed = new FileChangeFeed((line) => logged.push(line));
    await feed.follow([directory]);
    expect(logged.join('\n')).toMatch(/polling its files instead/);
    mkdirSync(directory);
    const file = path.join(directory, 'a.ts');
    writeFileSync(file, 'export const a = 1;\n');
    expect(await feed.drain()).toEqual([file]);
    expect(await feed.drain()).toEqual([]);
    const reference = path.join(base, 'reference');
    writeFileSync(reference, '');
    execFileSync('touch', ['-r', file, reference]);
    const before = statSync(file, { bigint: true });
    writeFileSync(file, 'export const b = 2;\n');
    execFileSync('touch', ['-r', reference, file]);
    const after = statSync(file, { bigint: true });
    expect([after.size, after.mtimeNs]).toEqual([before.size, before.mtimeNs]);
    expect(await feed.drain()).toEqual([file]);
    feed.close();
  });
});
