import { describe, expect, it } from 'vitest';
import {
  CnError,
  DeclarationIndex,
  ProjectPaths,
  SearchIndex,
  literalAt,
  NO_LITERALS,
  type SavedFileSyntax,
  type SavedSyntax,
  type SavedSyntaxEntry,
  type SearchIndexDeps,
} from '../src/index.js';
import { WORK_SLICE_MS } from '../src/search/work-budget.js';
import { FakeFiles, ROOT } from './fakes.js';
import { FakeDeclarationSyntax, FakeSources, FakeTimer, fact } from './search-fakes.js';

describe('DeclarationIndex: BM25F over each declaration’s fields', () => {
  it('ranks a declaration named by the words above one that only uses them, and says which fields matched', () => {
    const index = new DeclarationIndex();
    index.setFile('/p/a.ts', 'a.ts', [
      fact('retryDelay', { doc: '/** How long to wait before the next attempt. */' }),
      fact('send', { identifiers: 'retryDelay attempt fetch' }),
      fact('unrelated', { identifiers: 'foo bar' }),
    ]);
    const { hits, total } = index.search('retry delay');
    expect(total).toBe(2);
    expect(hits.map((hit) => hit.declaration.name)).toEqual(['retryDelay', 'send']);
    expect(hits[0].matched.name).toEqual(['retry', 'delay']);
    expect(hits[1].matched).toEqual({ identifiers: ['retry', 'delay'] });
  });

  it('a query that is one identifier puts the declaration of exactly that name first (zod: ZodObject was tenth)', () => {
    const index = new DeclarationIndex();
    const objectWords = 'zod object shape object object zod';
    index.setFile('/p/a.ts', 'a.ts', [
      fact('ZodMiniObject', { identifiers: objectWords, doc: '/** A zod object. */' }),
      fact('$ZodObject', { identifiers: objectWords }),
      fact('ZodObject', { kind: 'Constant' }),
    ]);
    expect(index.search('ZodObject').hits[0].declaration.name).toBe('ZodObject');
    // Words, not a name: the ranking stays BM25's.
    expect(index.search('zod object').hits[0].declaration.name).not.toBe('ZodObject');
  });

  it('matches the forms of a word (retries → retry) and reports the word as the query spelled it', () => {
    const index = new DeclarationIndex();
    index.setFile('/p/a.ts', 'a.ts', [fact('maxRetries')]);
    expect(index.search('Retry').hits.map((hit) => hit.matched)).toEqual([{ name: ['retry'] }]);
  });

  it('replaces a file’s declarations on update and forgets them on removal', () => {
    const index = new DeclarationIndex();
    index.setFile('/p/a.ts', 'a.ts', [fact('obsoleteThing')]);
    index.setFile('/p/a.ts', 'a.ts', [fact('currentThing')]);
    expect(index.search('obsolete').hits).toEqual([]);
    expect(index.search('current').hits.map((hit) => hit.declaration.name)).toEqual(['currentThing']);
    expect(index.declarationsIn('/p/a.ts').map((declaration) => declaration.name)).toEqual(['currentThing']);
    index.removeFile('/p/a.ts');
    expect(index.search('current').total).toBe(0);
    expect([index.fileCount, index.declarationCount]).toEqual([0, 0]);
  });

  it('spells out the first `limit` hits and counts them all', () => {
    const index = new DeclarationIndex();
    index.setFile('/p/a.ts', 'a.ts', [fact('retryOnce'), fact('retryTwice'), fact('retryThrice')]);
    const { total, hits } = index.search('retry', undefined, 2);
    expect([total, hits.length]).toEqual([3, 2]);
  });

  it('keeps only what the filter accepts, and finds nothing for stop words alone', () => {
    const index = new DeclarationIndex();
    index.setFile('/p/a.ts', 'a.ts', [fact('parseCookie'), fact('CookieJar', { kind: 'Class' })]);
    expect(
      index.search('cookie', (declaration) => declaration.kind === 'Class').hits.map((hit) => hit.declaration.name),
    ).toEqual(['CookieJar']);
    expect(index.search('where is the')).toEqual({ total: 0, hits: [] });
  });
});

