import { describe, expect, it } from 'vitest';
import { CnError, ProjectPaths, mapFile, presentAnswer } from '../src/index.js';
import { FakeEngine, FakeFiles, ROOT, node } from './fakes.js';

/**
 * Issue 23, item 5: "public methods of HonoRequest" in one call that costs no more than `rg -n` on the file: a map
 * of one declaration (`path::Name`), filtered by kind and modifiers, printed names only.
 */
const source = [
  'export class Request {', // 1
  '  raw = 1;', // 2
  '  #cache = 2;', // 3
  '  private static count = 0;', // 4
  '  param(key: string): string;', // 5
  '  param(): Record<string, string>;', // 6
  '  param(key?: string) {', // 7
  '    return key;', // 8
  '  }', // 9
  '  static create(): Request {', // 10
  '    return new Request();', // 11
  '  }', // 12
  '  get url(): string {', // 13
  "    return '';", // 14
  '  }', // 15
  '  private check(): void {}', // 16
  '  #decode(): void {}', // 17
  '}', // 18
  'export function clone(r: Request): Request {', // 19
  '  return r;', // 20
  '}', // 21
  'function helper() {}', // 22
  '',
].join('\n');

function setup() {
  const engine = new FakeEngine();
  engine.outlines[`${ROOT}/src/request.ts`] = [
    node(
      'Request',
      'Class',
      [1, 18],
      [1, 14],
      [
        node('raw', 'Property', [2, 2], [2, 3]),
        node('#cache', 'Property', [3, 3], [3, 3]),
        node('count', 'Property', [4, 4], [4, 18]),
        node('param', 'Method', [5, 5], [5, 3]),
        node('param', 'Method', [6, 6], [6, 3]),
        node('param', 'Method', [7, 9], [7, 3]),
        node('create', 'Method', [10, 12], [10, 10]),
        node('url', 'Method', [13, 15], [13, 7]),
        node('check', 'Method', [16, 16], [16, 11]),
        node('#decode', 'Method', [17, 17], [17, 3]),
      ],
    ),
    node('clone', 'Function', [19, 21], [19, 17]),
    node('helper', 'Function', [22, 22], [22, 10]),
  ];
  const deps = {
    engine,
    symbols: engine,
    files: new FakeFiles({ 'src/request.ts': source }),
    paths: new ProjectPaths(ROOT),
  };
  return { deps };
}

const names = (answer: { symbols: Array<{ name: string }> }) => answer.symbols.map((symbol) => symbol.name);

