import { describe, expect, it } from 'vitest';
import {
  ProjectPaths,
  SourceText,
  estimateTokens,
  findSymbol,
  fitFind,
  fitMap,
  inspectMany,
  mapFile,
  overview,
  signature,
  snippet,
  type FindResponse,
  type WorkspaceSymbolHit,
} from '../src/index.js';
import { FakeEngine, FakeFiles, FakeReferenceSyntax, ROOT, at, node } from './fakes.js';

const shapes = [
  'export namespace Geo {', //                          1
  '  export class Circle {', //                         2
  '    area(): number {', //                            3
  '      return 1;', //                                 4
  '    }', //                                           5
  '  }', //                                             6
  '}', //                                               7
  'export class Square {', //                           8
  '  area(): number { return 4; }', //                  9
  '}', //                                               10
  'export type Id = string;', //                        11
  'export function area(', //                           12
  '  width: number,', //                                13
  '  height: number,', //                               14
  '): number {', //                                     15
  '  return width * height;', //                        16
  '}', //                                               17
  '',
].join('\n');
const other = ["import { area, Square } from './shapes.js';", 'export const areaOf = area;', ''].join('\n');

function hit(
  name: string,
  kind: string,
  line: number,
  endLine: number,
  containerName?: string,
  file = 'src/shapes.ts',
): WorkspaceSymbolHit {
  return {
    name,
    kind,
    filePath: `${ROOT}/${file}`,
    range: { start: { line, character: 1 }, end: { line: endLine, character: 2 } },
    ...(containerName ? { containerName } : {}),
  };
}

function setup() {
  const engine = new FakeEngine();
  const files = new FakeFiles({ 'src/shapes.ts': shapes, 'src/other.ts': other, 'lib/extra.ts': other });
  const paths = new ProjectPaths(ROOT);
  const importGraph = {
    projectFiles: async () => [`${ROOT}/lib/extra.ts`, `${ROOT}/src/other.ts`, `${ROOT}/src/shapes.ts`],
    // Both importers' './shapes.js' is src/shapes.ts (as a paths alias would make it).
    importsOf: async () => [
      { specifier: './shapes.js', line: 1, character: 30, resolvedFile: `${ROOT}/src/shapes.ts` },
    ],
  };
  engine.symbols = [
    hit('area', 'Method', 3, 5, 'Circle'),
    hit('area', 'Method', 9, 9, 'Square'),
    hit('area', 'Function', 12, 17),
    hit('areaOf', 'Constant', 2, 2, undefined, 'src/other.ts'),
    hit('Id', 'Variable', 11, 11),
  ];
  engine.outlines[`${ROOT}/src/shapes.ts`] = [
    node(
      'Geo',
      'Namespace',
      [1, 7],
      [1, 18],
      [node('Circle', 'Class', [2, 6], [2, 16], [node('area', 'Method', [3, 5], [3, 5])])],
    ),
    node('Square', 'Class', [8, 10], [8, 14], [node('area', 'Method', [9, 9], [9, 3])]),
    node('Id', 'Variable', [11, 11], [11, 13]),
    node('area', 'Function', [12, 17], [12, 17]),
  ];
  return {
    engine,
    deps: { engine, symbols: engine, files, paths, importGraph, referenceSyntax: new FakeReferenceSyntax() },
  };
}

