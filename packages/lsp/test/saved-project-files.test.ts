import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  currentProjectFiles,
  readSavedProjectFiles,
  rootEntries,
  saveProjectFiles,
  type ListedFiles,
  type SavedFilesPlace,
} from '../src/navigation/saved-project-files.js';
import { walkSourceTree } from '../src/source-tree.js';

/**
 * The project's file list kept for the next daemon (a find after a stop then needs no compiler API): used only while
 * every directory it was listed from and every config it was read with is as it was.
 */
describe('the saved project file list', () => {
  let root: string;
  let place: SavedFilesPlace;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'cn-listed-'));
    mkdirSync(path.join(root, 'src'));
    writeFileSync(path.join(root, 'tsconfig.json'), '{ "include": ["src"] }\n');
    writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 1;\n');
    const state = mkdtempSync(path.join(os.tmpdir(), 'cn-listed-state-'));
    place = { file: path.join(state, 'project-files.json'), root, key: 'cn 1|files|build 1' };
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(path.dirname(place.file), { recursive: true, force: true });
  });

  /**
   * The list as the import graph reads it. `since` is when the listing began: the files were written just now, and a
   * stamp within a second before it may not be in what was read, so the listing here begins two seconds later.
   */
  function listing(since = Date.now() + 2_000): ListedFiles {
    const tree = walkSourceTree(root);
    return {
      files: [path.join(root, 'src', 'a.ts')],
      directories: tree.directories,
      rootEntries: rootEntries(root, tree),
      configs: tree.configs,
      since,
    };
  }
  const current = () => {
    const saved = readSavedProjectFiles(place);
    return 'unused' in saved ? saved : currentProjectFiles(place, saved);
  };

  it('gives the next daemon the same files while nothing changed', () => {
    expect(saveProjectFiles(place, listing())).toBeUndefined();
    expect(current()).toEqual([path.join(root, 'src', 'a.ts')]);
  });

  it('is kept through cn’s port file coming and going in the root', () => {
    saveProjectFiles(place, listing());
    writeFileSync(path.join(root, '.ts-search-daemon.json'), '{}');
    expect(current()).toEqual([path.join(root, 'src', 'a.ts')]);
    rmSync(path.join(root, '.ts-search-daemon.json'));
    expect(current()).toEqual([path.join(root, 'src', 'a.ts')]);
  });

  it('is not used once a file is created in a listed directory, or in the root', () => {
    saveProjectFiles(place, listing());
    writeFileSync(path.join(root, 'src', 'b.ts'), 'export const b = 2;\n');
    expect(current()).toEqual({ unused: 'the project changed since' });
    rmSync(path.join(root, 'src', 'b.ts'));
    saveProjectFiles(place, listing());
    writeFileSync(path.join(root, 'loose.js'), 'export const c = 3;\n');
    expect(current()).toEqual({ unused: 'the project changed since' });
  });

  it('is not used once a config is edited', () => {
    saveProjectFiles(place, listing());
    writeFileSync(path.join(root, 'tsconfig.json'), '{ "include": ["src", "scripts"] }\n');
    expect(current()).toEqual({ unused: 'the project changed since' });
  });

  it('is not kept when something it was read from changed as the listing began', () => {
    expect(saveProjectFiles(place, listing(Date.now()))).toBe('the project changed while it was listed');
    expect(readSavedProjectFiles(place)).toEqual({ unused: 'none saved yet' });
  });

  it('is not kept when the root holds other entries than the listing saw', () => {
    const listed = listing();
    writeFileSync(path.join(root, 'late.ts'), 'export const late = 1;\n');
    expect(saveProjectFiles(place, listed)).toBe('the project changed while it was listed');
  });

  it('is not read when another build wrote it, or it is not what cn writes', () => {
    saveProjectFiles(place, listing());
    expect(readSavedProjectFiles({ ...place, key: 'cn 2|files|build 2' })).toEqual({
      unused: 'saved by another build of cn',
    });
    expect(readSavedProjectFiles({ ...place, root: path.join(root, 'src') })).toEqual({
      unused: 'saved for another root',
    });
    writeFileSync(place.file, '{"format":1,"key":"cn 1|files|build 1","root":' + JSON.stringify(root) + '}', {
      mode: 0o600,
    });
    expect(readSavedProjectFiles(place)).toEqual({ unused: 'not what cn saved' });
  });

  it('never names a file outside the root', () => {
    const listed = listing();
    expect(saveProjectFiles(place, { ...listed, files: [path.join(os.tmpdir(), 'elsewhere.ts')] })).toBe(
      'a listed file is outside the root',
    );
    saveProjectFiles(place, listed);
    const saved = readSavedProjectFiles(place);
    if ('unused' in saved) throw new Error(saved.unused);
    expect(currentProjectFiles(place, { ...saved, files: ['../elsewhere.ts'] })).toEqual({
      unused: 'not what cn saved',
    });
  });
});
