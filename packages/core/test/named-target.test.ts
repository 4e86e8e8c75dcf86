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
