import { describe, expect, it } from 'vitest';
import type { FindResponse } from '@cn/protocol';
import { noUseLine } from '../src/format/other-matches.js';
import {
  ProjectPaths,
  describeType,
  findImplementations,
  findSymbol,
  impactOf,
  fitFind,
  presentAnswer,
  wordMatchLines,
  traceCalls,
  type WorkspaceSymbolHit,
} from '../src/index.js';
import { FakeImportGraph, FakeNavigation } from './navigation-fakes.js';
import {
  ALL_FILES_UP_TO,
  FIRST_ROUND,
  MAX_LOOKUPS,
  RESOLVE_BUDGET_MS,
  SYNTAX_WIDTH,
} from '../src/usecases/other-matches.js';
import { FakeEngine, FakeFiles, FakeReferenceSyntax, ROOT, at, key, node } from './fakes.js';
import { FakeDeclarationSyntax, FakeSources } from './search-fakes.js';

const LIB = '/opt/typescript/lib/lib.es2015.core.d.ts';
const FILES: Record<string, string> = {
  'src/html.ts': ['// raw output, unescaped', 'export const raw = (value: string) => value;', ''].join('\n'),
  'src/request.ts': ['class Req {', '  raw() {', '  }', '}', ''].join('\n'),
  'src/use.ts': [
    "import { raw } from './html';", // 1: a reference
    "const a = raw('raw');", // 2: a reference, then a string
    'const b = new Req().raw();', // 3: Req.raw
    'const c = String.raw`x`;', // 4: the library's String.raw
    'const d = obj.raw;', // 5: resolves to nothing
    '// raw again', // 6: a comment
    'const rawer = 1;', // not the word
  ].join('\n'),
};

function setup(files = FILES) {
  const engine = new FakeEngine();
  const fake = new FakeFiles(files);
  const syntax = new FakeDeclarationSyntax();
  const deps = {
    engine,
    symbols: engine,
    files: fake,
    paths: new ProjectPaths(ROOT),
    referenceSyntax: new FakeReferenceSyntax(),
    sources: new FakeSources(fake),
    searchIndex: { syntaxOf: (filePath: string, text: string) => syntax.read(filePath, text) },
    // The library's declaration is named by the compiler's hover at the occurrence (its file is outside the root).
    navigation: {
      hover: async (filePath: string, position: { line: number; character: number }) =>
        key(filePath, position) === key(`${ROOT}/src/use.ts`, { line: 4, character: 18 })
          ? { signature: '(method) StringConstructor.raw(template: TemplateStringsArray): string', documentation: '' }
          : undefined,
    },
  };
  const hit = (
    name: string,
    kind: string,
    filePath: string,
    line: number,
    containerName?: string,
  ): WorkspaceSymbolHit => ({
    name,
    kind,
    filePath,
    range: { start: { line, character: 1 }, end: { line, character: 40 } },
    ...(containerName ? { containerName } : {}),
  });
  engine.symbols = [
    hit('raw', 'Variable', `${ROOT}/src/html.ts`, 2),
    hit('raw', 'Method', `${ROOT}/src/request.ts`, 2, 'Req'),
  ];
  engine.outlines[`${ROOT}/src/request.ts`] = [
    node('Req', 'Class', [1, 4], [1, 7], [node('raw', 'Method', [2, 3], [2, 3])]),
  ];
  engine.referencesAt[key(`${ROOT}/src/html.ts`, { line: 2, character: 14 })] = [
    at('src/html.ts', 2, 14, 2, 17),
    at('src/use.ts', 1, 10, 1, 13),
    at('src/use.ts', 2, 11, 2, 14),
  ];
  engine.definitionsAt[key(`${ROOT}/src/use.ts`, { line: 3, character: 21 })] = [at('src/request.ts', 2, 3, 2, 6)];
  engine.definitionsAt[key(`${ROOT}/src/use.ts`, { line: 4, character: 18 })] = [
    { filePath: LIB, range: { start: { line: 558, character: 5 }, end: { line: 558, character: 8 } } },
  ];
  return { engine, deps };
}