describe('targeting', () => {
  it('matches qualified names against containers at any depth', async () => {
    const { deps } = setup();
    expect((await findSymbol(deps, { query: 'Square.area', refs: 'none' })).definition).toMatchObject({
      id: 'src/shapes.ts::9::3',
      container: 'Square',
    });
    expect((await findSymbol(deps, { query: 'Geo.Circle.area', refs: 'none' })).definition).toMatchObject({
      id: 'src/shapes.ts::3::5',
      container: 'Circle',
    });
    expect((await findSymbol(deps, { query: 'Other.Circle.area', refs: 'none' })).definition).toBeNull();
  });

  it('filters by kind, by path or glob, and by exact name', async () => {
    const { deps } = setup();
    const fn = await findSymbol(deps, { query: 'area', kind: 'function', refs: 'none' });
    expect(fn.definition).toMatchObject({ kind: 'Function', line: 12 });
    expect(fn.candidates).toEqual([]);
    const inOther = await findSymbol(deps, { query: 'area', in: 'src/other.ts', refs: 'none' });
    expect(inOther.definition).toMatchObject({ name: 'areaOf' });
    expect((await findSymbol(deps, { query: 'area', in: 'src/**/o*.ts', refs: 'none' })).definition).toMatchObject({
      name: 'areaOf',
    });
    const exact = await findSymbol(deps, { query: 'area', exact: true, refs: 'none' });
    expect([exact.definition!, ...exact.candidates].map((c) => c.name)).toEqual(['area', 'area', 'area']);
    expect((await findSymbol(deps, { query: 'Id', kind: 'type', refs: 'none' })).definition).toMatchObject({
      name: 'Id',
      kind: 'TypeAlias',
    });
  });

  it('says when the choice is ambiguous and answers the tie too, with id, kind and container', async () => {
    const { deps } = setup();
    const methods = await findSymbol(deps, { query: 'area', kind: 'method', refs: 'none' });
    expect(methods.ambiguous).toBe(true);
    expect(methods.moreDefinitions?.map((group) => group.definition)).toEqual([
      expect.objectContaining({ id: 'src/shapes.ts::9::3', kind: 'Method', container: 'Square' }),
    ]);
    expect(methods.candidates).toEqual([]);
    expect((await findSymbol(deps, { query: 'area', refs: 'none' })).ambiguous).toBeUndefined();
  });

  it('skips the reference search with refs none and drops the definition with refs only', async () => {
    const { engine, deps } = setup();
    engine.referencesAt[`${ROOT}/src/shapes.ts:12:17`] = [at('src/other.ts', 1, 10), at('src/shapes.ts', 12, 17)];
    const none = await findSymbol(deps, { query: 'area', kind: 'function', refs: 'none' });
    expect(engine.asked).toEqual([]);
    expect(none).toMatchObject({ references: [], refs: 'none' });
    const only = await findSymbol(deps, { query: 'area', kind: 'function', refs: 'only', limit: 1 });
    expect(only).toMatchObject({ definition: null, candidates: [], totalReferences: 2, truncated: true, refs: 'only' });
    expect(only.references.map((r) => r.id)).toEqual(['src/other.ts::1::10']);
  });
});

describe('snippets', () => {
  const text = new SourceText(shapes);
  it('folds a declaration to one line, spreading parameters joined', () => {
    expect(signature(text, 12, 17)).toBe('export function area( width: number, height: number, ): number { … }');
    expect(snippet(text, 11, 11, 'fold')).toBe('export type Id = string;');
    expect(snippet(text, 8, 10, 'fold')).toBe('export class Square { … }');
  });
  it('previews the first lines and gives the whole block dedented for full', () => {
    expect(snippet(text, 2, 6, 'full')).toBe('export class Circle {\n  area(): number {\n    return 1;\n  }\n}');
    expect(snippet(text, 12, 17, 'preview').split('\n')).toHaveLength(6);
    expect(
      snippet(new SourceText(Array.from({ length: 20 }, (_, i) => `line${i}`).join('\n')), 1, 20, 'preview'),
    ).toMatch(/… \(14 more lines\)$/);
  });
  it('adds snippets to find and map results', async () => {
    const { deps } = setup();
    expect(
      (await findSymbol(deps, { query: 'area', kind: 'function', refs: 'none', snippet: 'fold' })).definition?.snippet,
    ).toBe('export function area( width: number, height: number, ): number { … }');
    const map = await mapFile(deps, { file: 'src/shapes.ts', snippet: 'fold', limit: 2 });
    expect(map.symbols.map((s) => s.snippet)).toEqual(['export namespace Geo { … }', 'export class Circle { … }']);
    expect(map).toMatchObject({ total: 7, truncated: true });
  });
});

