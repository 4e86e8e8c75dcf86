import { describe, expect, it } from 'vitest';
import {
  CnError,
  ProjectPaths,
  estimateJsonTokens,
  findUnused,
  fitUnused,
  isTestFile,
  presentAnswer,
  type ModuleImport,
  type UnusedResponse,
} from '../src/index.js';
import { FakeEngine, FakeFiles, ROOT, at, node } from './fakes.js';
import { FakeDeclarationSyntax, FakeSources } from './search-fakes.js';

const source = [
  'export function used(): void {}',
  'export function unusedExport(): void {}',
  'function helper(): void {}',
  'function helper(n?: number): void {}',
  '',
].join('\n');

/**
 * src/url.ts: one export used by another source file, one only by a test, one only inside its own file, one by nobody.
 */
const url = [
  'export const fromApp = 1;', // 1
  'export const fromTests = 2;', // 2
  'export const fromItself = 3;', // 3
  'export const fromNobody = 4;', // 4
  'const local = fromItself;', // 5
  'declare global {', // 6
  '  interface Window { prefix: string }', // 7
  '}', // 8
  "declare module './other' {", // 9
  '  interface Other { extra: string }', // 10
  '}', // 11
  '',
].join('\n');

function urlProject(extraFiles: Record<string, string> = {}) {
  const engine = new FakeEngine();
  const file = `${ROOT}/src/url.ts`;
  engine.outlines[file] = [
    node('fromApp', 'Constant', [1, 1], [1, 14]),
    node('fromTests', 'Constant', [2, 2], [2, 14]),
    node('fromItself', 'Constant', [3, 3], [3, 14]),
    node('fromNobody', 'Constant', [4, 4], [4, 14]),
    node('local', 'Constant', [5, 5], [5, 7]),
    node('global', 'Module', [6, 8], [6, 9]),
    node('"./other"', 'Module', [9, 11], [9, 16]),
  ];
  engine.referencesAt[`${file}:1:14`] = [at('src/app.ts', 1, 10), at('src/url.test.ts', 1, 10)];
  engine.referencesAt[`${file}:2:14`] = [at('src/url.test.ts', 1, 20), at('test/more.ts', 3, 1)];
  engine.referencesAt[`${file}:3:14`] = [at('src/url.ts', 5, 15)];
  engine.referencesAt[`${file}:5:7`] = [];
  const files = new FakeFiles({
    'src/url.ts': url,
    'src/app.ts': '',
    'src/url.test.ts': '',
    'test/more.ts': '',
    ...extraFiles,
  });
  return {
    engine,
    deps: { engine, symbols: engine, files, paths: new ProjectPaths(ROOT), importGraph: importGraphOf(files) },
  };
}

/**
 * The import graph of the fake files: each `from './x'` resolved to src/x.ts, placed where the real one places it (past
 * the quote).
 */
function importGraphOf(files: FakeFiles) {
  return {
    projectFiles: async () => Object.keys(files.files).map((relative) => `${ROOT}/${relative}`),
    importsOf: async (filePath: string): Promise<ModuleImport[]> => {
      const lines = (files.files[filePath.slice(ROOT.length + 1)] ?? '').split('\n');
      return lines.flatMap((text, index) => {
        const match = /from '\.\/(\w+)'/.exec(text);
        return match
          ? [
              {
                specifier: `./${match[1]}`,
                line: index + 1,
                character: match.index + 7,
                resolvedFile: `${ROOT}/src/${match[1]}.ts`,
              },
            ]
          : [];
      });
    },
  };
}

const names = (response: UnusedResponse) =>
  response.files.flatMap((file) =>
    file.unused.map((s) => `${file.filePath}:${s.name}${s.usedOnlyByTests ? ' (tests)' : ''}`),
  );