function project(files: Record<string, string>, saved?: SavedSyntax) {
  const fake = new FakeFiles(files);
  const sources = new FakeSources(fake);
  const syntax = new FakeDeclarationSyntax();
  const timer = new FakeTimer();
  const index = new SearchIndex({
    sources,
    files: fake,
    declarationSyntax: syntax,
    paths: new ProjectPaths(ROOT),
    sleep: timer.sleep,
    ...(saved ? { saved } : {}),
  });
  const names = (query: string) => index.search(query).hits.map((hit) => hit.declaration.name);
  return { fake, sources, syntax, timer, index, names };
}

/**
 * `count` files of one function each, indexed on a daemon clock that each parse moves on by more than a slice (as a
 * large file's does), so the build is due a pause after every file; FakeFiles reads without I/O.
 */
function clockedIndex(count: number, clock: Pick<SearchIndexDeps, 'pause' | 'noQuestions'>) {
  let now = 0;
  class SliceLongSyntax extends FakeDeclarationSyntax {
    override async read(fileName: string, text: string) {
      now += WORK_SLICE_MS + 5;
      return super.read(fileName, text);
    }
  }
  const syntax = new SliceLongSyntax();
  const fake = new FakeFiles(
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`src/f${i}.ts`, `function f${i}() {\n}\n`])),
  );
  const index = new SearchIndex({
    sources: new FakeSources(fake),
    files: fake,
    declarationSyntax: syntax,
    paths: new ProjectPaths(ROOT),
    sleep: new FakeTimer().sleep,
    now: () => now,
    ...clock,
  });
  return { index, syntax };
}

