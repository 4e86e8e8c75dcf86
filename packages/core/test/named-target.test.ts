import { describe, expect, it } from 'vitest';
import { CnError, ProjectPaths, inspectCode, parseNamedTarget, parseTarget } from '../src/index.js';
import { resolveTargetPosition } from '../src/usecases/target-position.js';
import { FakeEngine, FakeFiles, ROOT, node } from './fakes.js';

const shapes = [
  'export class Circle {', //           1
  '  area(): number {', //              2
  '    return 1;', //                   3
  '  }', //                             4
  '}', //                               5
  'export class Square {', //           6
  '  area(): number {', //              7
  '    return 2;', //                   8
  '  }', //                             9
  '}', //                               10
  'export function area(): number {', // 11
  '  return 0;', //                     12
  '}', //                               13
  "export { Line as Segment } from './line.js';", // 14
  "import { Point } from './point.js';", // 15
  '',
].join('\n');

function setup() {
  const engine = new FakeEngine();
  const files = new FakeFiles({ 'src/shapes.ts': shapes, 'src/line.ts': 'export class Line {}\n' });
  engine.outlines[`${ROOT}/src/shapes.ts`] = [
    node('Circle', 'Class', [1, 5], [1, 14], [node('area', 'Method', [2, 4], [2, 3])]),
    node('Square', 'Class', [6, 10], [6, 14], [node('area', 'Method', [7, 9], [7, 3])]),
    node('area', 'Function', [11, 13], [11, 17]),
  ];
  return { engine, files, deps: { engine, files, paths: new ProjectPaths(ROOT) } };
}

async function failure(promise: Promise<unknown>): Promise<CnError> {
  try {
    await promise;
  } catch (error) {
    return error as CnError;
  }
  throw new Error('expected a failure');
}

describe('path::Name targets', () => {
  it('parses a name or a dotted path after the file, and leaves places to parseTarget', () => {
    expect(parseNamedTarget('src/shapes.ts::Circle')).toEqual({ filePath: 'src/shapes.ts', name: 'Circle' });
    expect(parseNamedTarget('src/shapes.ts::Circle.area')).toEqual({ filePath: 'src/shapes.ts', name: 'Circle.area' });
    expect(parseNamedTarget('src/a.ts::Store.#items')).toEqual({ filePath: 'src/a.ts', name: 'Store.#items' });
    expect(parseNamedTarget('src/a.ts::3::7')).toBeUndefined();
    expect(parseNamedTarget('src/a.ts::3')).toBeUndefined();
    expect(parseNamedTarget('src/a.ts:3')).toBeUndefined();
    expect(parseNamedTarget('Circle.area')).toBeUndefined();
    // Not a name: still refused as a malformed id.
    expect(() => parseTarget('src/a.ts::x y')).toThrow(/malformed id/);
  });

  it('is the position of the name: a top-level declaration before same-named members', async () => {
    const { deps } = setup();
    expect((await resolveTargetPosition(deps, 'src/shapes.ts::Circle')).position).toEqual({ line: 1, character: 14 });
    expect((await resolveTargetPosition(deps, 'src/shapes.ts::area')).position).toEqual({ line: 11, character: 17 });
    expect((await resolveTargetPosition(deps, 'src/shapes.ts::Square.area')).position).toEqual({
      line: 7,
      character: 3,
    });
  });

  it('finds a re-exported name, which the outline leaves out, at its export statement', async () => {
    const { deps } = setup();
    expect((await resolveTargetPosition(deps, 'src/shapes.ts::Segment')).position).toEqual({
      line: 14,
      character: 18,
    });
  });

  it('finds an imported name at its import, so "the Point this file uses" is one call', async () => {
    const { deps } = setup();
    expect((await resolveTargetPosition(deps, 'src/shapes.ts::Point')).position).toEqual({ line: 15, character: 10 });
  });

  it('refuses a name two containers declare at the same depth, naming both qualified', async () => {
    const { engine, deps } = setup();
    engine.outlines[`${ROOT}/src/shapes.ts`] = engine.outlines[`${ROOT}/src/shapes.ts`].slice(0, 2);
    const error = await failure(resolveTargetPosition(deps, 'src/shapes.ts::area'));
    expect(error.kind).toBe('bad-input');
    expect(error.message).toBe(
      "'area' names 2 declarations in src/shapes.ts: Circle.area (line 2), Square.area (line 7)",
    );
    expect(error.hint).toBe('qualify it, e.g. src/shapes.ts::Circle.area, or pass an id');
  });

  it('answers not-found with the close names the file declares', async () => {
    const { deps } = setup();
    const error = await failure(resolveTargetPosition(deps, 'src/shapes.ts::Circel'));
    expect(error.kind).toBe('not-found');
    expect(error.message).toBe("no declaration named 'Circel' in src/shapes.ts");
    expect(error.hint).toBe('did you mean src/shapes.ts::Circle?');
  });

  it('reaches inspect like any id', async () => {
    const { engine, deps } = setup();
    engine.folds[`${ROOT}/src/shapes.ts`] = [
      { startLine: 1, endLine: 4 },
      { startLine: 6, endLine: 9 },
    ];
    const response = await inspectCode(deps, { id: 'src/shapes.ts::Square', code: false });
    expect(response.result.range).toEqual({ startLine: 6, endLine: 10 });
  });
});

