import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { WorkspaceSymbolHit } from '@cn/core';
import { loadSavedIndex, saveIndex, savedIndexKey, type SavedFile } from '../src/saved-name-index.js';
import { NativeSymbolIndex } from '../src/native-symbol-index.js';
import type { LanguageServerSession } from '../src/language-server-session.js';
import type { NativeOutline } from '../src/native-outline.js';
import type { ProjectLayout } from '../src/project-layout.js';
import { stampOf } from '../src/file-stamp.js';

const state = mkdtempSync(path.join(os.tmpdir(), 'cn-saved-index-'));
const root = path.join(state, 'project');
mkdirSync(root);
afterAll(() => rmSync(state, { recursive: true, force: true }));

const file = path.join(root, 'src', 'shapes.ts');
const hit = (name: string, extra: Partial<WorkspaceSymbolHit> = {}): WorkspaceSymbolHit => ({
  name,
  kind: 'Class',
  filePath: file,
  range: { start: { line: 1, character: 1 }, end: { line: 3, character: 2 } },
  ...extra,
});
const entry: SavedFile = {
  stamp: '10:1:2:3:4',
  hits: [hit('Circle'), hit('area', { kind: 'Method', containerName: 'Circle' }), hit('Round', { alias: true })],
  plainImports: [hit('Point', { kind: 'Variable', alias: true })],
};

describe('the saved name index: read back only as the same code saved it, for the same root', () => {
  it('reads back what it saved, every field as it was', () => {
    const place = { file: path.join(state, 'round-trip.json'), key: 'k1' };
    saveIndex(place, root, [[file, entry]]);
    expect(statSync(place.file).mode & 0o777).toBe(0o600);
    const loaded = loadSavedIndex(place, root);
    expect(loaded).toEqual({ files: new Map([[file, entry]]) });
  });

  it('is not used when another build, engine or root saved it, nor when it is not an index cn saved', () => {
    const place = { file: path.join(state, 'other.json'), key: 'k1' };
    saveIndex(place, root, [[file, entry]]);
    expect(loadSavedIndex({ ...place, key: 'k2' }, root)).toEqual({ unused: 'saved by another build of cn' });
    expect(loadSavedIndex(place, path.join(state, 'elsewhere'))).toEqual({ unused: 'saved for another root' });
    expect(loadSavedIndex({ ...place, file: path.join(state, 'none.json') }, root)).toEqual({
      unused: 'none saved yet',
    });
    const broken = path.join(state, 'broken.json');
    writeFileSync(broken, readFileSync(place.file, 'utf8').slice(0, 40));
    expect(loadSavedIndex({ ...place, file: broken }, root)).toEqual({ unused: 'not JSON' });
    const saved = JSON.parse(readFileSync(place.file, 'utf8'));
    const wrong = path.join(state, 'wrong.json');
    // A hit with a position that is no number, and a file that leads out of the root: never trusted.
    writeFileSync(wrong, JSON.stringify({ ...saved, files: { 'src/shapes.ts': ['s', [['A', 'Class', 'x']], []] } }));
    expect(loadSavedIndex({ ...place, file: wrong }, root)).toEqual({ unused: 'not an index cn saved' });
    writeFileSync(wrong, JSON.stringify({ ...saved, files: { '../outside.ts': ['s', [], []] } }));
    expect(loadSavedIndex({ ...place, file: wrong }, root)).toEqual({ unused: 'not an index cn saved' });
  });

  it('a symlink where the index should be is not followed', () => {
    const target = path.join(state, 'real.json');
    saveIndex({ file: target, key: 'k1' }, root, [[file, entry]]);
    const link = path.join(state, 'link.json');
    symlinkSync(target, link);
    expect(loadSavedIndex({ file: link, key: 'k1' }, root)).toEqual({ unused: 'it is a symlink' });
    // One that someone else could have rewritten (writable by others) is not ours to trust.
    chmodSync(target, 0o666);
    expect(loadSavedIndex({ file: target, key: 'k1' }, root)).toEqual({ unused: 'unreadable, or writable by others' });
  });

  it("is keyed by cn's version, the engine's, and the code that made it", () => {
    const key = savedIndexKey('0.1.0', '7.0.2');
    expect(key).toMatch(/^0\.1\.0\|7\.0\.2\|\d+:/);
    expect(savedIndexKey('0.1.1', '7.0.2')).not.toBe(key);
  });
});

describe('the saved name index read while the server loads the projects (prepare)', () => {
  it('takes at start only the files whose stamps still match: one edited after it was read is read again', async () => {
    const project = mkdtempSync(path.join(state, 'prepared-'));
    const [kept, edited] = ['kept.ts', 'edited.ts'].map((name) => path.join(project, name));
    for (const source of [kept, edited]) writeFileSync(source, 'export class Shape {}\n');
    const place = { file: path.join(state, 'prepared.json'), key: 'k1' };
    const saved = (filePath: string): SavedFile => ({
      stamp: stampOf(statSync(filePath, { bigint: true })),
      hits: [{ ...hit('Shape'), filePath }],
      plainImports: [],
    });
    saveIndex(place, project, [
      [kept, saved(kept)],
      [edited, saved(edited)],
    ]);
    const lines: string[] = [];
    const outlined: string[] = [];
    const session = {
      root: project,
      log: (line: string) => lines.push(line),
      undrainedEdits: () => new Set<string>(),
    } as unknown as LanguageServerSession;
    const outlineOf = async (filePath: string): Promise<NativeOutline> => {
      outlined.push(filePath);
      return { outline: [], aliases: [], plainImports: [] };
    };
    const index = new NativeSymbolIndex(session, outlineOf, place);
    index.prepare();
    // Read already (start reads no file: the index is gone, it is still taken); an edit now must still count at start.
    rmSync(place.file);
    writeFileSync(edited, 'export class Shape {}\nexport class Wider {}\n');
    index.start({ sourceFiles: [kept, edited] } as ProjectLayout);
    await index.whenBuilt();
    index.dispose();
    expect(lines).toContain('cn: saved name index: 1 of 2 files unchanged, taken from it');
    expect(outlined).toEqual([edited]);
  });
});