describe('findUnused', () => {
  it('skips a file deleted while it is checked and says which, as an answer', async () => {
    const engine = new FakeEngine();
    const [a, b, c] = ['a', 'b', 'c'].map((name) => `${ROOT}/src/${name}.ts`);
    for (const file of [a, b, c]) engine.outlines[file] = [node('lonely', 'Function', [1, 1], [1, 17])];
    const files = new FakeFiles({
      'src/a.ts': 'export function lonely(): void {}\n',
      'src/b.ts': 'export function lonely(): void {}\n',
    });
    // c.ts is listed but gone before it is read; b.ts goes once its outline is in, before its references.
    const importGraph = { ...importGraphOf(files), projectFiles: async () => [a, b, c] };
    const outline = engine.outline.bind(engine);
    engine.outline = async (file) => {
      const nodes = await outline(file);
      if (file === b) {
        delete files.files['src/b.ts'];
        engine.deleted.add(b);
      }
      return nodes;
    };
    const response = await findUnused(
      { engine, symbols: engine, files, paths: new ProjectPaths(ROOT), importGraph },
      {},
    );
    expect(response).toMatchObject({
      filesChecked: 1,
      checked: 1,
      total: 1,
      files: [{ filePath: 'src/a.ts', unused: [{ name: 'lonely' }] }],
      deletedWhileChecking: ['src/b.ts', 'src/c.ts'],
      complete: true,
    });
    for (const format of ['text', 'compact'] as const)
      expect(presentAnswer('unused', response, format).output).toContain(
        'skipped 2 files deleted or changed while cn checked: src/b.ts, src/c.ts',
      );
  });

  it('skips a file rewritten between its outline and its reference search, where the engine fails on the old place', async () => {
    const engine = new FakeEngine();
    const [a, b] = ['a', 'b'].map((name) => `${ROOT}/src/${name}.ts`);
    for (const file of [a, b]) engine.outlines[file] = [node('lonely', 'Function', [1, 1], [1, 17])];
    const files = new FakeFiles({
      'src/a.ts': 'export function lonely(): void {}\n',
      'src/b.ts': 'export function lonely(): void {}\n',
    });
    const importGraph = { ...importGraphOf(files), projectFiles: async () => [a, b] };
    const outline = engine.outline.bind(engine);
    engine.outline = async (file) => {
      const nodes = await outline(file);
      // b.ts is rewritten once outlined: its old place now holds other text, and tsserver asserted there
      // ("Debug Failure. False expression") while files churned.
      if (file === b) files.files['src/b.ts'] = '\n';
      return nodes;
    };
    const references = engine.references.bind(engine);
    engine.references = async (file, position, includeDeclaration) => {
      if (file === b)
        throw new CnError(
          'engine-failure',
          'language server failed on textDocument/references: Debug Failure. False expression.',
        );
      return references(file, position, includeDeclaration);
    };
    const response = await findUnused(
      { engine, symbols: engine, files, paths: new ProjectPaths(ROOT), importGraph },
      {},
    );
    expect(response).toMatchObject({
      files: [{ filePath: 'src/a.ts', unused: [{ name: 'lonely' }] }],
      deletedWhileChecking: ['src/b.ts'],
    });
  });

  it('still fails when the engine fails on a file that did not change', async () => {
    const engine = new FakeEngine();
    const a = `${ROOT}/src/a.ts`;
    engine.outlines[a] = [node('lonely', 'Function', [1, 1], [1, 17])];
    const files = new FakeFiles({ 'src/a.ts': 'export function lonely(): void {}\n' });
    engine.references = async () => {
      throw new CnError('engine-failure', 'language server failed on textDocument/references');
    };
    await expect(
      findUnused(
        { engine, symbols: engine, files, paths: new ProjectPaths(ROOT), importGraph: importGraphOf(files) },
        {},
      ),
    ).rejects.toThrow(/language server failed/);
  });

  it('asks again once when the engine fails: a file written again mid-check is one it may not know yet', async () => {
    const engine = new FakeEngine();
    const a = `${ROOT}/src/a.ts`;
    engine.outlines[a] = [node('lonely', 'Function', [1, 1], [1, 17])];
    const files = new FakeFiles({ 'src/a.ts': 'export function lonely(): void {}\n' });
    let asked = 0;
    engine.references = async () => {
      asked++;
      if (asked === 1) throw new CnError('engine-failure', `no project found for URI file://${a}`);
      return [];
    };
    const response = await findUnused(
      { engine, symbols: engine, files, paths: new ProjectPaths(ROOT), importGraph: importGraphOf(files) },
      {},
    );
    expect(asked).toBe(2);
    expect(response.files.flatMap((file) => file.unused.map((symbol) => symbol.name))).toEqual(['lonely']);
  });

  it('reports top-level declarations no other place refers to, overloads once, exported ones flagged', async () => {
    const engine = new FakeEngine();
    const file = `${ROOT}/src/a.ts`;
    engine.outlines[file] = [
      node('used', 'Function', [1, 1], [1, 17]),
      node('unusedExport', 'Function', [2, 2], [2, 17]),
      node('helper', 'Function', [3, 3], [3, 10]),
      node('helper', 'Function', [4, 4], [4, 10]),
    ];
    engine.referencesAt[`${file}:1:17`] = [at('src/b.ts', 3, 5)];
    // The server echoes the declaration itself: that is not a use.
    engine.referencesAt[`${file}:2:17`] = [at('src/a.ts', 2, 17)];
    const files = new FakeFiles({ 'src/a.ts': source });
    const deps = { engine, symbols: engine, files, paths: new ProjectPaths(ROOT), importGraph: importGraphOf(files) };

    const response = await findUnused(deps, { path: 'src/a.ts' });

    expect(response).toEqual({
      path: 'src/a.ts',
      filesChecked: 1,
      checked: 3,
      files: [
        {
          filePath: 'src/a.ts',
          unused: [
            { id: 'src/a.ts::2::17', name: 'unusedExport', kind: 'Function', line: 2, exported: true },
            { id: 'src/a.ts::3::10', name: 'helper', kind: 'Function', line: 3, exported: false },
          ],
        },
      ],
      total: 2,
      usedOnlyByTests: 0,
      // What the verdict "used" rests on: the file whose reference counted.
      used: [{ name: 'used', kind: 'Function', id: 'src/a.ts::1::17', files: 1, by: ['src/b.ts'] }],
      projects: 0,
      complete: true,
    });
    expect(engine.asked).toEqual([`${file}:1:17`, `${file}:2:17`, `${file}:3:10`]);
    expect(presentAnswer('unused', response, 'compact').output.split('\n')).toContain(
      'used: used (Function) ← src/b.ts',
    );
  });

  it('a use inside the declaration itself (recursion) is no use', async () => {
    const engine = new FakeEngine();
    const file = `${ROOT}/src/walk.ts`;
    const text = ['function countdown(n: number): number {', '  return n > 0 ? countdown(n - 1) : 0;', '}', ''].join(
      '\n',
    );
    engine.outlines[file] = [node('countdown', 'Function', [1, 3], [1, 10])];
    engine.referencesAt[`${file}:1:10`] = [at('src/walk.ts', 2, 18)];
    const files = new FakeFiles({ 'src/walk.ts': text });
    const deps = { engine, symbols: engine, files, paths: new ProjectPaths(ROOT), importGraph: importGraphOf(files) };
    expect(names(await findUnused(deps, { path: 'src/walk.ts' }))).toEqual(['src/walk.ts:countdown']);
  });

  it('marks declarations whose only uses are in test files, and skips declare global and module augmentations', async () => {
    const { engine, deps } = urlProject();
    const response = await findUnused(deps, { path: 'src/url.ts' });
    expect(names(response)).toEqual(['src/url.ts:fromTests (tests)', 'src/url.ts:fromNobody', 'src/url.ts:local']);
    expect(response.usedOnlyByTests).toBe(1);
    expect(response.checked).toBe(5);
    expect(engine.asked.some((asked) => asked.includes(':6:') || asked.includes(':9:'))).toBe(false);
  });

  it('--exported: only exports, and uses inside their own file do not count', async () => {
    const { deps } = urlProject();
    const response = await findUnused(deps, { path: 'src/url.ts', exported: true });
    expect(names(response)).toEqual(['src/url.ts:fromTests (tests)', 'src/url.ts:fromItself', 'src/url.ts:fromNobody']);
    expect(response.checked).toBe(4);
    // No barrel re-exports the file: said, so no index file needs reading.
    expect(response.files[0].reExportedBy).toEqual({ statements: [], total: 0 });
    // Each with its line as written: a function, an alias or a type is read there, not grepped.
    expect(response.files[0].unused.map((symbol) => symbol.declaration)).toEqual([
      'export const fromTests = 2;',
      'export const fromItself = 3;',
      'export const fromNobody = 4;',
    ]);
    const compact = presentAnswer('unused', response, 'compact').output.split('\n');
    expect(compact).toContain('src/url.ts::4::14  Constant  fromNobody  (exported)  │ export const fromNobody = 4;');
    // The used ones too, one a line: with the unused, every export of the file as `rg -n "^export"` shows it.
    expect(response.used?.map((used) => used.declaration)).toEqual(['export const fromApp = 1;']);
    expect(compact).toContain('used: fromApp (Constant) ← src/app.ts  │ export const fromApp = 1;');
    // Not without --exported: a directory's declarations would each cost a line of text.
    const all = await findUnused(deps, { path: 'src/url.ts' });
    expect(all.files[0].unused.some((symbol) => symbol.declaration !== undefined)).toBe(false);
    expect(all.used?.some((used) => used.declaration !== undefined)).toBe(false);
  });

  it('--exported: says the barrels re-exporting the file, through which an import would have been a use', async () => {
    const { deps } = urlProject({
      'src/index.ts': "export * from './url';\n",
      'src/top.ts': "export * from './index';\n",
      // Imports the file without re-exporting it: not a barrel.
      'src/reader.ts': "import { fromApp } from './url';\n",
    });
    const response = await findUnused(deps, { path: 'src/url.ts', exported: true });
    expect(response.files[0].reExportedBy).toEqual({
      statements: [
        { site: 'src/index.ts:1', statement: "export * from './url';" },
        { site: 'src/top.ts:1', statement: "export * from './index';" },
      ],
      total: 2,
    });
    expect(presentAnswer('unused', response, 'compact').output.split('\n')).toContain(
      "src/url.ts re-exported by 2 (imports through them counted): src/index.ts:1 export * from './url'; src/top.ts:1 export * from './index'",
    );
    // Not for every declaration: only with --exported.
    expect((await findUnused(deps, { path: 'src/url.ts' })).files[0].reExportedBy).toBeUndefined();
  });

  it('says what a word search for each unused name would hit in the counted files, none of it a use', async () => {
    const { engine, deps } = urlProject({
      // A string, a comment and a property of the same name: what rg -w fromNobody would hit besides the declaration.
      'src/app.ts': ["log('fromNobody');", '// fromNobody is gone', 'const o = { fromNobody: 1 };', ''].join('\n'),
      'test/more.ts': 'fromNobody;\n',
      // Another module's fromNobody, imported: what a grep over import lines would find, said to be none of it.
      'src/legacy.ts': "import { fromNobody } from 'legacy';\n",
    });
    const syntax = new FakeDeclarationSyntax();
    const full = {
      ...deps,
      sources: new FakeSources(deps.files),
      searchIndex: { syntaxOf: (filePath: string, text: string) => syntax.read(filePath, text) },
    };
    engine.referencesAt[`${ROOT}/src/url.ts:4:14`] = [];
    const response = await findUnused(full, { path: 'src/url.ts', exported: true, refsNotIn: 'test/**' });
    const nobody = response.files[0].unused.find((symbol) => symbol.name === 'fromNobody');
    expect(nobody?.otherMatches).toMatchObject({
      word: 'fromNobody',
      total: 4,
      strings: 1,
      comments: 1,
      scope: 'refs not in test/**',
      otherImports: { total: 1, modules: [{ from: 'legacy', count: 1 }] },
    });
    const compact = presentAnswer('unused', response, 'compact').output;
    expect(compact).toContain(
      'src/url.ts::4::14  Constant  fromNobody  (exported)  │ export const fromNobody = 4;\n  rg -w fromNobody would also hit 4:',
    );
    expect(compact).toContain(
      "\n  imports or export-from naming fromNobody, from any module: 1, each of another symbol: from 'legacy' ×1\n",
    );
    // A name no import names elsewhere says so.
    const itself = response.files[0].unused.find((symbol) => symbol.name === 'fromItself');
    expect(itself?.otherMatches?.otherImports).toEqual({ total: 0, modules: [] });
    expect(compact).toContain(
      '  no import or export-from names fromItself, from any module (each statement parsed, multi-line ones too)\n',
    );
    // The files the word searches cover, said once above the symbols, which all share them.
    expect(compact.split('\n')[0]).toBe('rg -w below: over refs not in test/**');
    expect(presentAnswer('unused', response, 'text').output.split('\n')[0]).toBe(
      'rg -w below: over refs not in test/**',
    );
  });

  it('names no import names are said once for the file, as one grep over import statements would say it', () => {
    const noImports = (word: string) => ({
      word,
      total: 0,
      declarations: [],
      strings: 0,
      comments: 0,
      other: 0,
      scope: 'refs in src/**',
      otherImports: { total: 0, modules: [] },
    });
    const symbol = (name: string, line: number) => ({
      id: `src/r.ts::${line}::17`,
      name,
      kind: 'Function',
      line,
      exported: true,
      otherMatches: noImports(name),
    });
    const response: UnusedResponse = {
      path: 'src/r.ts',
      filesChecked: 1,
      checked: 3,
      files: [{ filePath: 'src/r.ts', unused: [symbol('ref', 1), symbol('unref', 2)] }],
      total: 2,
      usedOnlyByTests: 0,
      exported: true,
      projects: 1,
      complete: true,
    };
    const compact = presentAnswer('unused', response, 'compact').output.split('\n');
    expect(compact.filter((line) => line.includes('no import'))).toEqual([
      'no import or export-from names any of ref, unref, from any module (each statement parsed, multi-line ones too)',
    ]);
    // One such name keeps its line under it.
    const one = { ...response, files: [{ filePath: 'src/r.ts', unused: [symbol('ref', 1)] }] };
    expect(presentAnswer('unused', one, 'compact').output).toContain(
      '  rg -w ref (refs in src/**) would hit nothing else: every occurrence is a reference\n  no import or export-from names ref (refs in src/**), from any module (each statement parsed, multi-line ones too)',
    );
  });

  it('checks several paths as one answer, each file once (agents asked cn unused a.ts b.ts and were refused)', async () => {
    const { engine, deps } = urlProject({ 'src/extra.ts': 'export const spare = 1;\n' });
    engine.outlines[`${ROOT}/src/extra.ts`] = [node('spare', 'Constant', [1, 1], [1, 14])];
    engine.referencesAt[`${ROOT}/src/extra.ts:1:14`] = [];
    const both = await findUnused(deps, {
      path: 'src/url.ts',
      morePaths: ['src/extra.ts', 'src/url.ts'],
      exported: true,
    });
    expect(names(both)).toEqual([
      'src/extra.ts:spare',
      'src/url.ts:fromTests (tests)',
      'src/url.ts:fromItself',
      'src/url.ts:fromNobody',
    ]);
    expect(both.path).toBe('src/url.ts, src/extra.ts');
    // More paths without the first (an MCP call may send only those) are the paths checked, not the whole project.
    expect(names(await findUnused(deps, { morePaths: ['src/extra.ts'], exported: true }))).toEqual([
      'src/extra.ts:spare',
    ]);
    await expect(findUnused(deps, { membersOf: 'Model', morePaths: ['src/url.ts'] })).rejects.toThrow(
      /a path, or a class whose members to check, not both/,
    );
  });

  it("--refs-in / --refs-not-in say which files' uses count", async () => {
    const { deps } = urlProject();
    const notTests = await findUnused(deps, { path: 'src/url.ts', exported: true, refsNotIn: '**/*.test.ts' });
    // test/more.ts is still a test file by convention, so fromTests stays marked.
    expect(names(notTests)).toEqual(['src/url.ts:fromTests (tests)', 'src/url.ts:fromItself', 'src/url.ts:fromNobody']);
    const onlySrc = await findUnused(deps, {
      path: 'src/url.ts',
      exported: true,
      refsIn: 'src',
      refsNotIn: '**/*.test.ts',
    });
    expect(names(onlySrc)).toEqual(['src/url.ts:fromTests', 'src/url.ts:fromItself', 'src/url.ts:fromNobody']);
    await expect(findUnused(deps, { path: 'src/url.ts', refsIn: '../elsewhere' })).rejects.toThrow(
      "--refs-in '../elsewhere' must be relative to the project root",
    );
  });

  it('a directory or nothing checks every project file under it (declaration files aside), grouped by file', async () => {
    const { engine, deps } = urlProject({
      'src/types.d.ts': 'export type T = 1;\n',
      'lib/other.ts': 'export const other = 1;\n',
    });
    engine.outlines[`${ROOT}/src/types.d.ts`] = [node('T', 'TypeAlias', [1, 1], [1, 13])];
    engine.outlines[`${ROOT}/lib/other.ts`] = [node('other', 'Constant', [1, 1], [1, 14])];
    const dir = await findUnused(deps, { path: 'src', exported: true });
    expect(dir.path).toBe('src');
    expect(dir.filesChecked).toBe(3);
    expect(names(dir)).toEqual(['src/url.ts:fromTests (tests)', 'src/url.ts:fromItself', 'src/url.ts:fromNobody']);
    const project = await findUnused(deps, { exported: true });
    expect(project.path).toBe('.');
    expect(names(project)).toEqual([
      'lib/other.ts:other',
      'src/url.ts:fromTests (tests)',
      'src/url.ts:fromItself',
      'src/url.ts:fromNobody',
    ]);
    await expect(findUnused(deps, { path: 'docs' })).rejects.toThrow('no such file');
    await expect(
      findUnused({ ...deps, files: new FakeFiles({ 'README.md': '' }) }, { path: 'README.md' }),
    ).rejects.toThrow('not a TypeScript/JavaScript source file');
  });

  it('an import by name from a counted, non-test file proves a use without asking the engine; other imports do not', async () => {
    const { engine, deps } = urlProject({
      'src/app.ts': "import {\n  // the app's own use\n  fromApp as app,\n} from './url';\n",
      'src/url.test.ts': "import { fromTests } from './url';\nimport * as all from './url';\n",
    });
    const response = await findUnused(deps, { path: 'src/url.ts' });
    expect(names(response)).toEqual(['src/url.ts:fromTests (tests)', 'src/url.ts:fromNobody', 'src/url.ts:local']);
    expect(engine.asked).not.toContain(`${ROOT}/src/url.ts:1:14`);
    expect(engine.asked).toContain(`${ROOT}/src/url.ts:2:14`);
    // When app.ts's uses do not count, its import proves nothing: the engine is asked, and its answer decides.
    engine.asked.length = 0;
    const withoutApp = await findUnused(deps, { path: 'src/url.ts', refsNotIn: 'src/app.ts' });
    expect(engine.asked).toContain(`${ROOT}/src/url.ts:1:14`);
    expect(names(withoutApp)[0]).toBe('src/url.ts:fromApp (tests)');
  });

  it('an export a computed key may read is reported as possibly used, with where; a key in an uncounted file is not', async () => {
    const { deps } = urlProject({
      'src/app.ts': "import * as url from './url';\nexport const pick = (key: string) => url[key];\n",
    });
    const response = await findUnused(deps, { path: 'src/url.ts', exported: true });
    const nobody = response.files[0].unused.find((symbol) => symbol.name === 'fromNobody');
    expect(nobody).toMatchObject({ computedAccess: 'src/app.ts::2::38' });
    expect(response.possiblyUsed).toBe(3);
    expect(presentAnswer('unused', response, 'compact').output).toContain(
      'src/url.ts::4::14  Constant  fromNobody  (exported, possibly used: computed access at src/app.ts:2)',
    );
    expect(presentAnswer('unused', response, 'text').output).toMatch(/; 3 possibly used through a computed key\)/);
    const notCounted = await findUnused(deps, { path: 'src/url.ts', exported: true, refsNotIn: 'src/app.ts' });
    expect(notCounted.files[0].unused.some((symbol) => symbol.computedAccess)).toBe(false);
    expect(notCounted.possiblyUsed).toBeUndefined();
  });

  it('--limit cuts the list but total counts everything; the answer says what it searched', async () => {
    const { engine, deps } = urlProject();
    const response = await findUnused(deps, { path: 'src/url.ts', limit: 1 });
    expect(response).toMatchObject({ total: 3, truncated: true, projects: 0, complete: true });
    expect(names(response)).toEqual(['src/url.ts:fromTests (tests)']);
    engine.status = () => ({
      ...FakeEngine.prototype.status.call(engine),
      projects: ['tsconfig.json', 'test/tsconfig.json'],
      configErrors: [{ file: 'lib/tsconfig.json', line: 1, character: 1, code: 'TS1005', message: 'x' }],
    });
    const broken = await findUnused(deps, { path: 'src/url.ts' });
    expect(broken).toMatchObject({ projects: 2, complete: false });
    expect(broken.incomplete).toBe(
      '1 tsconfig/jsconfig file(s) could not be read, so their projects were not searched (cn status)',
    );
  });

  it('a file of a directory the engine cannot outline is counted as not checked, not fatal', async () => {
    const { engine, deps } = urlProject();
    const outline = engine.outline.bind(engine);
    engine.outline = async (filePath: string) => {
      if (filePath.endsWith('app.ts')) throw new CnError('engine-failure', 'outline timed out');
      return outline(filePath);
    };
    const response = await findUnused(deps, { path: 'src' });
    expect(response.complete).toBe(false);
    expect(response.incomplete).toBe('1 file could not be outlined and was not checked: src/app.ts');
    expect(response.filesChecked).toBe(2);
  });
});

