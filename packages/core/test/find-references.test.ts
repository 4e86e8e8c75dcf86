import { describe, expect, it } from 'vitest';
import { ProjectPaths, findSymbol, fitFind, presentAnswer, type ReferenceSite } from '../src/index.js';
import { FakeEngine, FakeFiles, FakeReferenceSyntax, ROOT, at, key } from './fakes.js';

const files = {
  'src/user.ts': '/** @see User */\nexport class User {}\n',
  'src/shop.ts': 'import { User } from "./user.js";\nfunction open() {\n  return new User();\n}\nnew User();\n',
  'src/admin.ts': 'import { User } from "./user.js";\nclass Admin extends User {}\n',
  'test/user.test.ts': 'import { User } from "../src/user.js";\nnew User();\n',
};

function setup() {
  const engine = new FakeEngine();
  const referenceSyntax = new FakeReferenceSyntax();
  const deps = { engine, symbols: engine, files: new FakeFiles(files), paths: new ProjectPaths(ROOT), referenceSyntax };
  engine.symbols = [
    {
      name: 'User',
      kind: 'Class',
      filePath: `${ROOT}/src/user.ts`,
      range: { start: { line: 2, character: 1 }, end: { line: 2, character: 21 } },
    },
  ];
  const sites: Array<[string, number, number, ReferenceSite]> = [
    ['src/user.ts', 1, 10, { role: 'comment' }],
    ['src/user.ts', 2, 14, { role: 'declaration' }],
    ['src/shop.ts', 1, 10, { role: 'import' }],
    [
      'src/shop.ts',
      3,
      14,
      { role: 'new', enclosing: { name: 'open', kind: 'Function', position: { line: 2, character: 10 } } },
    ],
    ['src/shop.ts', 5, 5, { role: 'new' }],
    ['src/admin.ts', 1, 10, { role: 'import' }],
    [
      'src/admin.ts',
      2,
      21,
      { role: 'extends', enclosing: { name: 'Admin', kind: 'Class', position: { line: 2, character: 7 } } },
    ],
    ['test/user.test.ts', 1, 10, { role: 'import' }],
    ['test/user.test.ts', 2, 5, { role: 'new' }],
  ];
  engine.referencesAt[`${ROOT}/src/user.ts:2:14`] = sites.map(([file, line, character]) => at(file, line, character));
  for (const [file, line, character, site] of sites)
    referenceSyntax.sites[key(`${ROOT}/${file}`, { line, character })] = site;
  return { deps, referenceSyntax };
}

