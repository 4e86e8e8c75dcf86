import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileSetMonitor } from '../src/file-set-monitor.js';
import { walkSourceTree } from '../src/source-tree.js';

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