/** A project whose src/many.ts has `count` uses of `o.raw` (each resolves to nothing), and a count of the lookups. */
function manyUses(count: number, onLookup: () => void = () => {}) {
  const many = Array.from({ length: count }, (_, index) => `const v${index} = o.raw;`).join('\n');
  const project = setup({ ...FILES, 'src/many.ts': many });
  const lookups = { asked: 0 };
  const definition = project.engine.definition.bind(project.engine);
  project.engine.definition = async (filePath, position) => {
    lookups.asked++;
    onLookup();
    return definition(filePath, position);
  };
  return { ...project, lookups };
}

describe('otherMatches: what rg -w Name would also hit, and what each occurrence is', () => {
  it('reads no file that surely lacks the word (the files port says so from what it kept of the text)', async () => {
    const files = { ...FILES, 'src/unrelated.ts': 'export const cooked = 1;\n' };
    const { deps } = setup(files);
    const answer = await findSymbol(deps, { query: 'raw' });
    expect(answer.otherMatches?.total).toBeGreaterThan(0);
    expect(deps.files.read).not.toContain('src/unrelated.ts');
    expect(deps.files.read).toContain('src/use.ts');
  });

  it("find reads the word's files while the engine still looks for the name (a cold engine loading)", async () => {
    const { engine, deps } = setup();
    const status = engine.status.bind(engine);
    engine.status = () => ({ ...status(), state: 'loading' });
    let engineReady!: () => void;
    const loading = new Promise<void>((resolve) => (engineReady = resolve));
    const searchSymbols = engine.searchSymbols.bind(engine);
    engine.searchSymbols = async (...args) => {
      await loading;
      return searchSymbols(...args);
    };
    const answer = findSymbol(deps, { query: 'raw' });
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(deps.files.read).toContain('src/use.ts');
    engineReady();
    expect((await answer).otherMatches?.total).toBeGreaterThan(0);
  });

  it('a warm find of a name that matches nothing reads no file for the word', async () => {
    const { engine, deps } = setup();
    // `raw` is in files the scan would read, but no declaration of it is found (a name the engine has no symbol for).
    engine.searchSymbols = async () => ({ hits: [], complete: true });
    const answer = await findSymbol(deps, { query: 'raw' });
    expect(answer.definition).toBeNull();
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(deps.files.read).toEqual([]);
  });

  it('takes no syntax of a file whose occurrences are all references, once the references are in', async () => {
    // SYNTAX_WIDTH files whose syntax is taken while the references are searched, each with a comment naming raw; a
    // file after them, all of whose words are references, is reached once they are in.
    const early = Object.fromEntries(
      Array.from({ length: SYNTAX_WIDTH }, (_, index) => [`src/a${String(index).padStart(2, '0')}.ts`, '// raw\n']),
    );
    const files = { ...FILES, ...early, 'src/only.ts': "import { raw } from './html';\nexport const twice = raw;\n" };
    const { engine, deps } = setup(files);
    engine.referencesAt[key(`${ROOT}/src/html.ts`, { line: 2, character: 14 })].push(
      at('src/only.ts', 1, 10, 1, 13),
      at('src/only.ts', 2, 22, 2, 25),
    );
    let referencesIn!: () => void;
    const searched = new Promise<void>((resolve) => (referencesIn = resolve));
    const references = engine.references.bind(engine);
    engine.references = async (...args) => {
      const found = await references(...args);
      setTimeout(referencesIn, 0);
      return found;
    };
    const parsed: string[] = [];
    const syntaxOf = deps.searchIndex.syntaxOf;
    deps.searchIndex.syntaxOf = async (filePath, text) => {
      parsed.push(filePath.slice(ROOT.length + 1));
      await searched;
      return syntaxOf(filePath, text);
    };
    const answer = await findSymbol(deps, { query: 'raw' });
    expect(parsed).not.toContain('src/only.ts');
    expect(parsed).toContain('src/use.ts');
    // The same account as without it: its words were references, which need no syntax.
    expect(answer.otherMatches?.total).toBe(7 + SYNTAX_WIDTH);
    expect(answer.otherMatches?.comments).toBe(2 + SYNTAX_WIDTH);
  });

  it('counts every word occurrence that is no reference: other symbols, strings, comments, the rest', async () => {
    const { deps } = setup();
    const answer = await findSymbol(deps, { query: 'raw' });
    expect(answer.definition).toMatchObject({ id: 'src/html.ts::2::14' });
    expect(answer.otherMatches).toEqual({
      word: 'raw',
      total: 7,
      declarations: [
        { name: 'raw', container: 'Req', kind: 'Method', id: 'src/request.ts::2::3', count: 2 },
        {
          name: 'raw',
          container: 'StringConstructor',
          kind: 'Method',
          id: '../opt/typescript/lib/lib.es2015.core.d.ts::558::5',
          library: true,
          count: 1,
        },
      ],
      strings: 1,
      comments: 2,
      other: 1,
      // The file rg -lw raw lists that holds no reference: Req.raw's.
      otherFiles: ['src/request.ts'],
      // And what the word is there.
      otherFilesWhat: ['Method Req.raw ×1'],
    });
    expect(wordMatchLines(answer, 'files')).toEqual([
      'rg -lw raw would also list 1 file: src/request.ts (Method Req.raw ×1)',
    ]);
    expect(presentAnswer('find', answer, 'compact').output.split('\n')).toContain(
      'rg -w raw would also hit 7: Req.raw ×2 (Method), StringConstructor.raw ×1 (library Method), 1 string, 2 comments, 1 other',
    );
    expect(presentAnswer('find', answer, 'text').output.split('\n')).toEqual(
      expect.arrayContaining([
        'word hits   rg -w raw would also hit 7: 1 string, 2 comments, 1 other',
        '  Req.raw  Method  src/request.ts::2::3  ×2',
      ]),
    );
  });

  it("searches only the files the answer's path filters keep, and says so", async () => {
    const { deps } = setup();
    const answer = await findSymbol(deps, { query: 'raw', refsNotIn: 'src/use.ts' });
    expect(answer.otherMatches).toMatchObject({ total: 2, comments: 1, scope: 'refs not in src/use.ts' });
    expect(presentAnswer('find', answer, 'compact').output).toContain(
      'rg -w raw (refs not in src/use.ts) would also hit 2: Req.raw ×1 (Method), 1 comment',
    );
  });

  it('says when every occurrence is a reference, by name or by id, and nothing without references', async () => {
    const { deps } = setup({ 'src/html.ts': FILES['src/html.ts'].replace('// raw output', '// output') });
    const answer = await findSymbol(deps, { query: 'raw' });
    expect(answer.otherMatches).toEqual({
      word: 'raw',
      total: 0,
      declarations: [],
      strings: 0,
      comments: 0,
      other: 0,
    });
    expect(presentAnswer('find', answer, 'compact').output).toContain(
      'rg -w raw would hit nothing else: every occurrence is a reference',
    );
    expect((await findSymbol(deps, { query: 'raw', refs: 'none' })).otherMatches).toBeUndefined();
    // Asked by id, the same word is accounted for.
    expect((await findSymbol(deps, { query: 'src/html.ts::2::14' })).otherMatches).toMatchObject({ word: 'raw' });
  });

  it('asked for calls, says whose each other bare call of the word is, and leaves out member calls (issue 23)', async () => {
    // Agents asked for the calls of one `raw` grepped `(^|[^.\w])raw\(` and read each hit's imports to see whose.
    const local = [
      'function raw(value: string) {',
      '  return value;',
      '}',
      "const e = raw('x');",
      'const f = q.raw();',
    ];
    const { deps, engine } = setup({ ...FILES, 'src/local.ts': local.join('\n') });
    engine.outlines[`${ROOT}/src/local.ts`] = [node('raw', 'Function', [1, 3], [1, 10])];
    engine.definitionsAt[key(`${ROOT}/src/local.ts`, { line: 4, character: 11 })] = [at('src/local.ts', 1, 10, 1, 13)];
    const answer = await findSymbol(deps, { query: 'raw', role: ['call'] });
    expect(answer.otherMatches?.otherCalls).toEqual({
      shape: 'bare',
      total: 1,
      callees: [
        { name: 'raw', kind: 'Function', id: 'src/local.ts::1::10', count: 1, places: ['src/local.ts::4::11'] },
      ],
      other: 0,
    });
    expect(presentAnswer('find', answer, 'compact').output).toContain(
      'bare calls raw(…) of other symbols: 1: raw ×1 (Function in src/local.ts) at src/local.ts:4:11',
    );
    // Asked for every use, or by id for another role, no calls are counted; by id for calls, they are.
    expect((await findSymbol(deps, { query: 'raw' })).otherMatches?.otherCalls).toBeUndefined();
    expect(
      (await findSymbol(deps, { query: 'src/html.ts::2::14', role: ['new', 'call'] })).otherMatches?.otherCalls,
    ).toMatchObject({ total: 1 });
  });

  it("a method's other calls are those written after a dot: calls .run(…) of other symbols", async () => {
    const files = {
      'src/a.ts': ['class A {', '  run() {', '  }', '}', 'new A().run();'].join('\n'),
      'src/b.ts': ['class B {', '  run() {', '  }', '}', 'new B().run();', 'run();'].join('\n'),
    };
    const { deps, engine } = setup(files);
    const method = (file: string, container: string): WorkspaceSymbolHit => ({
      name: 'run',
      kind: 'Method',
      filePath: `${ROOT}/${file}`,
      range: { start: { line: 2, character: 3 }, end: { line: 3, character: 4 } },
      containerName: container,
    });
    engine.symbols = [method('src/a.ts', 'A'), method('src/b.ts', 'B')];
    engine.outlines[`${ROOT}/src/b.ts`] = [node('B', 'Class', [1, 4], [1, 7], [node('run', 'Method', [2, 3], [2, 3])])];
    engine.referencesAt[key(`${ROOT}/src/a.ts`, { line: 2, character: 3 })] = [
      at('src/a.ts', 2, 3, 2, 6),
      at('src/a.ts', 5, 9, 5, 12),
    ];
    engine.definitionsAt[key(`${ROOT}/src/b.ts`, { line: 5, character: 9 })] = [at('src/b.ts', 2, 3, 2, 6)];
    const answer = await findSymbol(deps, { query: 'A.run', role: ['call'] });
    expect(answer.definition).toMatchObject({ id: 'src/a.ts::2::3' });
    // `run();` in b.ts is no call of a method's shape (it is in the rg -w count, as one that resolves to nothing).
    expect(answer.otherMatches?.otherCalls).toEqual({
      shape: 'member',
      total: 1,
      callees: [
        { name: 'run', container: 'B', kind: 'Method', id: 'src/b.ts::2::3', count: 1, places: ['src/b.ts::5::9'] },
      ],
      other: 0,
    });
    expect(presentAnswer('find', answer, 'compact').output).toContain(
      'calls .run(…) of other symbols: 1: B.run ×1 (Method) at src/b.ts:5:9',
    );
  });

  it('says there are no other bare calls when the word has none, and counts them under a budget', async () => {
    const { deps } = setup();
    const answer = await findSymbol(deps, { query: 'raw', role: ['call'] });
    expect(answer.otherMatches?.otherCalls).toEqual({ shape: 'bare', total: 0, callees: [], other: 0 });
    expect(presentAnswer('find', answer, 'compact').output).toContain('bare calls raw(…) of other symbols: none');
    const many = ['function raw() {}', ...Array.from({ length: 12 }, (_, index) => `raw(${index});`)];
    const project = setup({ ...FILES, 'src/many.ts': many.join('\n') });
    project.engine.outlines[`${ROOT}/src/many.ts`] = [node('raw', 'Function', [1, 1], [1, 10])];
    for (let line = 2; line <= 13; line++)
      project.engine.definitionsAt[key(`${ROOT}/src/many.ts`, { line, character: 1 })] = [at('src/many.ts', 1, 10)];
    const counted = await findSymbol(project.deps, { query: 'raw', role: ['call'] });
    expect(counted.otherMatches?.otherCalls?.callees[0]).toMatchObject({ count: 12 });
    expect(counted.otherMatches?.otherCalls?.callees[0].places).toHaveLength(5);
    // More than ten calls are counted per callee, not placed.
    expect(presentAnswer('find', counted, 'compact').output).toContain(
      'bare calls raw(…) of other symbols: 12: raw ×12 (Function in src/many.ts)\n',
    );
    expect(fitFind(counted, 20).otherMatches?.otherCalls).toEqual({
      shape: 'bare',
      total: 12,
      callees: [],
      moreCallees: { symbols: 1, count: 12 },
      other: 0,
    });
  });

  it(`lists every file rg -lw would add when there are ${ALL_FILES_UP_TO} or fewer; past that the first 10 and a count`, async () => {
    // Agents told `+2 more` ran rg -lw to learn which two.
    const mentions = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, index) => [`src/note${10 + index}.ts`, '// raw\n']));
    const few = await findSymbol(setup({ ...FILES, ...mentions(ALL_FILES_UP_TO - 1) }).deps, { query: 'raw' });
    // The comments and src/request.ts (Req.raw).
    expect(few.otherMatches?.otherFiles).toHaveLength(ALL_FILES_UP_TO);
    expect(few.otherMatches?.moreOtherFiles).toBeUndefined();
    const many = await findSymbol(setup({ ...FILES, ...mentions(ALL_FILES_UP_TO) }).deps, { query: 'raw' });
    expect(many.otherMatches?.otherFiles).toHaveLength(10);
    expect(many.otherMatches?.moreOtherFiles).toBe(ALL_FILES_UP_TO + 1 - 10);
  });

  it("says a word in an import's module path as such, not as any string (a barrel's export * from './raw')", async () => {
    const { deps } = setup({ ...FILES, 'src/index.ts': "export * from './raw';\nconst label = 'raw';\n" });
    const answer = await findSymbol(deps, { query: 'raw' });
    const at = answer.otherMatches?.otherFiles?.indexOf('src/index.ts') ?? -1;
    expect(answer.otherMatches?.otherFilesWhat?.[at]).toBe('1 module path, 1 string');
    // Both are in the strings' count, as rg's hits in string literals.
    expect(answer.otherMatches?.strings).toBe(3);
  });

  it('looks up every occurrence in code when time allows', async () => {
    const lines = FIRST_ROUND * 3 + 5;
    const { deps, lookups } = manyUses(lines);
    const answer = await findSymbol(deps, { query: 'raw' });
    // 3 in use.ts (Req.raw, String.raw, obj.raw), every one of many.ts.
    expect(lookups.asked).toBe(3 + lines);
    expect(answer.otherMatches?.unresolved).toBeUndefined();
    expect(answer.otherMatches).toMatchObject({ total: 7 + lines, other: 1 + lines });
  });

  it(`starts no lookup after ${RESOLVE_BUDGET_MS} ms, and counts what is left as not resolved`, async () => {
    let clock = 0;
    const { deps, lookups } = manyUses(FIRST_ROUND + 5, () => (clock += RESOLVE_BUDGET_MS / 4));
    const asked = () => lookups.asked;
    const answer = await findSymbol({ ...deps, now: () => clock, pause: async () => {} }, { query: 'raw' });
    // 3 uses in use.ts and FIRST_ROUND + 5 in many.ts; the lookups started within the time were answered.
    const uses = 3 + FIRST_ROUND + 5;
    expect(asked()).toBeGreaterThan(0);
    expect(asked()).toBeLessThan(FIRST_ROUND);
    expect(answer.otherMatches).toMatchObject({ total: 7 + FIRST_ROUND + 5, unresolved: uses - asked() });
    expect(presentAnswer('find', answer, 'compact').output).toContain(`+${uses - asked()} not resolved`);
  });

  it(`looks up none past the first round when more than ${MAX_LOOKUPS} uses are left (a word spread over many symbols)`, async () => {
    const lines = FIRST_ROUND + MAX_LOOKUPS + 1;
    const { deps, lookups } = manyUses(lines);
    const answer = await findSymbol(deps, { query: 'raw' });
    expect(lookups.asked).toBe(FIRST_ROUND);
    expect(answer.otherMatches?.unresolved).toBe(3 + lines - FIRST_ROUND);
  });

  it('places the uses not looked up by what their file imports the word from (agents grepped imports for it)', async () => {
    const lines = FIRST_ROUND + MAX_LOOKUPS + 1;
    const calls = Array.from({ length: lines }, (_, index) => `export const c${index} = raw(${index});`).join('\n');
    const { deps } = setup({
      ...FILES,
      'src/core-users.ts': `import { raw } from '@x/core';\n${calls}\n`,
      'src/local.ts': 'function raw() {}\nraw();\nconst q = o.raw;\n',
    });
    const answer = await findSymbol(deps, { query: 'raw' });
    const matches = answer.otherMatches!;
    const placed = matches.unresolvedImports!;
    expect(matches.unresolved).toBeGreaterThan(MAX_LOOKUPS);
    expect(placed.modules.map(({ from }) => from)).toEqual(['@x/core']);
    // Every one not looked up is placed: under its import, with no import, or a member (`o.raw`).
    expect(placed.modules[0].count + placed.notImported + placed.members).toBe(matches.unresolved);
    expect(placed.modules[0].count).toBeGreaterThan(lines - FIRST_ROUND - 1);
    expect(presentAnswer('find', answer, 'compact').output).toMatch(
      /\nnot resolved uses \(\d+\), by what their file imports raw from: '@x\/core' ×\d+/,
    );
    // A question about calls says its calls: the bare calls not looked up, by their file's import.
    const asked = await findSymbol(deps, { query: 'raw', role: ['call'] });
    const otherCalls = asked.otherMatches!.otherCalls!;
    expect(otherCalls.unresolved).toBeGreaterThan(0);
    expect(otherCalls.unresolvedImports?.members).toBe(0);
    const output = presentAnswer('find', asked, 'compact').output;
    expect(output).toMatch(/\nnot resolved calls raw\(…\) \(\d+\), by what their file imports raw from: '@x\/core' ×/);
    expect(output).not.toContain('not resolved uses');
    expect(presentAnswer('find', asked, 'text').output).toMatch(/\n {12}not resolved calls raw\(…\) \(\d+\), by what/);
  });

  it('counts the imports of a package that is not installed, and their uses, as one entry per module', async () => {
    const driver = "import { raw } from 'knex';\nexport const q = raw('x');\n";
    const { engine, deps } = setup({ ...FILES, 'src/a.ts': driver, 'src/b.ts': driver });
    // Without the package the engine's definition stops at each file's import.
    for (const file of ['src/a.ts', 'src/b.ts'])
      for (const line of [1, 2])
        engine.definitionsAt[key(`${ROOT}/${file}`, { line, character: line === 1 ? 10 : 18 })] = [
          at(file, 1, 10, 1, 13),
        ];
    const answer = await findSymbol(deps, { query: 'raw' });
    expect(answer.otherMatches?.declarations).toContainEqual({
      name: 'raw',
      kind: 'Import',
      id: 'src/a.ts::1::10',
      module: 'knex',
      count: 4,
    });
    expect(presentAnswer('find', answer, 'compact').output).toContain("raw ×4 (import from 'knex', unresolved)");
  });

  it('after a round, asks the references of the symbol the lookups landed on once, and counts its uses', async () => {
    const lines = FIRST_ROUND + 10;
    const many = Array.from({ length: lines }, () => 'new Req().raw();').join('\n');
    const { engine, deps } = setup({ ...FILES, 'src/many.ts': many });
    const places = Array.from({ length: lines }, (_, index) => at('src/many.ts', index + 1, 11, index + 1, 14));
    for (const place of places)
      engine.definitionsAt[key(place.filePath, place.range.start)] = [at('src/request.ts', 2, 3, 2, 6)];
    engine.referencesAt[key(`${ROOT}/src/request.ts`, { line: 2, character: 3 })] = [
      at('src/request.ts', 2, 3),
      ...places,
    ];
    const answer = await findSymbol(deps, { query: 'raw' });
    expect(answer.otherMatches?.unresolved).toBeUndefined();
    expect(answer.otherMatches?.declarations[0]).toMatchObject({ container: 'Req', count: 2 + lines });
    // The answer's own references, then Req.raw's: one search more.
    expect(engine.asked).toEqual([
      key(`${ROOT}/src/html.ts`, { line: 2, character: 14 }),
      key(`${ROOT}/src/request.ts`, { line: 2, character: 3 }),
    ]);
  });

  it('calls, impl, type and impact asked by one name or one id say the same line; several targets do not', async () => {
    const { deps } = setup();
    const navigation = new FakeNavigation();
    navigation.hover = async () => ({ signature: 'const raw: (value: string) => string', documentation: '' });
    navigation.addFunction('raw', 'src/html.ts', 2, 14);
    const full = { ...deps, navigation, typeSyntax: { typeDeclarations: async () => [] } };
    const type = await describeType(full, { target: 'raw' });
    expect(type.otherMatches).toMatchObject({ word: 'raw', total: 7, strings: 1, comments: 2 });
    expect(presentAnswer('type', type, 'compact').output).toContain('rg -w raw would also hit 7:');
    const calls = await traceCalls(full, { target: 'raw' });
    expect(calls.otherMatches).toMatchObject({ word: 'raw', total: 7 });
    expect(presentAnswer('calls', calls, 'compact').output).toContain('rg -w raw would also hit 7:');
    // calls is a question about calls: it says the other bare calls of the word too (none here); impl does not.
    expect(calls.otherMatches?.otherCalls).toMatchObject({ total: 0 });
    expect(presentAnswer('calls', calls, 'compact').output).toContain('bare calls raw(…) of other symbols: none');
    const impl = await findImplementations(full, { target: 'raw' });
    expect(impl.otherMatches).toMatchObject({ word: 'raw', total: 7 });
    expect(impl.otherMatches?.otherCalls).toBeUndefined();
    // An id (or path::Name) is answered for the name at its place, as find answers it.
    expect((await describeType(full, { target: 'src/html.ts::2::14' })).otherMatches).toMatchObject({
      word: 'raw',
      total: 7,
    });
    expect((await traceCalls(full, { target: 'raw', targets: ['raw'] })).otherMatches).toBeUndefined();
    // impact of one symbol says it too; of a file's declarations, no word is asked.
    const changes = { changedFiles: async () => [] };
    const importGraph = new FakeImportGraph({});
    const impact = await impactOf({ ...full, changes, importGraph }, { target: 'src/html.ts::2::14' });
    expect(impact.otherMatches).toMatchObject({ word: 'raw', total: 7 });
    expect(presentAnswer('impact', impact, 'compact').output).toContain('rg -w raw would also hit 7:');
    expect((await impactOf({ ...full, changes, importGraph }, { target: 'src/html.ts' })).otherMatches).toBeUndefined();
  });

  it('under a budget, find keeps the counts (its symbols counted together); calls and type give the line up', async () => {
    const { deps } = setup();
    const answer = await findSymbol(deps, { query: 'raw' });
    const totals = fitFind(answer, 20);
    expect(totals.budget?.stage).toBe('totals');
    expect(totals.otherMatches).toMatchObject({
      total: 7,
      declarations: [],
      moreDeclarations: { symbols: 2, count: 3 },
    });
    const navigation = new FakeNavigation();
    navigation.addFunction('raw', 'src/html.ts', 2, 14);
    navigation.hover = async () => ({
      signature: 'const raw: (value: string) => string',
      documentation: 'x'.repeat(4000),
    });
    const type = await describeType({ ...deps, navigation }, { target: 'raw' });
    expect(type.otherMatches).toBeDefined();
    expect(presentAnswer('type', type, 'json', 60).answer.otherMatches).toBeUndefined();
  });

  it('asks no reference search when no symbol has half the first lookups (a word spread over many): it looks all up', async () => {
    const lines = 60;
    const many = Array.from({ length: lines }, (_, index) => (index % 3 === 0 ? 'new Req().raw();' : 'o.raw;')).join(
      '\n',
    );
    const { engine, deps } = setup({ ...FILES, 'src/many.ts': many });
    for (let index = 0; index < lines; index += 3)
      engine.definitionsAt[key(`${ROOT}/src/many.ts`, { line: index + 1, character: 11 })] = [
        at('src/request.ts', 2, 3, 2, 6),
      ];
    const answer = await findSymbol(deps, { query: 'raw' });
    expect(engine.asked).toEqual([key(`${ROOT}/src/html.ts`, { line: 2, character: 14 })]);
    expect(answer.otherMatches?.unresolved).toBeUndefined();
    expect(answer.otherMatches?.declarations[0]).toMatchObject({ container: 'Req', count: 2 + lines / 3 });
    expect(answer.otherMatches?.other).toBe(1 + (lines * 2) / 3);
  });

  it('lets other questions in while it reads the files (a pause after every 20 ms of work)', async () => {
    const { deps } = setup();
    let clock = 0;
    let paused = 0;
    const answer = await findSymbol(
      { ...deps, now: () => (clock += 30), pause: async () => void paused++ },
      { query: 'raw' },
    );
    expect(answer.otherMatches?.total).toBe(7);
    expect(paused).toBeGreaterThan(0);
  });

  it('starts its lookups as soon as the references are in, not once they are described', async () => {
    const { engine, deps } = setup();
    // The references' description waits for the first lookup, or gives up after a while: a word search that waited
    // for the description would look nothing up before it.
    let lookedUp!: () => void;
    const firstLookup = new Promise<void>((resolve) => (lookedUp = resolve));
    const definition = engine.definition.bind(engine);
    engine.definition = async (filePath, position) => {
      lookedUp();
      return definition(filePath, position);
    };
    let describedAfter: 'a lookup' | 'the wait' | undefined;
    const classify = deps.referenceSyntax.classify.bind(deps.referenceSyntax);
    deps.referenceSyntax.classify = async (fileName, text, positions) => {
      describedAfter ??= await Promise.race([
        firstLookup.then(() => 'a lookup' as const),
        new Promise<'the wait'>((resolve) => setTimeout(() => resolve('the wait'), 500)),
      ]);
      return classify(fileName, text, positions);
    };
    const answer = await findSymbol(deps, { query: 'raw' });
    expect(describedAfter).toBe('a lookup');
    expect(answer.otherMatches?.declarations.map((declaration) => declaration.container)).toContain('Req');
  });

  it('lets the engine requests started before it go out before its word scan reads anything', async () => {
    const { deps } = setup();
    const events: string[] = [];
    const files = deps.sources.files.bind(deps.sources);
    deps.sources.files = async () => {
      events.push('word scan');
      return files();
    };
    const answer = await findSymbol(
      { ...deps, now: () => 0, pause: async () => void events.push('pause') },
      { query: 'raw' },
    );
    expect(events.slice(0, 2)).toEqual(['pause', 'word scan']);
    expect(answer.otherMatches?.total).toBe(7);
  });
});

