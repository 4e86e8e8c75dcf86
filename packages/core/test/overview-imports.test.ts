import { describe, expect, it } from 'vitest';
import { ProjectPaths, overview } from '../src/index.js';
import { FakeEngine, FakeFiles, ROOT, node } from './fakes.js';
import { FakeImportGraph } from './navigation-fakes.js';

const files = {
  'src/a.ts': 'export function helper() {}\n',
  'src/b.ts': 'export function helper() {}\nexport function other() {}\nexport default function main() {}\n',
  'src/barrel.ts': "export { helper as aHelper } from './a.js';\nexport * from './b.js';\n",
  'src/use1.ts': "import { helper } from './a.js';\n",
  'src/use2.ts': "import { aHelper, other } from './barrel.js';\n",
  'src/use3.ts': "import { helper } from './barrel.js';\n",
  'src/use4.ts': "import start from './b.js';\n",
};

describe('overview counts importers per declaration, not per name (issue 13)', () => {
  it('credits each helper with its own importers, through re-exports and default imports', async () => {
    const engine = new FakeEngine();
    engine.outlines[`${ROOT}/src/a.ts`] = [node('helper', 'Function', [1, 1], [1, 17])];
    engine.outlines[`${ROOT}/src/b.ts`] = [
      node('helper', 'Function', [1, 1], [1, 17]),
      node('other', 'Function', [2, 2], [2, 17]),
      node('main', 'Function', [3, 3], [3, 25]),
    ];
    const importGraph = new FakeImportGraph({
      'src/a.ts': [],
      'src/b.ts': [],
      'src/barrel.ts': [
        { specifier: './a.js', resolvedFile: 'src/a.ts' },
        { specifier: './b.js', resolvedFile: 'src/b.ts' },
      ],
      'src/use1.ts': [{ specifier: './a.js', resolvedFile: 'src/a.ts' }],
      'src/use2.ts': [{ specifier: './barrel.js', resolvedFile: 'src/barrel.ts' }],
      'src/use3.ts': [{ specifier: './barrel.js', resolvedFile: 'src/barrel.ts' }],
      'src/use4.ts': [{ specifier: './b.js', resolvedFile: 'src/b.ts' }],
    });
    const deps = { engine, symbols: engine, files: new FakeFiles(files), paths: new ProjectPaths(ROOT), importGraph };
    const answer = await overview(deps, { maxTokens: 0 });
    const counts = answer.files.flatMap((file) =>
      file.symbols.map((symbol) => `${file.filePath} ${symbol.name}:${symbol.importedBy}`),
    );
    // a's helper: use1, the barrel that re-exports it, use2 through the barrel; b's: use3 through `export *`.
    expect(counts).toEqual(['src/a.ts helper:3', 'src/b.ts helper:1', 'src/b.ts other:1', 'src/b.ts main:1']);
  });
});

describe('overview: one entry per meaning of a name', () => {
  it('an interface and a const of one name are two entries; overload signatures are one', async () => {
    const engine = new FakeEngine();
    const schemas = [
      'export interface Schema { def: string }',
      'export const Schema = { init() {} };',
      'export function pick(value: string): string;',
      'export function pick(value: number): number;',
      'export function pick(value: unknown) { return value; }',
      '',
    ].join('\n');
    engine.outlines[`${ROOT}/src/schemas.ts`] = [
      node('Schema', 'Interface', [1, 1], [1, 18]),
      node('Schema', 'Constant', [2, 2], [2, 14]),
      node('pick', 'Function', [3, 3], [3, 17]),
      node('pick', 'Function', [4, 4], [4, 17]),
      node('pick', 'Function', [5, 5], [5, 17]),
    ];
    const importGraph = new FakeImportGraph({ 'src/schemas.ts': [] });
    const deps = {
      engine,
      symbols: engine,
      files: new FakeFiles({ 'src/schemas.ts': schemas }),
      paths: new ProjectPaths(ROOT),
      importGraph,
    };
    const answer = await overview(deps, { maxTokens: 0 });
    const listed = answer.files.flatMap((file) =>
      file.symbols.map((symbol) => `${symbol.kind} ${symbol.name}${symbol.overloads ? ` +${symbol.overloads}` : ''}`),
    );
    expect(listed).toEqual(['Interface Schema', 'Constant Schema', 'Function pick +2']);
  });
});

describe('overview counts namespace imports by the members they use (issue 24, item 15)', () => {
  it('credits `import * as core` with each core.Name it uses, through export * and export * as', async () => {
    const sources = {
      'src/schemas.ts': 'export interface Schema {}\nexport function parse() {}\nexport const unusedHere = 1;\n',
      'src/core.ts': "export * from './schemas.js';\n",
      'src/api.ts': "export * as schemas from './schemas.js';\n",
      'src/use1.ts': "import * as core from './core.js';\nexport const s: core.Schema = core.parse();\n",
      'src/use2.ts': "import type * as z from './schemas.js';\nlet a: z.Schema;\n",
      'src/use3.ts': "import { schemas } from './api.js';\nschemas.parse();\nschemas?.parse();\n",
      'src/test-helper.ts': 'export function helper() {}\n',
      'src/use4.ts': "import { helper } from './test-helper.js';\n",
    };
    const engine = new FakeEngine();
    engine.outlines[`${ROOT}/src/schemas.ts`] = [
      node('Schema', 'Interface', [1, 1], [1, 18]),
      node('parse', 'Function', [2, 2], [2, 17]),
      node('unusedHere', 'Constant', [3, 3], [3, 14]),
    ];
    engine.outlines[`${ROOT}/src/test-helper.ts`] = [node('helper', 'Function', [1, 1], [1, 17])];
    const to = (specifier: string, file: string) => [{ specifier, resolvedFile: file }];
    const importGraph = new FakeImportGraph({
      'src/schemas.ts': [],
      'src/core.ts': to('./schemas.js', 'src/schemas.ts'),
      'src/api.ts': to('./schemas.js', 'src/schemas.ts'),
      'src/use1.ts': to('./core.js', 'src/core.ts'),
      'src/use2.ts': to('./schemas.js', 'src/schemas.ts'),
      'src/use3.ts': to('./api.js', 'src/api.ts'),
      'src/test-helper.ts': [],
      'src/use4.ts': to('./test-helper.js', 'src/test-helper.ts'),
    });
    const deps = { engine, symbols: engine, files: new FakeFiles(sources), paths: new ProjectPaths(ROOT), importGraph };
    const answer = await overview(deps, { maxTokens: 0 });
    const counts = answer.files.flatMap((file) =>
      file.symbols.map((symbol) => `${file.filePath} ${symbol.name}:${symbol.importedBy}`),
    );
    // Schema: use1 (core.Schema through export *), use2 (z.Schema); parse: use1, use3 (through export * as).
    expect(counts).toEqual([
      'src/schemas.ts Schema:2',
      'src/schemas.ts parse:2',
      'src/schemas.ts unusedHere:0',
      'src/test-helper.ts helper:1',
    ]);
  });
});
