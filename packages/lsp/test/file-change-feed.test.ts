import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileChangeFeed } from '../src/file-change-feed.js';
import { FileEventLedger } from '../src/file-event-ledger.js';

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

describe('FileChangeFeed and the ledger, on real file events', () => {
  const base = mkdtempSync(path.join(os.tmpdir(), 'cn-change-ledger-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  /** A feed watching `<root>/src`, its ledger, and a question asked now (once the loop has turned after it). */
  async function watched(name: string, overflowAt = 8_192) {
    const root = path.join(base, name);
    const src = path.join(root, 'src');
    mkdirSync(src, { recursive: true });
    const file = path.join(src, 'a.ts');
    writeFileSync(file, 'export const a = 1;\n');
    const ledger = new FileEventLedger({
      root,
      now: () => performance.now(),
      rootDevice: statSync(root, { bigint: true }).dev,
      listed: () => true,
      eventsComplete: true,
      overflowAt,
    });
    const feed = new FileChangeFeed(() => undefined, ledger);
    await feed.follow([root, src]);
    const takenAt = performance.now();
    const stats = statSync(file, { bigint: true });
    const question = async () => {
      const since = performance.now();
      await ledger.settle(since);
      return ledger.fileUnchanged(file, stats, takenAt, since);
    };
    return { root, src, file, ledger, feed, question };
  }

  it('vouches until the file is edited, even by an edit that keeps its size and mtime', async () => {
    const { file, feed, question } = await watched('edit');
    expect(await question()).toBe(true);
    const before = statSync(file, { bigint: true });
    writeFileSync(file, 'export const b = 2;\n');
    execFileSync('touch', ['-d', `@${Number(before.mtimeMs) / 1000}`, file]);
    expect(await question()).toBe(false);
    feed.close();
  });

  it('a watched directory replaced: its old stats lose their voucher, and it is watched anew on the next follow', async () => {
    const { root, src, file, feed, ledger, question } = await watched('replaced');
    await feed.drain();
    renameSync(src, path.join(root, 'src-old'));
    mkdirSync(src);
    writeFileSync(file, 'export const replaced = 1;\n');
    expect(await question()).toBe(false);
    await feed.follow([root, src]);
    expect(await feed.drain()).toEqual([file]);
    // The new directory's watch sees the next edit.
    const takenAt = performance.now();
    const stats = statSync(file, { bigint: true });
    writeFileSync(file, 'export const edited = 2;\n');
    const since = performance.now();
    await ledger.settle(since);
    expect(ledger.fileUnchanged(file, stats, takenAt, since)).toBe(false);
    expect(await feed.drain()).toEqual([file]);
    feed.close();
  });

  it('events read in one turn of the loop past the overflow mark undo every stat taken before', async () => {
    const { src, feed, question } = await watched('overflow', 50);
    // The loop is held while another process creates 200 files (inotify merges repeated events on one name): libuv
    // reads all their events in one go when the loop resumes.
    const last = path.join(src, 'b199.ts');
    const writer = spawn(process.execPath, [
      '-e',
      `for (let i = 0; i < 200; i++) require('fs').writeFileSync(require('path').join(${JSON.stringify(src)}, 'b' + i + '.ts'), '')`,
    ]);
    const exited = new Promise((resolve) => writer.on('exit', resolve));
    const held = Date.now();
    while (!existsSync(last) && Date.now() - held < 10_000)
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    await exited;
    expect(await question()).toBe(false);
    feed.close();
  });
});