describe('noUseLine: a find answer with no reference in another file says no import names the word', () => {
  const matches = { word: 'sql', total: 0, declarations: [], strings: 0, comments: 0, other: 0 };
  const answer = (totalReferences: number, totalReferenceFiles: number, imports = 0) =>
    ({
      query: 'src/raw.ts::sql',
      refs: 'only',
      totalReferences,
      totalReferenceFiles,
      references: [],
      otherMatches: {
        ...matches,
        otherImports: { total: imports, modules: imports ? [{ from: 'vue', count: 1 }] : [] },
      },
    }) as unknown as FindResponse;

  it('none, only its own file, or others: each said as it is', () => {
    expect(noUseLine(answer(0, 0))).toEqual([
      'no import or export-from names sql, from any module (each statement parsed, multi-line ones too)',
    ]);
    expect(noUseLine(answer(3, 1))).toEqual(['no import or export-from names sql but its own, in the files above']);
    expect(noUseLine(answer(0, 0, 1))).toEqual([
      "imports or export-from naming sql, from any module: 1, each of another symbol: from 'vue' ×1",
    ]);
    // Used in several files: the references are the answer, no line.
    expect(noUseLine(answer(5, 2))).toEqual([]);
    expect(noUseLine({ ...answer(0, 0), refs: 'none' } as FindResponse)).toEqual([]);
  });
});