describe('findUnused membersOf', () => {
  const model = [
    'export class Model {', // 1
    '  static find(id: string): Model { return new Model(); }', // 2
    '  static count(): number { return 0; }', // 3
    '  save(): void {}', // 4
    '  private secret(): void {}', // 5
    '  constructor() {}', // 6
    '}', // 7
    '',
  ].join('\n');
  function modelProject() {
    const engine = new FakeEngine();
    const file = `${ROOT}/src/model.ts`;
    engine.outlines[file] = [
      node(
        'Model',
        'Class',
        [1, 7],
        [1, 14],
        [
          node('find', 'Method', [2, 2], [2, 10]),
          node('count', 'Method', [3, 3], [3, 10]),
          node('save', 'Method', [4, 4], [4, 3]),
          node('secret', 'Method', [5, 5], [5, 11]),
          node('constructor', 'Constructor', [6, 6], [6, 3]),
        ],
      ),
    ];
    // `Post.find('1')` in another file: the compiler resolves it to Model.find.
    engine.referencesAt[`${file}:2:10`] = [at('src/app.ts', 10, 24)];
    engine.referencesAt[`${file}:4:3`] = [at('src/model.test.ts', 3, 3)];
    engine.referencesAt[`${file}:5:11`] = [at('src/model.ts', 2, 40)];
    const files = new FakeFiles({ 'src/model.ts': model });
    return {
      engine,
      deps: { engine, symbols: engine, files, paths: new ProjectPaths(ROOT), importGraph: importGraphOf(files) },
    };
  }

  it("lists a class's static and instance members nothing uses, uses through subclasses counting; constructors aside", async () => {
    const { deps } = modelProject();
    const response = await findUnused(deps, { membersOf: 'src/model.ts::1::14' });
    expect(response).toMatchObject({
      path: 'src/model.ts',
      membersOf: 'Model',
      checked: 4,
      total: 2,
      usedOnlyByTests: 1,
    });
    expect(response.files[0].unused).toEqual([
      {
        id: 'src/model.ts::3::10',
        name: 'count',
        kind: 'Method',
        line: 3,
        exported: true,
        container: 'Model',
        static: true,
      },
      {
        id: 'src/model.ts::4::3',
        name: 'save',
        kind: 'Method',
        line: 4,
        exported: true,
        container: 'Model',
        usedOnlyByTests: true,
      },
    ]);
  });

  it('with exported: public members only, and uses in the own file do not count', async () => {
    const { deps } = modelProject();
    const response = await findUnused(deps, { membersOf: 'src/model.ts::1::14', exported: true });
    expect(response.files[0].unused.map((symbol) => symbol.name)).toEqual(['count', 'save']);
    expect(response.checked).toBe(3);
  });

  it('refuses a target without members, a path together with a class, and a name nothing declares', async () => {
    const { deps } = modelProject();
    await expect(findUnused(deps, { membersOf: 'src/model.ts::2::10' })).rejects.toThrow(
      'find (Method, src/model.ts:2) has no members',
    );
    await expect(findUnused(deps, { membersOf: 'Model', path: 'src' })).rejects.toThrow('not both');
    await expect(findUnused(deps, { membersOf: 'NoSuchClass' })).rejects.toThrow("no symbol named 'NoSuchClass'");
    await expect(findUnused(deps, { membersOf: 'src/model.ts' })).rejects.toThrow(
      "--members takes a class, not a file: 'src/model.ts'",
    );
  });
});