describe('path::Name through export * chains', () => {
  // index.ts: `export * from './conninfo'`; conninfo.ts: `export * from '@lib/conninfo'` (a path alias, resolved by the
  // engine); all.ts: `export * as info from '../lib/conninfo'`.
  function chain() {
    const engine = new FakeEngine();
    const files = new FakeFiles({
      'src/helper/index.ts': "export * from './conninfo';\n",
      'src/helper/conninfo.ts': "export * from '@lib/conninfo';\n",
      'src/helper/all.ts': "export * as info from '../lib/conninfo';\n",
      'src/lib/conninfo.ts': 'export function getConnInfo() {}\n',
      'src/loop.ts': "export * from './loop';\n",
    });
    engine.outlines[`${ROOT}/src/lib/conninfo.ts`] = [node('getConnInfo', 'Function', [1, 1], [1, 17])];
    const module = (file: string) => [
      { filePath: `${ROOT}/${file}`, range: { start: { line: 1, character: 1 }, end: { line: 1, character: 1 } } },
    ];
    engine.definitionsAt[`${ROOT}/src/helper/index.ts:1:16`] = module('src/helper/conninfo.ts');
    engine.definitionsAt[`${ROOT}/src/helper/conninfo.ts:1:16`] = module('src/lib/conninfo.ts');
    engine.definitionsAt[`${ROOT}/src/helper/all.ts:1:24`] = module('src/lib/conninfo.ts');
    engine.definitionsAt[`${ROOT}/src/loop.ts:1:16`] = module('src/loop.ts');
    return { deps: { engine, files, paths: new ProjectPaths(ROOT) } };
  }

  it('finds a name a barrel only re-exports with export *, through a path alias', async () => {
    const { deps } = chain();
    const found = await resolveTargetPosition(deps, 'src/helper/index.ts::getConnInfo');
    expect([found.filePath, found.position]).toEqual([`${ROOT}/src/lib/conninfo.ts`, { line: 1, character: 17 }]);
    // What else was looked in, so the barrels need no reading: the two files the chain led to, no other export.
    expect(found.searched).toEqual({ files: 2, alsoExportedBy: [] });
  });

  it('says a second file of the same level that exports the name too (the compiler leaves it ambiguous)', async () => {
    const { deps } = chain();
    const files = deps.files as FakeFiles;
    files.files['src/twice.ts'] = "export * from './helper/conninfo';\nexport * from './copy';\n";
    files.files['src/copy.ts'] = 'export function getConnInfo() {}\n';
    deps.engine.outlines[`${ROOT}/src/copy.ts`] = [node('getConnInfo', 'Function', [1, 1], [1, 17])];
    const module = (file: string) => [
      { filePath: `${ROOT}/${file}`, range: { start: { line: 1, character: 1 }, end: { line: 1, character: 1 } } },
    ];
    deps.engine.definitionsAt[`${ROOT}/src/twice.ts:1:16`] = module('src/helper/conninfo.ts');
    deps.engine.definitionsAt[`${ROOT}/src/twice.ts:2:16`] = module('src/copy.ts');
    const found = await resolveTargetPosition(deps, 'src/twice.ts::getConnInfo');
    expect(found.filePath).toBe(`${ROOT}/src/copy.ts`);
    // helper/conninfo.ts re-exports it one level further: the nearer declaration is the answer, none beside it.
    expect(found.searched).toEqual({ files: 2, alsoExportedBy: [] });
    files.files['src/copy2.ts'] = 'export function getConnInfo() {}\n';
    deps.engine.outlines[`${ROOT}/src/copy2.ts`] = [node('getConnInfo', 'Function', [1, 1], [1, 17])];
    files.files['src/twice.ts'] += "export * from './copy2';\n";
    deps.engine.definitionsAt[`${ROOT}/src/twice.ts:3:16`] = module('src/copy2.ts');
    const both = await resolveTargetPosition(deps, 'src/twice.ts::getConnInfo');
    expect(both.searched).toEqual({ files: 3, alsoExportedBy: [`${ROOT}/src/copy2.ts`] });
  });

  it('finds ns.Name through export * as ns', async () => {
    const { deps } = chain();
    const found = await resolveTargetPosition(deps, 'src/helper/all.ts::info.getConnInfo');
    expect([found.filePath, found.position]).toEqual([`${ROOT}/src/lib/conninfo.ts`, { line: 1, character: 17 }]);
    // The namespace name itself is the statement's.
    expect((await resolveTargetPosition(deps, 'src/helper/all.ts::info')).position).toEqual({ line: 1, character: 13 });
  });

  it('export * re-exports what a module exports: not its imports, not its own private declarations', async () => {
    // mikro-orm's pglite index: `export * from './PgliteSchemaHelper.js'`, a file that imports PostgreSqlSchemaHelper,
    // came before `export * from '@mikro-orm/sql'`, which is where the name really comes from.
    const { deps } = chain();
    const engine = deps.engine;
    const files = deps.files as FakeFiles;
    files.files['src/pkg/index.ts'] = "export * from './helper';\nexport * from '@lib/conninfo';\n";
    files.files['src/pkg/helper.ts'] =
      "import { getConnInfo } from '@lib/conninfo';\nfunction local() {}\nexport const wrapped = getConnInfo;\nexport default function fallback() {}\n";
    engine.outlines[`${ROOT}/src/pkg/helper.ts`] = [
      node('local', 'Function', [2, 2], [2, 10]),
      node('wrapped', 'Constant', [3, 3], [3, 14]),
      node('fallback', 'Function', [4, 4], [4, 25]),
    ];
    const module = (file: string) => [
      { filePath: `${ROOT}/${file}`, range: { start: { line: 1, character: 1 }, end: { line: 1, character: 1 } } },
    ];
    engine.definitionsAt[`${ROOT}/src/pkg/index.ts:1:16`] = module('src/pkg/helper.ts');
    engine.definitionsAt[`${ROOT}/src/pkg/index.ts:2:16`] = module('src/lib/conninfo.ts');
    const found = await resolveTargetPosition(deps, 'src/pkg/index.ts::getConnInfo');
    expect([found.filePath, found.position]).toEqual([`${ROOT}/src/lib/conninfo.ts`, { line: 1, character: 17 }]);
    expect(found.through?.map((hop) => hop.statement.text)).toEqual(["export * from '@lib/conninfo';"]);
    expect((await resolveTargetPosition(deps, 'src/pkg/index.ts::wrapped')).filePath).toBe(`${ROOT}/src/pkg/helper.ts`);
    expect((await failure(resolveTargetPosition(deps, 'src/pkg/index.ts::local'))).kind).toBe('not-found');
    expect((await failure(resolveTargetPosition(deps, 'src/pkg/index.ts::fallback'))).kind).toBe('not-found');
    // The file itself still answers for what it imports: "the getConnInfo this file uses".
    expect((await resolveTargetPosition(deps, 'src/pkg/helper.ts::getConnInfo')).filePath).toBe(
      `${ROOT}/src/pkg/helper.ts`,
    );
  });

  it('says not found for a name no file of the chain declares, and stops on a cycle', async () => {
    const { deps } = chain();
    expect((await failure(resolveTargetPosition(deps, 'src/helper/index.ts::getConn'))).message).toMatch(
      /no declaration named 'getConn' in src\/helper\/index.ts or what it re-exports/,
    );
    expect((await failure(resolveTargetPosition(deps, 'src/loop.ts::x'))).kind).toBe('not-found');
  });

  it('follows at most 500 re-exported files, however wide the barrel', async () => {
    const engine = new FakeEngine();
    const width = 600;
    const barrel = Array.from({ length: width }, (_, index) => `export * from './m${index}';`).join('\n');
    const files: Record<string, string> = { 'src/barrel.ts': barrel };
    for (let index = 0; index < width; index++) {
      files[`src/m${index}.ts`] = 'export const other = 1;\n';
      const column = `export * from './m${index}';`.indexOf("'") + 2;
      engine.definitionsAt[`${ROOT}/src/barrel.ts:${index + 1}:${column}`] = [
        {
          filePath: `${ROOT}/src/m${index}.ts`,
          range: { start: { line: 1, character: 1 }, end: { line: 1, character: 1 } },
        },
      ];
    }
    let resolved = 0;
    const definition = engine.definition.bind(engine);
    engine.definition = async (filePath, position) => {
      resolved++;
      return definition(filePath, position);
    };
    const deps = { engine, files: new FakeFiles(files), paths: new ProjectPaths(ROOT) };
    expect((await failure(resolveTargetPosition(deps, 'src/barrel.ts::missing'))).kind).toBe('not-found');
    expect(resolved).toBeLessThanOrEqual(500);
  });
});