describe('find: reference roles, enclosing symbols, filters and groups', () => {
  it('gives each reference its role and enclosing symbol (<module> with the path at top level), no kind', async () => {
    const { deps, referenceSyntax } = setup();
    const answer = await findSymbol(deps, { query: 'User' });
    const shop = answer.references.filter((ref) => ref.filePath === 'src/shop.ts');
    expect(shop).toEqual([
      expect.objectContaining({
        id: 'src/shop.ts::1::10',
        role: 'import',
        in: { name: '<module>', kind: 'Module', id: 'src/shop.ts' },
      }),
      expect.objectContaining({ role: 'new', in: { name: 'open', kind: 'Function', id: 'src/shop.ts::2::10' } }),
      expect.objectContaining({ role: 'new', in: { name: '<module>', kind: 'Module', id: 'src/shop.ts' } }),
    ]);
    expect(shop[0]).not.toHaveProperty('kind');
    // One parse per file, however many references it holds.
    expect([...referenceSyntax.parsed].sort()).toEqual([...new Set(referenceSyntax.parsed)].sort());
    expect(referenceSyntax.parsed).toHaveLength(4);
  });

  it('leaves comment mentions out unless asked, and counts them', async () => {
    const { deps } = setup();
    const plain = await findSymbol(deps, { query: 'User' });
    expect(plain.references.map((ref) => ref.role)).not.toContain('comment');
    expect(plain).toMatchObject({ totalReferences: 8, commentReferences: 1 });
    expect(plain.filteredReferences).toBeUndefined();
    const comments = await findSymbol(deps, { query: 'User', role: ['comment'] });
    expect(comments.references.map((ref) => ref.id)).toEqual(['src/user.ts::1::10']);
    expect(comments).toMatchObject({ totalReferences: 1, filteredReferences: 8 });
    expect(comments.commentReferences).toBeUndefined();
  });

  it('keeps only the roles and places asked for, and counts what the filters left out', async () => {
    const { deps } = setup();
    const answer = await findSymbol(deps, { query: 'User', role: ['new', 'extends'], refsNotIn: '**/*.test.ts' });
    expect(answer.references.map((ref) => `${ref.id} ${ref.role}`)).toEqual([
      'src/admin.ts::2::21 extends',
      'src/shop.ts::3::14 new',
      'src/shop.ts::5::5 new',
    ]);
    // 2 in the test file, 3 other roles; the comment is counted on its own.
    expect(answer).toMatchObject({ totalReferences: 3, filteredReferences: 5, commentReferences: 1 });
    // The note says which filters left them out, and what those references are (an agent grepped for them).
    expect(answer.filteredRoles).toEqual([
      { by: 'refs not in **/*.test.ts', roles: { import: 1, new: 1 } },
      { by: 'role new,extends', roles: { import: 2, declaration: 1 } },
    ]);
    expect(presentAnswer('find', answer, 'compact').output).toContain(
      'left out: 5 filtered out (refs not in **/*.test.ts: import ×1, new ×1; role new,extends: import ×2, declaration ×1), 1 in comments',
    );
    const inTests = await findSymbol(deps, { query: 'User', refsIn: 'test' });
    expect(inTests.references.map((ref) => ref.filePath)).toEqual(['test/user.test.ts', 'test/user.test.ts']);
  });

  it('with a path::Name or an id, --in keeps the references there (the declaration is pinned already)', async () => {
    const { deps } = setup();
    for (const query of ['src/user.ts::2::14', 'src/user.ts:2:14']) {
      const answer = await findSymbol(deps, { query, in: 'src' });
      expect(answer.references.every((ref) => ref.filePath.startsWith('src/'))).toBe(true);
      expect(answer).toMatchObject({ filteredReferences: 2, filteredBy: 'refs in src' });
    }
    // A name: --in narrows where the name is looked for, and its references stay everywhere.
    const byName = await findSymbol(deps, { query: 'User', in: 'src' });
    expect(byName.references.some((ref) => ref.filePath.startsWith('test/'))).toBe(true);
  });

  it('groups by file with role counts, most references first, and cuts groups at limit', async () => {
    const { deps } = setup();
    const answer = await findSymbol(deps, { query: 'User', group: 'file' });
    expect(answer.references).toEqual([]);
    expect(answer.referenceFiles).toEqual([
      { filePath: 'src/shop.ts', count: 3, roles: { import: 1, new: 2 } },
      { filePath: 'src/admin.ts', count: 2, roles: { import: 1, extends: 1 } },
      { filePath: 'test/user.test.ts', count: 2, roles: { import: 1, new: 1 } },
      { filePath: 'src/user.ts', count: 1, roles: { declaration: 1 } },
    ]);
    const cut = await findSymbol(deps, { query: 'User', group: 'file', limit: 2 });
    expect(cut.referenceFiles?.map((group) => group.filePath)).toEqual(['src/shop.ts', 'src/admin.ts']);
    expect(cut).toMatchObject({ totalGroups: 4, truncated: true, totalReferences: 8 });
  });

  it('groups by enclosing symbol', async () => {
    const { deps } = setup();
    const answer = await findSymbol(deps, { query: 'User', group: 'symbol', refsNotIn: 'test' });
    expect(answer.referenceSymbols).toEqual([
      { name: '<module>', kind: 'Module', id: 'src/shop.ts', filePath: 'src/shop.ts', count: 2 },
      { name: '<module>', kind: 'Module', id: 'src/admin.ts', filePath: 'src/admin.ts', count: 1 },
      { name: 'Admin', kind: 'Class', id: 'src/admin.ts::2::7', filePath: 'src/admin.ts', count: 1 },
      { name: 'open', kind: 'Function', id: 'src/shop.ts::2::10', filePath: 'src/shop.ts', count: 1 },
      { name: '<module>', kind: 'Module', id: 'src/user.ts', filePath: 'src/user.ts', count: 1 },
    ]);
  });

  it('a budget keeps the groups while it can, then totals only', async () => {
    const { deps } = setup();
    const symbols = await findSymbol(deps, { query: 'User', group: 'symbol' });
    const totals = fitFind(symbols, 20);
    expect(totals.budget?.stage).toBe('totals');
    expect(totals.referenceSymbols).toBeUndefined();
    expect(totals.totalReferences).toBe(8);
    const files = await findSymbol(deps, { query: 'User', group: 'file' });
    const grouped = fitFind(files, 240);
    expect(grouped.referenceFiles).toHaveLength(4);
  });
});

describe('find: describing the references lets engine answers in', () => {
  it('pauses every few milliseconds of work, and describes them as without pauses', async () => {
    const plain = await findSymbol(setup().deps, { query: 'User' });
    let clock = 0;
    let paused = 0;
    // Each read of the clock 2 ms later: the 4 files of 9 references take several 4 ms slices.
    const { deps } = setup();
    const answer = await findSymbol(
      { ...deps, now: () => (clock += 2), pause: async () => void paused++ },
      { query: 'User' },
    );
    expect(paused).toBeGreaterThan(1);
    expect(answer).toEqual(plain);
  });
});

describe('find: totals count every reference, whatever the limit shows', () => {
  it('counts the files of all the references kept, not of those shown', async () => {
    const { deps } = setup();
    const cut = await findSymbol(deps, { query: 'User', limit: 2 });
    expect(cut.references.map((ref) => ref.filePath)).toEqual(['src/admin.ts', 'src/admin.ts']);
    expect(cut).toMatchObject({ totalReferences: 8, totalReferenceFiles: 4, truncated: true });
    const text = presentAnswer('find', cut, 'text').output;
    expect(text).toContain('references  8 in 4 files (showing 2)');
    expect(presentAnswer('find', cut, 'compact').output).toContain('8 refs in 4 files, showing 2');
    const tests = await findSymbol(deps, { query: 'User', refsIn: 'test', limit: 1 });
    expect(tests).toMatchObject({ totalReferences: 2, totalReferenceFiles: 1 });
  });

  it('the budget grouped stage counts every file and says the rest is cut', async () => {
    const { deps } = setup();
    const cut = fitFind(await findSymbol(deps, { query: 'User', limit: 2 }), 150);
    expect(cut.budget?.stage).toBe('grouped');
    expect(cut.totalReferenceFiles).toBe(4);
  });
});
