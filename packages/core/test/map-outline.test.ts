import { describe, expect, it } from 'vitest';
import { ProjectPaths, SourceText, mapFile, overview } from '../src/index.js';
import { readDeclarationHead } from '../src/inspect/declaration-head.js';
import { exportEntries } from '../src/inspect/export-entries.js';
import { FakeEngine, FakeFiles, ROOT, at, node } from './fakes.js';

const routerSource = [
  'export enum Verb {', // 1
  "  Get = 'GET',", // 2
  '}', // 3
  'export abstract class Router {', // 4
  '  #routes = 0;', // 5
  '  private static count = 0;', // 6
  '  protected readonly name = "r";', // 7
  '  get size(): number {', // 8
  '    return 1;', // 9
  '  }', // 10
  '  set size(value: number) {}', // 11
  '  @traced() async load(): Promise<void> {}', // 12
  '  abstract match(path: string): boolean;', // 13
  '  static get [Symbol.species]() { return Router; }', // 14
  '/** Joins two paths. */', // 15
  'export function join(a: string, b: string): string;', // 16
  'export function join(...parts: string[]): string {', // 17
  "  return parts.join('/');", // 18
  '}', // 19
  'for (const route of [1, 2]) console.log(route);', // 20
  '',
].join('\n');
const indexSource = [
  "import { Router } from './router';", // 1
  'export { Router };', // 2
  "export { Verb as HttpVerb, type Params } from './router';", // 3
  "export * from './router';", // 4
  "export * as router from './router';", // 5
  "export type * from './types';", // 6
  'const api = { export: 1 };', // 7
  '',
].join('\n');

function setup() {
  const engine = new FakeEngine();
  const files = new FakeFiles({ 'src/router.ts': routerSource, 'src/index.ts': indexSource });
  const deps = { engine, symbols: engine, files, paths: new ProjectPaths(ROOT) };
  const router = `${ROOT}/src/router.ts`;
  engine.outlines[router] = [
    node('Verb', 'Enum', [1, 3], [1, 13], [node('Get', 'EnumMember', [2, 2], [2, 3])]),
    node(
      'Router',
      'Class',
      [4, 15],
      [4, 23],
      [
        node('#routes', 'Property', [5, 5], [5, 3]),
        node('count', 'Property', [6, 6], [6, 18]),
        node('name', 'Property', [7, 7], [7, 22]),
        node('size', 'Method', [8, 10], [8, 7]),
        node('size', 'Method', [11, 11], [11, 7]),
        node('load', 'Method', [12, 12], [12, 19]),
        node('match', 'Method', [13, 13], [13, 12]),
        node('[Symbol.species]', 'Method', [14, 14], [14, 14]),
      ],
    ),
    // The engine gives an overload no name position: its selection is where the declaration starts.
    node('join', 'Function', [16, 16], [16, 1]),
    node('join', 'Function', [17, 19], [17, 17]),
    node('route', 'Constant', [20, 20], [20, 12]),
  ];
  return { engine, deps, router };
}

