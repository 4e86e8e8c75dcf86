import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LazyReferenceSyntax } from '../src/navigation/lazy-reference-syntax.js';
import { loadSavedSites, type SavedSitesPlace } from '../src/navigation/saved-reference-sites.js';

const at = (line: number, character: number) => ({ line, character });
const CALLS = 'function make() {\n  return helper();\n}\nhelper();\n';

describe('reference sites kept for the next daemon (reference-sites.json in the private state directory)', () => {
  let state: string;
  let place: SavedSitesPlace;
  const root = '/p';
  const file = '/p/src/a.ts';
  beforeEach(() => {
    state = mkdtempSync(path.join(os.tmpdir(), 'cn-sites-'));
    place = { file: path.join(state, 'reference-sites.json'), root, key: 'cn 1|sites|build 1' };
  });
  afterEach(() => rmSync(state, { recursive: true, force: true }));

  it('a second daemon answers the same text from what the first read, and reads a changed text afresh', async () => {
    const logged: string[] = [];
    const first = new LazyReferenceSyntax(place, (line) => logged.push(line));
    const sites = await first.classify(file, CALLS, [at(2, 10), at(4, 1)]);
    expect(sites.map((site) => site.role)).toEqual(['call', 'call']);
    expect(sites[0].enclosing).toMatchObject({ name: 'make', kind: 'Function' });
    first.save();
    // What was read is what the next daemon gets back, field for field.
    const saved = loadSavedSites(place);
    if ('unused' in saved) throw new Error(saved.unused);
    expect([...saved.get(file)!.sites.values()]).toEqual(sites);
    // Proof that it is read and not parsed again: a saved answer the text would not give is given for that text…
    const json = JSON.parse(readFileSync(place.file, 'utf8'));
    json.files['src/a.ts'][1][0][2] = 'new';
    writeFileSync(place.file, JSON.stringify(json), { mode: 0o600 });
    const second = new LazyReferenceSyntax(place, (line) => logged.push(line));
    expect((await second.classify(file, CALLS, [at(2, 10)]))[0].role).toBe('new');
    expect(logged).toContain('cn: saved reference sites read for 1 files');
    // …and not for another text of the file.
    const third = new LazyReferenceSyntax(place);
    expect((await third.classify(file, `${CALLS}// edited\n`, [at(2, 10)]))[0].role).toBe('call');
  });

  it('uses none from another build, another root, or a file not in the shape it writes', async () => {
    const first = new LazyReferenceSyntax(place);
    await first.classify(file, CALLS, [at(2, 10)]);
    first.save();
    expect(loadSavedSites({ ...place, key: 'cn 2|sites|build 2' })).toEqual({ unused: 'saved by another build of cn' });
    expect(loadSavedSites({ ...place, root: '/q' })).toEqual({ unused: 'saved for another root' });
    const json = JSON.parse(readFileSync(place.file, 'utf8'));
    for (const broken of [
      { ...json, files: { 'src/a.ts': [json.files['src/a.ts'][0], [[2, 10, 'jump', null, null]]] } },
      { ...json, files: { '../elsewhere.ts': json.files['src/a.ts'] } },
      { ...json, files: { 'src/a.ts': [json.files['src/a.ts'][0], [[0, 10, 'call', null, null]]] } },
    ]) {
      writeFileSync(place.file, JSON.stringify(broken), { mode: 0o600 });
      expect(loadSavedSites(place)).toEqual({ unused: 'not sites cn saved' });
    }
    writeFileSync(place.file, 'not json', { mode: 0o600 });
    expect(loadSavedSites(place)).toEqual({ unused: 'not JSON' });
  });

  it('writes nothing when nothing was read, and nothing outside the root', async () => {
    const idle = new LazyReferenceSyntax(place);
    idle.save();
    expect(loadSavedSites(place)).toEqual({ unused: 'none saved yet' });
    const syntax = new LazyReferenceSyntax(place);
    await syntax.classify('/elsewhere/b.ts', CALLS, [at(4, 1)]);
    await syntax.classify(file, CALLS, [at(4, 1)]);
    syntax.save();
    const saved = loadSavedSites(place);
    expect('unused' in saved ? saved : [...saved.keys()]).toEqual([file]);
  });
});