describe('budgets', () => {
  const ref = (file: string, line: number) => ({
    id: `${file}::${line}::1`,
    filePath: file,
    line,
    character: 1,
    role: 'read' as const,
    in: { name: '<module>', kind: 'Module', id: file },
    preview: `some code that uses the symbol on line ${line}`,
  });
  const response: FindResponse = {
    query: 'x',
    definition: {
      id: 'a.ts::1::1',
      filePath: 'a.ts',
      line: 1,
      character: 1,
      kind: 'Class',
      name: 'x',
      preview: 'class x {}',
    },
    references: [
      ...Array.from({ length: 40 }, (_, i) => ref('a.ts', i + 2)),
      ...Array.from({ length: 40 }, (_, i) => ref('b.ts', i + 1)),
    ],
    totalReferences: 80,
    candidates: [],
  };
  const json = (value: unknown) => estimateTokens(JSON.stringify(value));
  it('goes through the stages until the answer fits, and says which one it used', () => {
    expect(fitFind(response, 100_000).budget?.stage).toBe('full');
    const noPreviews = fitFind(response, json(response) - 10);
    expect(noPreviews.budget?.stage).toBe('no-previews');
    expect(noPreviews.references[0]).not.toHaveProperty('preview');
    const grouped = fitFind(response, 200);
    expect(grouped).toMatchObject({
      references: [],
      referenceFiles: [
        { filePath: 'a.ts', count: 40 },
        { filePath: 'b.ts', count: 40 },
      ],
      truncated: true,
    });
    expect(grouped.budget).toMatchObject({ stage: 'grouped', maxTokens: 200 });
    expect(grouped.budget!.tokens).toBeLessThanOrEqual(200);
    const totals = fitFind(response, 60);
    expect(totals).toMatchObject({ references: [], totalReferences: 80, budget: { stage: 'totals' } });
    expect(totals).not.toHaveProperty('referenceFiles');
  });
  it('cuts a map to top-level symbols with kind counts', async () => {
    const { deps } = setup();
    const full = await mapFile(deps, { file: 'src/shapes.ts' });
    const grouped = fitMap(full, json({ ...full, symbols: full.symbols.slice(0, 4) }) + 60);
    expect(grouped.budget?.stage).toBe('grouped');
    expect(grouped.symbols.map((s) => s.name)).toEqual(['Geo', 'Square', 'Id', 'area']);
    expect(grouped.kinds).toEqual({ Namespace: 1, Class: 2, Method: 2, TypeAlias: 1, Function: 1 });
  });
  it('estimates tokens by word, number and punctuation runs', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('src/a.ts 16:10 20:5')).toBeGreaterThan(estimateTokens('the quick brown fox'));
  });
});

describe('inspectMany', () => {
  it('answers each distinct block once with every id in it, and reports failures beside results', async () => {
    const { engine, deps } = setup();
    engine.folds[`${ROOT}/src/shapes.ts`] = [];
    const response = await inspectMany(deps, {
      ids: ['src/shapes.ts:16', 'src/shapes.ts::13::3', 'src/shapes.ts:9', 'src/nope.ts:1', 'src/shapes.ts:99'],
    });
    expect(response.results.map((r) => [r.range, r.ids])).toEqual([
      [{ startLine: 12, endLine: 17 }, ['src/shapes.ts:16', 'src/shapes.ts::13::3']],
      [{ startLine: 9, endLine: 9 }, ['src/shapes.ts:9']],
    ]);
    expect(response.failures.map((f) => [f.id, f.kind])).toEqual([
      ['src/nope.ts:1', 'bad-input'],
      ['src/shapes.ts:99', 'bad-input'],
    ]);
    expect(await inspectMany(deps, { ids: ['src/shapes.ts:16', 'src/shapes.ts:9'], limit: 1 })).toMatchObject({
      total: 2,
      truncated: true,
    });
  });
});

describe('overview', () => {
  it('lists top-level declarations per file, exported first, most-imported first, with counts', async () => {
    const { engine, deps } = setup();
    engine.outlines[`${ROOT}/src/other.ts`] = [node('areaOf', 'Constant', [2, 2], [2, 14])];
    const response = await overview(deps, { maxTokens: 0 });
    expect(response.counts).toEqual({
      files: 3,
      symbols: 5,
      byKind: { Namespace: 1, Class: 1, TypeAlias: 1, Function: 1, Constant: 1 },
    });
    expect(response.files[0].filePath).toBe('src/shapes.ts');
    expect(response.files[0].symbols.map((s) => `${s.name}:${s.importedBy}`)).toEqual([
      'Square:2',
      'area:2',
      'Geo:0',
      'Id:0',
    ]);
    expect(response.files[0].symbols[1]).toMatchObject({
      kind: 'Function',
      exported: true,
      signature: 'export function area( width: number, height: number, ): number { … }',
    });
    expect(response.mostImported[0]).toMatchObject({ name: 'area', importedBy: 2, filePath: 'src/shapes.ts' });
    const cut = await overview(deps, { maxTokens: estimateTokens(JSON.stringify(response)) - 10 });
    expect(cut).toMatchObject({ truncated: true, total: 2, budget: { stage: 'cut' } });
    expect(cut.files.map((f) => f.filePath)).toEqual(['src/shapes.ts']);
    expect(await overview(deps, { maxTokens: 20 })).toMatchObject({ files: [], total: 2, budget: { stage: 'totals' } });
    expect((await overview(deps, { dir: 'lib', maxTokens: 0 })).counts.files).toBe(1);
  });

  it('names a missing directory as a directory (the files port says MissingPath); other refusals pass through', async () => {
    const { deps } = setup();
    await expect(overview(deps, { dir: 'nowhere' })).rejects.toMatchObject({
      kind: 'bad-input',
      message: 'no such directory: nowhere',
    });
    await expect(overview(deps, { dir: '../elsewhere' })).rejects.toMatchObject({
      kind: 'bad-input',
      message: '../elsewhere is outside the project root',
    });
  });
});