describe('findUnused membersOf: members judged as the source declares them (issue 23.4)', () => {
  const shape = [
    'export class Shape {', // 1
    '  static create(): Shape { return new Shape(); }', // 2
    '  create(): void {}', // 3
    '  get area(): number { return 0; }', // 4
    '  set area(value: number) {}', // 5
    "  static kinds = ['a'];", // 6
    '}', // 7
    'export enum Color {', // 8
    '  Red,', // 9
    '  Green,', // 10
    '}', // 11
    '',
  ].join('\n');
  function shapeProject(colorUse = 'Color.Red') {
    const engine = new FakeEngine();
    const file = `${ROOT}/src/shape.ts`;
    engine.outlines[file] = [
      node(
        'Shape',
        'Class',
        [1, 7],
        [1, 14],
        [
          node('create', 'Method', [2, 2], [2, 10]),
          node('create', 'Method', [3, 3], [3, 3]),
          node('area', 'Property', [4, 4], [4, 7]),
          node('area', 'Property', [5, 5], [5, 7]),
          node('kinds', 'Property', [6, 6], [6, 10]),
        ],
      ),
      node(
        'Color',
        'Enum',
        [8, 11],
        [8, 13],
        [node('Red', 'EnumMember', [9, 9], [9, 3]), node('Green', 'EnumMember', [10, 10], [10, 3])],
      ),
    ];
    engine.referencesAt[`${file}:2:10`] = [at('src/app.ts', 2, 7)];
    engine.referencesAt[`${file}:1:14`] = [at('src/app.ts', 2, 1)];
    engine.referencesAt[`${file}:8:13`] = [at('src/app.ts', 3, 24)];
    engine.referencesAt[`${file}:9:3`] = [];
    const files = new FakeFiles({
      'src/shape.ts': shape,
      'src/app.ts': `import { Shape, Color } from './shape';\nShape.create();\nexport const picked = (${colorUse});\n`,
    });
    return {
      engine,
      deps: { engine, symbols: engine, files, paths: new ProjectPaths(ROOT), importGraph: importGraphOf(files) },
    };
  }

  it('a static and an instance member of one name apart, an accessor as Getter, a get/set pair once', async () => {
    const { deps } = shapeProject();
    const response = await findUnused(deps, { membersOf: 'src/shape.ts::1::14' });
    expect(response.checked).toBe(4);
    expect(
      response.files[0].unused.map((symbol) => `${symbol.name} ${symbol.kind}${symbol.static ? ' static' : ''}`),
    ).toEqual(['create Method', 'area Getter', 'kinds Property static']);
  });

  it("--kind narrows members and top-level declarations alike, with find's kind words", async () => {
    const { deps } = shapeProject();
    const getters = await findUnused(deps, { membersOf: 'src/shape.ts::1::14', kind: 'getter' });
    expect(getters.files[0].unused.map((symbol) => symbol.name)).toEqual(['area']);
    expect(getters.checked).toBe(1);
    const engine = new FakeEngine();
    engine.outlines[`${ROOT}/src/a.ts`] = [
      node('used', 'Function', [1, 1], [1, 17]),
      node('unusedExport', 'Function', [2, 2], [2, 17]),
      node('helper', 'Function', [3, 3], [3, 10]),
    ];
    const files = new FakeFiles({ 'src/a.ts': source, 'src/b.ts': 'export const value = 1;\n' });
    engine.outlines[`${ROOT}/src/b.ts`] = [node('value', 'Constant', [1, 1], [1, 14])];
    const deps2 = { engine, symbols: engine, files, paths: new ProjectPaths(ROOT), importGraph: importGraphOf(files) };
    const functions = await findUnused(deps2, { kind: 'function' });
    expect(functions.files.flatMap((file) => file.unused.map((symbol) => symbol.kind))).toEqual([
      'Function',
      'Function',
      'Function',
    ]);
    expect(presentAnswer('unused', functions, 'text').output.split('\n').pop()).toBe(
      '3 of 3 declarations in 2 files unused (kind function only); 0 projects searched',
    );
    await expect(findUnused(deps2, { kind: 'gadget' })).rejects.toThrow("unknown kind 'gadget'");
  });

  it('a computed key on an enum (or a class, for its statics) makes its members possibly used', async () => {
    const { deps } = shapeProject('Color[name as keyof typeof Color]');
    const colors = await findUnused(deps, { membersOf: 'src/shape.ts::8::13' });
    expect(colors.files[0].unused.map((symbol) => `${symbol.name} ${symbol.computedAccess ?? ''}`)).toEqual([
      'Red src/app.ts::3::24',
      'Green src/app.ts::3::24',
    ]);
    expect(colors.possiblyUsed).toBe(2);
    const plain = await findUnused(deps, { membersOf: 'src/shape.ts::1::14' });
    expect(plain.files[0].unused.some((symbol) => symbol.computedAccess)).toBe(false);
  });
});