describe('cn map: what the source says about each declaration', () => {
  it('gives modifiers, accessors as Getter/Setter and overload ids at the name', async () => {
    const { deps } = setup();
    const response = await mapFile(deps, { file: 'src/router.ts' });
    const rows = response.symbols.map(
      (symbol) => `${symbol.id} ${symbol.kind} ${symbol.name} ${(symbol.modifiers ?? []).join(',')}`,
    );
    expect(rows).toEqual([
      'src/router.ts::1::13 Enum Verb export',
      'src/router.ts::2::3 EnumMember Get ',
      'src/router.ts::4::23 Class Router export,abstract',
      'src/router.ts::5::3 Property #routes #private',
      'src/router.ts::6::18 Property count private,static',
      'src/router.ts::7::22 Property name protected,readonly',
      'src/router.ts::8::7 Getter size ',
      'src/router.ts::11::7 Setter size ',
      'src/router.ts::12::19 Method load async',
      'src/router.ts::13::12 Method match abstract',
      'src/router.ts::14::14 Getter [Symbol.species] static',
      'src/router.ts::16::17 Function join export',
      'src/router.ts::17::17 Function join export',
    ]);
  });

  it('leaves out variables of a top-level for loop, unless locals are asked for', async () => {
    const { deps } = setup();
    expect((await mapFile(deps, { file: 'src/router.ts' })).symbols.map((s) => s.name)).not.toContain('route');
    expect((await mapFile(deps, { file: 'src/router.ts', locals: true })).symbols.map((s) => s.name)).toContain(
      'route',
    );
  });

  it('lists the re-exports of a file that only re-exports, each with the id and kind it resolves to', async () => {
    const { engine, deps } = setup();
    const index = `${ROOT}/src/index.ts`;
    engine.definitionsAt[`${index}:2:10`] = [at('src/router.ts', 4, 23)];
    engine.definitionsAt[`${index}:3:10`] = [at('src/router.ts', 1, 13)];
    engine.definitionsAt[`${index}:4:16`] = [at('src/router.ts', 1, 1)];
    engine.definitionsAt[`${index}:5:26`] = [at('src/router.ts', 1, 1)];
    // A target outside the root is not named.
    engine.definitionsAt[`${index}:3:33`] = [
      { filePath: '/elsewhere/params.ts', range: { start: { line: 1, character: 1 }, end: { line: 1, character: 1 } } },
    ];
    const response = await mapFile(deps, { file: 'src/index.ts' });
    expect(response.symbols).toEqual([
      {
        id: 'src/index.ts::2::10',
        name: 'Router',
        kind: 'Export',
        line: 2,
        endLine: 2,
        resolvesTo: 'src/router.ts::4::23',
        resolvedKind: 'Class',
      },
      {
        id: 'src/index.ts::3::18',
        name: 'HttpVerb',
        kind: 'Export',
        line: 3,
        endLine: 3,
        from: './router',
        resolvesTo: 'src/router.ts::1::13',
        resolvedKind: 'Enum',
      },
      {
        id: 'src/index.ts::3::33',
        name: 'Params',
        kind: 'Export',
        line: 3,
        endLine: 3,
        modifiers: ['type'],
        from: './router',
      },
      {
        id: 'src/index.ts::4::8',
        name: '*',
        kind: 'Export',
        line: 4,
        endLine: 4,
        from: './router',
        resolvesTo: 'src/router.ts::1::1',
      },
      {
        id: 'src/index.ts::5::13',
        name: 'router',
        kind: 'Export',
        line: 5,
        endLine: 5,
        from: './router',
        resolvesTo: 'src/router.ts::1::1',
      },
      {
        id: 'src/index.ts::6::13',
        name: '*',
        kind: 'Export',
        line: 6,
        endLine: 6,
        modifiers: ['type'],
        from: './types',
      },
    ]);
  });

  it('asks the engine only about the re-exports a limit keeps', async () => {
    const { engine, deps } = setup();
    let asked = 0;
    engine.definition = async () => {
      asked++;
      return [];
    };
    const response = await mapFile(deps, { file: 'src/index.ts', limit: 2 });
    expect(response).toMatchObject({ total: 6, truncated: true });
    expect(asked).toBe(2);
  });
});

describe('readDeclarationHead', () => {
  it('never fails on a declaration whose name is not where the engine says', () => {
    const text = new SourceText('weird = 1;\n');
    expect(readDeclarationHead(text, node('other', 'Variable', [1, 1], [1, 1]))).toEqual({
      nameAt: { line: 1, character: 1 },
      modifiers: [],
    });
  });
});

describe('exportEntries', () => {
  it('reads export = and skips strings, comments and object keys named export', () => {
    const code = [
      '// export * from "./nope";',
      'const s = "export { a }";',
      'const o = { export: 1 };',
      'export = Legacy;',
      '',
    ].join('\n');
    expect(exportEntries(code).map((entry) => `${entry.name}@${entry.nameAt.line}:${entry.nameAt.character}`)).toEqual([
      'export=@4:10',
    ]);
  });
});

describe('a script at module level (issue 13)', () => {
  const script = [
    'const rows = [[1, 2]];', // 1
    'for (', // 2
    '  const entry of rows', // 3
    ') {}', // 4
    'for (const [a, b] of rows) console.log(a, b);', // 5
    'for await (const chunk of rows) {}', // 6
    'try {', // 7
    '  rows.pop();', // 8
    '} catch ({ message }) {}', // 9
    'export const done = rows.for;', // 10
    '',
  ].join('\n');

  it('lists only module-level declarations, not loop or catch bindings', async () => {
    const engine = new FakeEngine();
    engine.outlines[`${ROOT}/src/script.mjs`] = [
      node('rows', 'Constant', [1, 1], [1, 7]),
      node('entry', 'Constant', [3, 3], [3, 9]),
      node('a', 'Constant', [5, 5], [5, 13]),
      node('b', 'Constant', [5, 5], [5, 16]),
      node('chunk', 'Constant', [6, 6], [6, 18]),
      node('message', 'Variable', [9, 9], [9, 12]),
      node('done', 'Constant', [10, 10], [10, 14]),
    ];
    const deps = {
      engine,
      symbols: engine,
      files: new FakeFiles({ 'src/script.mjs': script }),
      paths: new ProjectPaths(ROOT),
    };
    expect((await mapFile(deps, { file: 'src/script.mjs' })).symbols.map((s) => s.name)).toEqual(['rows', 'done']);
    const importGraph = { projectFiles: async () => [`${ROOT}/src/script.mjs`], importsOf: async () => [] };
    const listed = await overview({ ...deps, importGraph }, { maxTokens: 0 });
    expect(listed.files[0].symbols.map((s) => s.name)).toEqual(['done', 'rows']);
  });
});
