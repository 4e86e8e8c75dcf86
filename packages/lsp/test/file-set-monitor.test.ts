import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileSetMonitor, stampedWalk } from '../src/file-set-monitor.js';
import { walkSourceTree, type SourceTree } from '../src/source-tree.js';

describe('FileSetMonitor: directory stamps taken for a question serve every monitor following that directory', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('a stamp taken since the moment asked for is used; one taken before it is not', async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'cn-file-set-'));
    writeFileSync(path.join(root, 'a.ts'), 'export const a = 1;\n');
    const tree = walkSourceTree(root);
    const engineSide = await FileSetMonitor.watch(tree);
    const listSide = await FileSetMonitor.watch(tree);
    // A question arrives; one monitor takes the stamps for it.
    const questionArrived = performance.now();
    expect(await engineSide.unchanged(questionArrived)).toBe(true);
    // A file written after those stamps: the same question's other monitor answers as of them (one scan a question).
    writeFileSync(path.join(root, 'b.ts'), 'export const b = 1;\n');
    expect(await listSide.check(questionArrived)).toEqual({
      addedSources: [],
      removedSources: [],
      configsChanged: false,
    });
    // The next question arrived after the write: its check stats again and sees the file.
    await vi.waitFor(
      async () => {
        const change = await listSide.check(performance.now());
        expect(change.addedSources).toEqual([path.join(root, 'b.ts')]);
      },
      { timeout: 5000 },
    );
    // Without a moment (no question in flight), every check stats.
    await vi.waitFor(async () => expect((await engineSide.check()).addedSources).toEqual([path.join(root, 'b.ts')]), {
      timeout: 5000,
    });
  });
});

describe('FileSetMonitor: a file created between the walk and the watch', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const withFileBetween = async (walk: (root: string) => SourceTree) => {
    root = mkdtempSync(path.join(os.tmpdir(), 'cn-file-set-'));
    mkdirSync(path.join(root, 'src'));
    writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 1;\n');
    const tree = walk(root);
    // Written while the daemon starts its engine: after the walk listed src/, before the monitor watches.
    writeFileSync(path.join(root, 'src', 'b.ts'), 'export const b = 1;\n');
    const monitor = await FileSetMonitor.watch(tree);
    return (await monitor.check()).addedSources;
  };

  it('is seen by the first check when the walk stamped each directory before listing it', async () => {
    expect(await withFileBetween(stampedWalk)).toEqual([path.join(root, 'src', 'b.ts')]);
  });

  it('(the race a walk without stamps has: the watch stamps src/ after the file was written, and never sees it)', async () => {
    expect(await withFileBetween((at) => walkSourceTree(at))).toEqual([]);
  });
});