describe('isTestFile', () => {
  it('knows the usual test conventions', () => {
    const tests = [
      'src/a.test.ts',
      'src/a.spec.tsx',
      'lib/a.test.mjs',
      'test/a.ts',
      'packages/x/tests/a.ts',
      'spec/a.ts',
      'e2e/a.ts',
    ];
    tests.push('src/__tests__/a.ts', 'src/__mocks__/fs.ts', 'runtime-tests/node/index.ts', 'integration_tests/a.ts');
    for (const file of tests) expect(isTestFile(file), file).toBe(true);
    for (const file of [
      'src/a.ts',
      'src/testing.ts',
      'src/contest/a.ts',
      'src/latest/a.ts',
      'src/test-utils.ts',
      'src/attest.ts',
    ])
      expect(isTestFile(file), file).toBe(false);
  });
});

describe('fitUnused', () => {
  it('drops what the used ones rest on, then cuts the list from the end, then keeps counts only', async () => {
    const { deps } = urlProject();
    const response = await findUnused(deps, { path: 'src/url.ts' });
    expect(response.used?.length).toBeGreaterThan(0);
    const { used: _used, ...unusedOnly } = response;
    const noEvidence = fitUnused(response, estimateJsonTokens(unusedOnly) + 40);
    expect(noEvidence.budget?.stage).toBe('no-previews');
    expect([noEvidence.used, noEvidence.total]).toEqual([undefined, 3]);
    const full = estimateJsonTokens(unusedOnly);
    const cut = fitUnused(response, full - 5);
    expect(cut.budget?.stage).toBe('cut');
    expect(cut.truncated).toBe(true);
    expect(cut.total).toBe(3);
    expect(names(cut).length).toBeLessThan(3);
    const totals = fitUnused(response, 20);
    expect(totals.budget?.stage).toBe('totals');
    expect(totals.files).toEqual([]);
  });
});