describe('cn map: one declaration, by kind and modifiers, names only (issue 23, item 5)', () => {
  it('path::Name maps that declaration: its members, the declaration said once', async () => {
    const { deps } = setup();
    const answer = await mapFile(deps, { file: 'src/request.ts::Request' });
    expect(answer.of).toMatchObject({
      name: 'Request',
      kind: 'Class',
      line: 1,
      endLine: 18,
      id: 'src/request.ts::1::14',
    });
    expect(names(answer)).toEqual([
      'raw',
      '#cache',
      'count',
      'param',
      'param',
      'param',
      'create',
      'url',
      'check',
      '#decode',
    ]);
    expect(answer.total).toBe(10);
    // An id of the declaration does the same.
    expect(names(await mapFile(deps, { file: 'src/request.ts::1::14' }))).toEqual(names(answer));
  });

  it('--kind keeps one kind (the words of cn find --kind; method includes accessors)', async () => {
    const { deps } = setup();
    const answer = await mapFile(deps, { file: 'src/request.ts', kind: 'function' });
    expect(names(answer)).toEqual(['clone', 'helper']);
    expect(answer).toMatchObject({ total: 2, filteredOut: 11 });
    await expect(mapFile(deps, { file: 'src/request.ts', kind: 'methods' })).rejects.toThrow(/unknown kind 'methods'/);
  });

  it('modifiers: public members (no private, protected or #private), exported top level; static; as written', async () => {
    const { deps } = setup();
    const publicMethods = await mapFile(deps, {
      file: 'src/request.ts::Request',
      kind: 'method',
      modifiers: ['public'],
    });
    expect(names(publicMethods)).toEqual(['param', 'param', 'param', 'create', 'url']);
    expect(names(await mapFile(deps, { file: 'src/request.ts', modifiers: ['public'] }))).toEqual([
      'Request',
      'raw',
      'param',
      'param',
      'param',
      'create',
      'url',
      'clone',
    ]);
    expect(names(await mapFile(deps, { file: 'src/request.ts::Request', modifiers: ['static'] }))).toEqual([
      'count',
      'create',
    ]);
    expect(names(await mapFile(deps, { file: 'src/request.ts::Request', modifiers: ['private', 'static'] }))).toEqual([
      'count',
    ]);
    const error = await mapFile(deps, { file: 'src/request.ts', modifiers: ['pubic'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CnError);
    expect((error as CnError).message).toBe("unknown modifier 'pubic'");
  });

  it('a name the file does not declare is refused with the names it does', async () => {
    const { deps } = setup();
    await expect(mapFile(deps, { file: 'src/request.ts::Requst' })).rejects.toThrow(/no declaration named 'Requst'/);
  });

  it('names: each name once with its lines (overloads merged), under a header saying what was listed', async () => {
    const { deps } = setup();
    const answer = await mapFile(deps, { file: 'src/request.ts::Request', kind: 'method', modifiers: ['public'] });
    expect(presentAnswer('map', answer, 'names').output.split('\n')).toEqual([
      'src/request.ts::Request, Class 1-18 (5 of 10 symbols: method, public)  │ export class Request {  ┆ 18: }',
      'param 5-9',
      'create 10-12',
      'url 13-15',
    ]);
    const compact = presentAnswer('map', answer, 'compact').output.split('\n');
    expect(compact[0]).toBe(
      'src/request.ts::Request, Class 1-18 (5 of 10 symbols: method, public)  │ export class Request {  ┆ 18: }',
    );
    // The members of the declaration asked for need no `Request.` before each name.
    expect(compact[1]).toBe('5:3  Method  param  5-5');
    const whole = await mapFile(deps, { file: 'src/request.ts' });
    expect(presentAnswer('map', whole, 'names').output.split('\n')).toEqual([
      'src/request.ts (13 symbols)',
      'Request 1-18',
      'Request.raw 2-2',
      'Request.#cache 3-3',
      'Request.count 4-4',
      'Request.param 5-9',
      'Request.create 10-12',
      'Request.url 13-15',
      'Request.check 16-16',
      'Request.#decode 17-17',
      'clone 19-21',
      'helper 22-22',
    ]);
  });

  // An agent ran `sed -n 2550,2559p` after `Method 2558-2613` to see whether 2558 was the JSDoc's first line.
  it("path::Name says the declaration's doc comment and both its ends as written, as find does", async () => {
    const { deps } = setup();
    const documented = [
      '/**',
      ' * Makes requests.',
      ' */',
      '@sealed',
      'export class Doc {',
      '  run() {}',
      '}',
      '',
    ].join('\n');
    deps.files = new FakeFiles({ 'src/request.ts': source, 'src/doc.ts': documented });
    deps.engine.outlines[`${ROOT}/src/doc.ts`] = [
      node('Doc', 'Class', [4, 7], [5, 14], [node('run', 'Method', [6, 6], [6, 3])]),
    ];
    const answer = await mapFile(deps, { file: 'src/doc.ts::Doc' });
    expect(answer.ofLines).toEqual({ preview: 'export class Doc {', endPreview: '}', docLines: [1, 3] });
    expect(presentAnswer('map', answer, 'compact').output.split('\n')[0]).toBe(
      'src/doc.ts::Doc, Class 5-7 (doc 1-3) (1 symbol)  │ export class Doc {  ┆ 7: }',
    );
  });
});
