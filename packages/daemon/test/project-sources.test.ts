import { mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NodeProjectSources } from '../src/adapters/project-sources.js';
import { NodeSourceFiles } from '../src/adapters/node-source-files.js';

let root: string;
let outside: string;
/** Lists every .ts file under the root, as the configs would; counts how often it was asked, and how. */
const listings: boolean[] = [];
const importGraph = {
  async projectFiles(fresh?: boolean): Promise<string[]> {
    listings.push(fresh === true);
    return readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => path.join(root, name))
      .sort();
  },
};

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'cn-sources-'));
  outside = mkdtempSync(path.join(os.tmpdir(), 'cn-outside-'));
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'tsconfig.json'), '{}');
  writeFileSync(path.join(root, 'src/a.ts'), 'export const a = 1;\n');
  listings.length = 0;
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const sourcesOf = () => new NodeProjectSources(root, importGraph, new NodeSourceFiles(root));
const relative = (files: string[]) => files.map((file) => path.relative(root, file));

describe('NodeProjectSources: the project’s files, listed again only when the file set changed', () => {
  it('lists once, then answers from the list while no file was created, deleted or renamed', async () => {
    const sources = sourcesOf();
    expect(relative(await sources.files())).toEqual(['src/a.ts']);
    writeFileSync(path.join(root, 'src/a.ts'), 'export const a = 2;\n');
    expect(relative(await sources.files())).toEqual(['src/a.ts']);
    expect(listings).toEqual([true]);
  });

  it('a created or deleted file, or an edited config, makes it list again, freshly', async () => {
    const sources = sourcesOf();
    await sources.files();
    writeFileSync(path.join(root, 'src/b.ts'), 'export const b = 1;\n');
    expect(relative(await sources.files())).toEqual(['src/a.ts', 'src/b.ts']);
    rmSync(path.join(root, 'src/a.ts'));
    expect(relative(await sources.files())).toEqual(['src/b.ts']);
    writeFileSync(path.join(root, 'tsconfig.json'), '{ "include": ["src"] }');
    await sources.files();
    expect(listings).toEqual([true, true, true, true]);
  });

  it('leaves out files whose real path is outside the root', async () => {
    writeFileSync(path.join(outside, 'secret.ts'), 'export const secret = 1;\n');
    symlinkSync(path.join(outside, 'secret.ts'), path.join(root, 'src/linked.ts'));
    expect(relative(await sourcesOf().files())).toEqual(['src/a.ts']);
  });

  it('stamps change with an edit and are undefined for a file that is gone', async () => {
    const sources = sourcesOf();
    const file = path.join(root, 'src/a.ts');
    const [before] = await sources.stamps([file]);
    writeFileSync(file, 'export const a = 22;\n');
    const [after, gone] = await sources.stamps([file, path.join(root, 'src/none.ts')]);
    expect(before).toBeDefined();
    expect(after).not.toBe(before);
    expect(gone).toBeUndefined();
  });

  it('listedIfUnchanged: the last list while nothing changed, else nothing — and it records nothing', async () => {
    const sources = sourcesOf();
    expect(await sources.listedIfUnchanged()).toBeUndefined();
    await sources.files();
    expect(relative((await sources.listedIfUnchanged())!)).toEqual(['src/a.ts']);
    writeFileSync(path.join(root, 'src/b.ts'), 'export const b = 1;\n');
    expect(await sources.listedIfUnchanged()).toBeUndefined();
    expect(await sources.listedIfUnchanged()).toBeUndefined();
    // The look did not swallow the change: the next question still lists again and sees the new file.
    expect(relative(await sources.files())).toEqual(['src/a.ts', 'src/b.ts']);
    expect(relative((await sources.listedIfUnchanged())!)).toEqual(['src/a.ts', 'src/b.ts']);
    writeFileSync(path.join(root, 'tsconfig.json'), '{ "include": ["src"] }');
    expect(await sources.listedIfUnchanged()).toBeUndefined();
  });

  it('takes files and stamps from the stamps taken on connect when they are known, and stats the rest', async () => {
    const file = path.join(root, 'src/a.ts');
    const other = path.join(root, 'src/other.ts');
    writeFileSync(other, 'export const other = 1;\n');
    const known = {
      files: () => [file],
      stamp: (filePath: string) => (filePath === file ? 'stamp-at-connect' : undefined),
      freshSince: () => undefined,
    };
    const sources = new NodeProjectSources(root, importGraph, new NodeSourceFiles(root), known);
    expect(await sources.files()).toEqual([file]);
    const [ofFile, ofOther] = await sources.stamps([file, other]);
    expect(ofFile).toBe('stamp-at-connect');
    expect(ofOther).toMatch(/^\d+:/);
    expect(listings).toEqual([]);
  });

  it('within a question, a check of the file set that started after it arrived serves its other asks', async () => {
    let since: number | undefined;
    const known = { files: () => undefined, stamp: () => undefined, freshSince: () => since };
    const sources = new NodeProjectSources(root, importGraph, new NodeSourceFiles(root), known);
    since = performance.now();
    expect(relative(await sources.files())).toEqual(['src/a.ts']);
    // Written after the question arrived and after its check: the question answers from the files as it found them.
    writeFileSync(path.join(root, 'src/c.ts'), 'export const c = 1;\n');
    expect(relative(await sources.files())).toEqual(['src/a.ts']);
    // The next question arrived after the write: it is seen.
    since = performance.now();
    expect(relative(await sources.files())).toEqual(['src/a.ts', 'src/c.ts']);
    // With no question in flight, every ask checks.
    since = undefined;
    rmSync(path.join(root, 'src/c.ts'));
    expect(relative(await sources.files())).toEqual(['src/a.ts']);
  });
});