describe('SearchIndex: kept in step with the files', () => {
  it('builds on the first question and answers complete', async () => {
    const { index, names } = project({
      'src/a.ts': 'function computeDelay() {\n}\n',
      'src/b.ts': 'class Cache {\n}\n',
    });
    expect(await index.fresh(1000)).toEqual({ complete: true, files: 2, declarations: 2 });
    expect(names('delay')).toEqual(['computeDelay']);
  });

  it('reads again only the files edited, created or deleted since the last question', async () => {
    const { fake, syntax, index, names } = project({
      'src/a.ts': 'function first() {\n}\n',
      'src/b.ts': 'function second() {\n}\n',
    });
    await index.fresh(1000);
    syntax.parsed.length = 0;
    fake.files['src/a.ts'] = 'function renamed() {\n}\n';
    fake.files['src/c.ts'] = 'function third() {\n}\n';
    delete fake.files['src/b.ts'];
    expect(await index.fresh(1000)).toMatchObject({ complete: true, files: 2 });
    expect(syntax.parsed.sort()).toEqual(['src/a.ts', 'src/c.ts']);
    expect([names('first'), names('renamed'), names('second'), names('third')]).toEqual([
      [],
      ['renamed'],
      [],
      ['third'],
    ]);
  });

  it('forgets a file that is gone though the listing still names it (a deletion the listing missed)', async () => {
    const { fake, sources, index, names } = project({
      'src/a.ts': 'function kept() {\n}\n',
      'src/b.ts': 'function vanished() {\n}\n',
    });
    await index.fresh(1000);
    expect(names('vanished')).toEqual(['vanished']);
    sources.staleListing.add('src/b.ts');
    delete fake.files['src/b.ts'];
    expect(await index.fresh(1000)).toMatchObject({ complete: true, files: 1, declarations: 1 });
    expect(names('vanished')).toEqual([]);
  });

  it('answers from part of the index while the first build runs, saying how far it got', async () => {
    const { fake, timer, index, names } = project({
      'src/a.ts': 'function alpha() {\n}\n',
      'src/b.ts': 'function beta() {\n}\n',
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const readSource = fake.readSource.bind(fake);
    fake.readSource = async (file: string) => {
      if (file.endsWith('b.ts')) await held;
      return readSource(file);
    };
    const asked = index.fresh(1000);
    await new Promise((resolve) => setTimeout(resolve, 10));
    timer.expire();
    const state = await asked;
    expect(state).toMatchObject({ complete: false, files: 1 });
    expect(state.reason).toMatch(/being built: 1 of 2 files read/);
    expect(names('alpha')).toEqual(['alpha']);
    release();
    expect(await index.fresh(1000)).toMatchObject({ complete: true, files: 2 });
    expect(names('beta')).toEqual(['beta']);
  });

  it('a question asked while an update runs waits for one that starts after it (an edit meanwhile is seen)', async () => {
    const { fake, index, names } = project({ 'src/a.ts': 'function before() {\n}\n' });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const readSource = fake.readSource.bind(fake);
    let reads = 0;
    fake.readSource = async (file: string) => {
      const text = await readSource(file);
      if (reads++ === 0) await held;
      return text;
    };
    const first = index.fresh(1000);
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The first update has the old text in hand when the file changes and the second question comes.
    fake.files['src/a.ts'] = 'function after() {\n}\n';
    const second = index.fresh(1000);
    release();
    await first;
    expect(await second).toMatchObject({ complete: true });
    expect([names('before'), names('after')]).toEqual([[], ['after']]);
  });

  it('lets other questions in while it builds: files that read and parse without I/O do not hold the thread', async () => {
    // The daemon's pause: a turn of the event loop, where the other questions' callbacks run.
    const { index, syntax } = clockedIndex(6, { pause: () => new Promise<void>((resolve) => setImmediate(resolve)) });
    const built = index.start();
    // What another question sees when the event loop first gets back to it.
    const parsedWhenAnswered = await new Promise<number>((resolve) =>
      setImmediate(() => resolve(syntax.parsed.length)),
    );
    await built;
    expect(parsedWhenAnswered).toBeLessThan(3);
    expect(syntax.parsed).toHaveLength(6);
  });

  it('a build no question waits for pauses while questions are answered; a question that waits for it wakes it', async () => {
    // Some other question is answered all along.
    const noQuestions = new Promise<void>(() => undefined);
    const { index, syntax } = clockedIndex(4, { pause: () => Promise.resolve(), noQuestions: () => noQuestions });
    const turns = async () => {
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    };
    void index.start();
    await turns();
    expect(syntax.parsed).toHaveLength(1);
    // A search comes: the build is its answer now, and goes on while the other questions are still answered.
    expect(await index.fresh(1000)).toMatchObject({ complete: true, files: 4 });
  });

  it('a file it may not read has no declarations, and does not stop the others', async () => {
    const { fake, index, names } = project({
      'src/a.ts': 'function kept() {\n}\n',
      'src/b.ts': 'function hidden() {\n}\n',
    });
    fake.linkedOut.add('src/b.ts');
    expect(await index.fresh(1000)).toMatchObject({ complete: true, files: 2, declarations: 1 });
    expect([names('kept'), names('hidden')]).toEqual([['kept'], []]);
  });

  it('a failing file list leaves the index as it was and says why', async () => {
    const { sources, index, names } = project({ 'src/a.ts': 'function kept() {\n}\n' });
    await index.fresh(1000);
    sources.failure = new CnError('engine-failure', 'tsconfig unreadable');
    const state = await index.fresh(1000);
    expect(state).toMatchObject({ complete: false, files: 1 });
    expect(state.reason).toMatch(/could not be updated: tsconfig unreadable/);
    expect(names('kept')).toEqual(['kept']);
  });

  it('declarationsOf: the indexed declarations of a current file, else read from the text given', async () => {
    const { fake, syntax, index } = project({ 'src/a.ts': 'function one() {\n}\n' });
    await index.fresh(1000);
    syntax.parsed.length = 0;
    expect((await index.declarationsOf(`${ROOT}/src/a.ts`, fake.files['src/a.ts'])).map((d) => d.name)).toEqual([
      'one',
    ]);
    expect(syntax.parsed).toEqual([]);
    fake.files['src/a.ts'] = 'function two() {\n}\n';
    expect((await index.declarationsOf(`${ROOT}/src/a.ts`, fake.files['src/a.ts'])).map((d) => d.name)).toEqual([
      'two',
    ]);
    expect(syntax.parsed).toEqual(['src/a.ts']);
  });

  it('syntaxOf: the comments and literal text kept with a current file, else read from the text given', async () => {
    const { fake, syntax, index } = project({ 'src/a.ts': "function one() {\n  return 'one'; // one\n}\n" });
    await index.fresh(1000);
    syntax.parsed.length = 0;
    const file = `${ROOT}/src/a.ts`;
    const kept = await index.syntaxOf(file, fake.files['src/a.ts']);
    expect(syntax.parsed).toEqual([]);
    const text = fake.files['src/a.ts'];
    expect(
      [text.indexOf("'one'"), text.indexOf('// one'), text.indexOf('one(')].map((at) => literalAt(kept.literals, at)),
    ).toEqual(['string', 'comment', undefined]);
    expect(kept.declarations.map((d) => d.name)).toEqual(['one']);
    fake.files['src/a.ts'] = '// one\nfunction one() {\n}\n';
    const read = await index.syntaxOf(file, fake.files['src/a.ts']);
    expect(syntax.parsed).toEqual(['src/a.ts']);
    expect(literalAt(read.literals, 0)).toBe('comment');
  });
});

/** What an earlier daemon saved, and what this one saves, in memory. */
class MemorySavedSyntax implements SavedSyntax {
  saves: Array<Map<string, SavedFileSyntax>> = [];
  constructor(public files = new Map<string, SavedFileSyntax>()) {}
  async load(): Promise<Map<string, SavedSyntaxEntry>> {
    return new Map([...this.files].map(([file, { stamp, syntax }]) => [file, { stamp, syntax: () => syntax }]));
  }
  async save(files: ReadonlyMap<string, SavedFileSyntax>): Promise<void> {
    this.saves.push(new Map(files));
    this.files = new Map(files);
  }
}

describe('SearchIndex: what the first build read is kept for the next daemon', () => {
  it('a second daemon takes each unchanged file from what the first saved, and reads only the edited one', async () => {
    const files = { 'src/a.ts': 'function computeDelay() {\n}\n', 'src/b.ts': 'class Cache {\n}\n' };
    const saved = new MemorySavedSyntax();
    const first = project(files, saved);
    await first.index.fresh(1000);
    expect([...saved.files.keys()].sort()).toEqual([`${ROOT}/src/a.ts`, `${ROOT}/src/b.ts`]);
    // The next daemon, on the same files but for one edited (its stamp differs).
    const second = project({ ...files, 'src/b.ts': 'class LruCache {\n}\n' }, saved);
    expect(await second.index.fresh(1000)).toEqual({ complete: true, files: 2, declarations: 2 });
    expect(second.syntax.parsed).toEqual(['src/b.ts']);
    expect(second.names('delay')).toEqual(['computeDelay']);
    expect(second.names('cache')).toEqual(['LruCache']);
    // Only the first build saves; later updates read what changed and leave the saved syntax alone.
    second.fake.files['src/c.ts'] = 'function third() {\n}\n';
    await second.index.fresh(1000);
    expect(saved.saves).toHaveLength(2);
  });

  it("before its first build, a question takes an unchanged file's syntax from what was saved, not a parse", async () => {
    const files = { 'src/a.ts': 'function computeDelay() {\n}\n', 'src/b.ts': 'class Cache {\n}\n' };
    const saved = new MemorySavedSyntax();
    await project(files, saved).index.fresh(1000);
    const second = project({ ...files, 'src/b.ts': 'class LruCache {\n}\n' }, saved);
    // A cn find on a second start, its search index not built yet: a.ts unchanged, b.ts edited.
    const a = await second.index.syntaxOf(`${ROOT}/src/a.ts`, files['src/a.ts']);
    expect(a.declarations.map((declaration) => declaration.name)).toEqual(['computeDelay']);
    expect(await second.index.declarationsOf(`${ROOT}/src/a.ts`, files['src/a.ts'])).toEqual(a.declarations);
    const b = await second.index.syntaxOf(`${ROOT}/src/b.ts`, 'class LruCache {\n}\n');
    expect(b.declarations.map((declaration) => declaration.name)).toEqual(['LruCache']);
    expect(second.syntax.parsed).toEqual(['src/b.ts']);
  });

  it('a daemon stopped before its first build saves what its questions read, with what was saved and holds', async () => {
    const files = { 'src/a.ts': 'function computeDelay() {\n}\n', 'src/b.ts': 'class Cache {\n}\n' };
    const saved = new MemorySavedSyntax();
    const first = project(files, saved);
    // A find read a.ts for the word's other occurrences; the daemon was stopped before its search index was built.
    await first.index.syntaxOf(`${ROOT}/src/a.ts`, files['src/a.ts']);
    await first.index.saveOnExit();
    expect([...saved.files.keys()]).toEqual([`${ROOT}/src/a.ts`]);
    // The next daemon's question takes it from there, and adds b.ts on its way out.
    const second = project(files, saved);
    await second.index.syntaxOf(`${ROOT}/src/a.ts`, files['src/a.ts']);
    await second.index.syntaxOf(`${ROOT}/src/b.ts`, files['src/b.ts']);
    expect(second.syntax.parsed).toEqual(['src/b.ts']);
    await second.index.saveOnExit();
    expect([...saved.files.keys()].sort()).toEqual([`${ROOT}/src/a.ts`, `${ROOT}/src/b.ts`]);
    // A text the caller read before an edit is not kept under the edited file's stamp (an old syntax for good).
    const elsewhere = new MemorySavedSyntax();
    const third = project({ ...files, 'src/c.ts': 'class Fresh {\n}\n' }, elsewhere);
    await third.index.syntaxOf(`${ROOT}/src/c.ts`, 'class Stale {\n}\n');
    await third.index.saveOnExit();
    expect(elsewhere.saves).toEqual([]);
    await third.index.syntaxOf(`${ROOT}/src/c.ts`, 'class Fresh {\n}\n');
    await third.index.saveOnExit();
    expect([...elsewhere.files.values()].map(({ syntax }) => syntax.declarations[0].name)).toEqual(['Fresh']);
    // Once built, the build saved it all: nothing more on the way out.
    await second.index.fresh(1000);
    const saves = saved.saves.length;
    await second.index.saveOnExit();
    expect(saved.saves).toHaveLength(saves);
  });

  it('a saved file whose stamp is another is read again; one that cannot be loaded is no failure', async () => {
    const files = { 'src/a.ts': 'function computeDelay() {\n}\n' };
    const stale = new MemorySavedSyntax(
      new Map([
        [
          `${ROOT}/src/a.ts`,
          { stamp: 'another version', syntax: { declarations: [fact('oldName')], literals: NO_LITERALS } },
        ],
      ]),
    );
    const { index, names, syntax } = project(files, stale);
    await index.fresh(1000);
    expect(syntax.parsed).toEqual(['src/a.ts']);
    expect(names('old')).toEqual([]);
    const failing: SavedSyntax = {
      load: async () => {
        throw new Error('unreadable');
      },
      save: async () => undefined,
    };
    const other = project(files, failing);
    expect(await other.index.fresh(1000)).toMatchObject({ complete: true, files: 1 });
  });
});
