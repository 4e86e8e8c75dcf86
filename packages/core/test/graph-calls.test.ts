import { describe, expect, it } from 'vitest';
import { CnError, ProjectPaths, traceCalls } from '../src/index.js';
import { TextReferenceSyntax, codebaseFromText } from './call-fakes.js';
import { FakeEngine, FakeFiles, ROOT, at, key, node } from './fakes.js';
import { FakeNavigation } from './navigation-fakes.js';

const chain = [
  'function main() {',
  '  parse(); evaluate();',
  '}',
  'function parse() {',
  '  normalize();',
  '}',
  'function normalize() {}',
  'function evaluate() {',
  '  evaluate(); ping();',
  '}',
  'function ping() {',
  '  pong();',
  '}',
  'function pong() {',
  '  ping();',
  '}',
  '',
].join('\n');

function setup(more: Record<string, string> = {}) {
  const { engine, navigation, files, referenceSyntax } = codebaseFromText({ 'src/chain.ts': chain, ...more });
  const deps = { engine, symbols: engine, navigation, files, paths: new ProjectPaths(ROOT), referenceSyntax };
  return { navigation, engine, deps };
}

const edgesOf = (response: { edges: Array<{ from: string; to: string }> }) =>
  response.edges.map((edge) => `${edge.from} → ${edge.to}`);

describe('traceCalls', () => {
  it('lists callers at depth 1 by default, edges from caller to callee with call sites', async () => {
    const { deps } = setup();
    const response = await traceCalls(deps, { target: 'src/chain.ts::11::10' });
    expect(response).toEqual({
      root: 'src/chain.ts::11::10',
      direction: 'in',
      depth: 1,
      nodes: [
        { id: 'src/chain.ts::11::10', name: 'ping', kind: 'Function', depth: 0 },
        { id: 'src/chain.ts::8::10', name: 'evaluate', kind: 'Function', depth: 1 },
        { id: 'src/chain.ts::14::10', name: 'pong', kind: 'Function', depth: 1 },
      ],
      edges: [
        // Ids sort by path, then numerically by line: line 8 before line 14.
        { from: 'src/chain.ts::8::10', to: 'src/chain.ts::11::10', kind: 'calls', callSites: ['src/chain.ts::9::15'] },
        { from: 'src/chain.ts::14::10', to: 'src/chain.ts::11::10', kind: 'calls', callSites: ['src/chain.ts::15::3'] },
      ],
      // Callers were searched project-wide: the answer says where.
      projects: 0,
      complete: true,
    });
  });

  it('walks breadth first to the depth, expanding each function once through recursion and the cycle', async () => {
    const { deps, navigation } = setup();
    const response = await traceCalls(deps, { target: 'src/chain.ts::1::10', direction: 'out', depth: 10 });
    expect(response.nodes.map((node) => `${node.name}@${node.depth}`)).toEqual([
      'main@0',
      'parse@1',
      'evaluate@1',
      'normalize@2',
      'ping@2',
      'pong@3',
    ]);
    expect(edgesOf(response)).toContain('src/chain.ts::8::10 → src/chain.ts::8::10');
    expect(edgesOf(response)).toContain('src/chain.ts::14::10 → src/chain.ts::11::10');
    const expansions = navigation.expanded.filter((entry) => entry.startsWith('out:'));
    expect(expansions).toHaveLength(new Set(expansions).size);
  });

  it('leaves out calls into files outside the root (lib.d.ts)', async () => {
    const { deps, navigation } = setup();
    const abs = navigation.addFunction('abs', '/usr/lib/typescript/lib.es5.d.ts', 40);
    navigation.outgoing.get('normalize')!.push({
      to: abs,
      callSites: [
        {
          filePath: `${ROOT}/src/chain.ts`,
          range: { start: { line: 7, character: 23 }, end: { line: 7, character: 26 } },
        },
      ],
    });
    const response = await traceCalls(deps, { target: 'src/chain.ts::7::10', direction: 'out' });
    expect(response.nodes.map((node) => node.name)).toEqual(['normalize']);
    expect(response.edges).toEqual([]);
  });

  it('combines both directions, keeping the shortest depth', async () => {
    const { deps } = setup();
    const response = await traceCalls(deps, { target: 'src/chain.ts::11::10', direction: 'both', depth: 2 });
    expect(response.nodes.map((node) => `${node.name}@${node.depth}`).sort()).toEqual([
      'evaluate@1',
      'main@2',
      'ping@0',
      'pong@1',
    ]);
    expect(edgesOf(response)).toEqual(
      expect.arrayContaining([
        'src/chain.ts::11::10 → src/chain.ts::14::10',
        'src/chain.ts::14::10 → src/chain.ts::11::10',
      ]),
    );
  });

  it('resolves a name as cn find does', async () => {
    const { deps, engine } = setup();
    engine.symbols = [
      {
        name: 'pong',
        kind: 'Function',
        filePath: `${ROOT}/src/chain.ts`,
        range: { start: { line: 14, character: 1 }, end: { line: 16, character: 2 } },
      },
    ];
    const response = await traceCalls(deps, { target: 'pong', direction: 'out' });
    expect(response.root).toBe('src/chain.ts::14::10');
    expect(response.nodes.map((node) => node.name)).toEqual(['pong', 'ping']);
  });

  it.each([
    [{ target: 'src/chain.ts::11::10', depth: 0 }, 'bad-input', /depth/],
    [{ target: 'src/chain.ts::11::10', depth: 11 }, 'bad-input', /depth/],
    [{ target: 'src/chain.ts::11::10', direction: 'sideways' as never }, 'bad-input', /direction/],
    [{ target: 'src/chain.ts::2::3' }, 'not-found', /nothing callable/],
    [{ target: 'nosuchname' }, 'not-found', /no symbol named/],
  ])('refuses %j', async (request, kind, message) => {
    const { deps } = setup();
    const error = await traceCalls(deps, request).catch((caught: CnError) => caught);
    expect(error).toBeInstanceOf(CnError);
    expect((error as CnError).kind).toBe(kind);
    expect((error as CnError).message).toMatch(message);
  });

  it('stops at the node cap and says so', async () => {
    const callers = Array.from({ length: 600 }, (_, index) => `function caller${index}() { ping(); }`).join('\n');
    const { deps } = setup({ 'src/callers.ts': callers });
    const response = await traceCalls(deps, { target: 'src/chain.ts::11::10' });
    expect(response.truncated).toBe(true);
    expect(response.nodes).toHaveLength(500);
    expect(response.edges).toHaveLength(499);
  });
});

describe('traceCalls: callers that are really callers', () => {
  const shapes = [
    'export class ZodError {}',
    'export function check(value) {',
    '  return value instanceof ZodError;',
    '}',
    'export const build = () => {',
    '  return new ZodError();',
    '}',
    '',
  ].join('\n');
  const testFile = [
    "import { ZodError, check } from './shapes';",
    "describe('errors', () => {",
    "  it('throws', () => {",
    '    const error = new ZodError();',
    '    expect(error).toBeInstanceOf(ZodError);',
    '    check(error);',
    '  })',
    '})',
    'const top = new ZodError();',
    '',
  ].join('\n');
  const codebase = () => setup({ 'src/shapes.ts': shapes, 'src/shapes.test.ts': testFile });

  it('credits calls in module-level callbacks to <module> through the callbacks, a const to itself, and counts what is not a call by role', async () => {
    const { deps } = codebase();
    const response = await traceCalls(deps, { target: 'src/shapes.ts::1::14' });
    expect(response.nodes).toEqual([
      { id: 'src/shapes.ts::1::14', name: 'ZodError', kind: 'Class', depth: 0 },
      { id: 'src/shapes.test.ts', name: '<module>', kind: 'Module', depth: 1 },
      // `const top = new ZodError()` at the top level belongs to top, as `cn grep` and `cn find` say.
      { id: 'src/shapes.test.ts::9::7', name: 'top', kind: 'Variable', depth: 1 },
      { id: 'src/shapes.ts::5::14', name: 'build', kind: 'Function', depth: 1 },
    ]);
    expect(response.edges).toEqual([
      {
        from: 'src/shapes.test.ts',
        to: 'src/shapes.ts::1::14',
        kind: 'calls',
        callSites: ['src/shapes.test.ts::4::23'],
        through: { 'src/shapes.test.ts::4::23': ['arrow@2', 'arrow@3'] },
      },
      {
        from: 'src/shapes.test.ts::9::7',
        to: 'src/shapes.ts::1::14',
        kind: 'calls',
        callSites: ['src/shapes.test.ts::9::17'],
      },
      { from: 'src/shapes.ts::5::14', to: 'src/shapes.ts::1::14', kind: 'calls', callSites: ['src/shapes.ts::6::14'] },
    ]);
    // The import, `instanceof ZodError` and `toBeInstanceOf(ZodError)`.
    expect(response.nonCallSites).toBe(3);
    expect(response.nonCalls).toEqual({ import: 1, read: 2 });
  });

  it('keeps only callers the path filters let through, and counts the rest', async () => {
    const { deps } = codebase();
    const response = await traceCalls(deps, { target: 'src/shapes.ts::1::14', refsNotIn: '**/*.test.ts' });
    expect(response.edges.map((edge) => edge.from)).toEqual(['src/shapes.ts::5::14']);
    expect(response.filteredCallSites).toBe(2);
    const only = await traceCalls(deps, { target: 'src/shapes.ts::1::14', refsIn: 'src/shapes.test.ts' });
    expect(only.edges.map((edge) => edge.from)).toEqual(['src/shapes.test.ts', 'src/shapes.test.ts::9::7']);
    const error = await traceCalls(deps, { target: 'src/shapes.ts::1::14', refsIn: '../elsewhere' }).catch(
      (caught: CnError) => caught,
    );
    expect((error as CnError).message).toMatch(/^--refs-in '\.\.\/elsewhere' must be relative/);
  });

  it('answers every target in one graph', async () => {
    const { deps } = codebase();
    const response = await traceCalls(deps, { target: 'src/shapes.ts::1::14', targets: ['src/shapes.ts::2::17'] });
    expect(response.root).toBe('src/shapes.ts::1::14');
    expect(response.roots).toEqual(['src/shapes.ts::1::14', 'src/shapes.ts::2::17']);
    expect(response.edges).toContainEqual({
      from: 'src/shapes.test.ts',
      to: 'src/shapes.ts::2::17',
      kind: 'calls',
      callSites: ['src/shapes.test.ts::6::5'],
      through: { 'src/shapes.test.ts::6::5': ['arrow@2', 'arrow@3'] },
    });
    const tooMany = await traceCalls(deps, { target: 'a', targets: Array.from({ length: 20 }, () => 'b') }).catch(
      (caught: CnError) => caught,
    );
    expect((tooMany as CnError).kind).toBe('bad-input');
  });

  it('a name two callables share is answered for each, grouped with its counts; one left is certain', async () => {
    const { deps, engine } = codebase();
    const range = (line: number) => ({ start: { line, character: 1 }, end: { line, character: 30 } });
    engine.symbols = [
      { name: 'ping', kind: 'Function', filePath: `${ROOT}/src/chain.ts`, range: range(11) },
      { name: 'ping', kind: 'Function', filePath: `${ROOT}/src/other.ts`, range: range(1) },
    ];
    deps.files.files['src/other.ts'] = 'function ping() {}\n';
    // The fake's items are keyed by name: the second ping is its own item.
    deps.navigation.addFunction('ping2', 'src/other.ts', 1);
    const response = await traceCalls(deps, { target: 'ping' });
    expect(response.roots).toEqual(['src/chain.ts::11::10', 'src/other.ts::1::10']);
    expect(response.ambiguous).toBeUndefined();
    expect(response.meanings?.map(({ id, edges, callSites }) => `${id} ${edges} ${callSites}`)).toEqual([
      'src/chain.ts::11::10 2 2',
      'src/other.ts::1::10 0 0',
    ]);
    engine.symbols = [engine.symbols[0]];
    const certain = await traceCalls(deps, { target: 'ping' });
    expect(certain.roots).toBeUndefined();
    expect(certain.meanings).toBeUndefined();
  });

  it('answers at most 6 meanings of a name, judging its 12 best, and counts the rest', async () => {
    const { deps, engine } = codebase();
    const files = Array.from({ length: 14 }, (_, index) => `src/ping${index}.ts`);
    engine.symbols = files.map((file) => ({
      name: 'ping',
      kind: 'Function',
      filePath: `${ROOT}/${file}`,
      range: { start: { line: 1, character: 1 }, end: { line: 1, character: 30 } },
    }));
    files.forEach((file, index) => {
      deps.files.files[file] = 'function ping() {}\n';
      // The fake's items are keyed by name: each ping is its own item.
      deps.navigation.addFunction(`ping${index}`, file, 1);
    });
    const response = await traceCalls(deps, { target: 'ping' });
    expect(response.meanings).toHaveLength(6);
    expect(response.moreMeanings).toBe(8);
  });

  it('a name matched only inexactly is a guess, flagged, with the other candidates', async () => {
    const { deps, engine } = codebase();
    const range = (line: number) => ({ start: { line, character: 1 }, end: { line, character: 30 } });
    engine.symbols = [
      { name: 'ping', kind: 'Function', filePath: `${ROOT}/src/chain.ts`, range: range(11) },
      { name: 'pong', kind: 'Function', filePath: `${ROOT}/src/chain.ts`, range: range(14) },
    ];
    const response = await traceCalls(deps, { target: 'p' });
    expect(response.ambiguous).toBe(true);
    expect(response.candidates?.length).toBeGreaterThan(0);
  });
});

describe('traceCalls: the engine names callers the outline cannot', () => {
  it('an overloaded function (its outline node spans only the first signature) stays the caller', async () => {
    const over = [
      'export function wrap(a: string): string;',
      'export function wrap(a: any) {',
      '    tick(a);',
      '}',
      '',
    ].join('\n');
    const navigation = new FakeNavigation();
    navigation.addFunction('wrap', 'src/over.ts', 2, 17);
    navigation.addFunction('tick', 'src/tick.ts', 1, 17);
    navigation.calls = [['wrap', 'tick']];
    const engine = new FakeEngine();
    const site = {
      filePath: `${ROOT}/src/over.ts`,
      range: { start: { line: 3, character: 5 }, end: { line: 3, character: 9 } },
    };
    engine.referencesAt[key(`${ROOT}/src/tick.ts`, { line: 1, character: 17 })] = [site];
    engine.outlines[`${ROOT}/src/over.ts`] = [node('wrap', 'Function', [1, 1], [1, 17])];
    const files = new FakeFiles({ 'src/over.ts': over, 'src/tick.ts': 'export function tick(a: any) {}\n' });
    const response = await traceCalls(
      {
        engine,
        symbols: engine,
        navigation,
        files,
        paths: new ProjectPaths(ROOT),
        referenceSyntax: new TextReferenceSyntax(),
      },
      { target: 'src/tick.ts::1::17' },
    );
    expect(response.edges).toEqual([
      { from: 'src/over.ts::2::17', to: 'src/tick.ts::1::17', kind: 'calls', callSites: ['src/over.ts::3::5'] },
    ]);
  });
});

describe('traceCalls: overloads the engine does not name', () => {
  it('a reference inside an overload implementation (its outline name spans the declaration) is credited to it, at its name', async () => {
    const over = [
      'export function wrap(a: string): string;',
      'export function wrap(a: any) {',
      '    tick(a);',
      '}',
      '',
    ].join('\n');
    const navigation = new FakeNavigation();
    navigation.addFunction('tick', 'src/tick.ts', 1, 17);
    const engine = new FakeEngine();
    const site = {
      filePath: `${ROOT}/src/over.ts`,
      range: { start: { line: 3, character: 5 }, end: { line: 3, character: 9 } },
    };
    engine.referencesAt[key(`${ROOT}/src/tick.ts`, { line: 1, character: 17 })] = [site];
    const implementation = node('wrap', 'Function', [2, 4], [2, 1]);
    implementation.selectionRange = implementation.range;
    engine.outlines[`${ROOT}/src/over.ts`] = [node('wrap', 'Function', [1, 1], [1, 17]), implementation];
    const files = new FakeFiles({ 'src/over.ts': over, 'src/tick.ts': 'export function tick(a: any) {}\n' });
    const response = await traceCalls(
      {
        engine,
        symbols: engine,
        navigation,
        files,
        paths: new ProjectPaths(ROOT),
        referenceSyntax: new TextReferenceSyntax(),
      },
      { target: 'src/tick.ts::1::17' },
    );
    expect(response.edges).toEqual([
      { from: 'src/over.ts::2::17', to: 'src/tick.ts::1::17', kind: 'calls', callSites: ['src/over.ts::3::5'] },
    ]);
  });
});

describe('traceCalls: outgoing call sites', () => {
  it('a callee expression (`this.helper` in `this.helper()`) is a call of the name it ends in', async () => {
    const box = ['export class Box {', '  open() {', '    this.helper();', '  }', '  helper() {}', '}', ''].join('\n');
    const navigation = new FakeNavigation();
    navigation.addFunction('open', 'src/box.ts', 2, 3);
    const helper = navigation.addFunction('helper', 'src/box.ts', 5, 3);
    // The engine's outgoing sites span the callee expression, from `this` to the end of the name.
    const site = {
      filePath: `${ROOT}/src/box.ts`,
      range: { start: { line: 3, character: 5 }, end: { line: 3, character: 16 } },
    };
    navigation.outgoingCalls = async () => [{ to: helper, callSites: [site] }];
    const engine = new FakeEngine();
    const files = new FakeFiles({ 'src/box.ts': box });
    const deps = {
      engine,
      symbols: engine,
      navigation,
      files,
      paths: new ProjectPaths(ROOT),
      referenceSyntax: new TextReferenceSyntax(),
    };
    const response = await traceCalls(deps, { target: 'src/box.ts::2::3', direction: 'out' });
    expect(response.edges).toEqual([
      { from: 'src/box.ts::2::3', to: 'src/box.ts::5::3', kind: 'calls', callSites: ['src/box.ts::3::5'] },
    ]);
    expect(response.nonCallSites).toBeUndefined();
  });
});

describe('traceCalls: calls of a namesake', () => {
  const sources = {
    'src/core.ts': 'export function raw() {}\n',
    'src/sql.ts': 'export function raw() {}\n',
    'src/app.ts': ['function query() {', '  raw();', '}', 'function build() {', '  raw(); raw();', '}', ''].join('\n'),
  };
  const hit = (file: string) => ({
    name: 'raw',
    kind: 'Function',
    filePath: `${ROOT}/${file}`,
    range: { start: { line: 1, character: 1 }, end: { line: 1, character: 25 } },
  });

  it('leaves out sites whose definition is another declaration of the name, asking once per file and name', async () => {
    const { engine, navigation, files, referenceSyntax } = codebaseFromText(sources);
    const deps = { engine, symbols: engine, navigation, files, paths: new ProjectPaths(ROOT), referenceSyntax };
    // The fake's items are keyed by name: the one asked about is core's.
    navigation.addFunction('raw', 'src/core.ts', 1, 17);
    engine.symbols = [hit('src/core.ts'), hit('src/sql.ts')];
    // app.ts imports sql's raw: every `raw` there is sql's, though the engine lists them among core's references.
    engine.definitionsAt[key(`${ROOT}/src/app.ts`, { line: 2, character: 3 })] = [at('src/sql.ts', 1, 17)];
    engine.definitionsAt[key(`${ROOT}/src/core.ts`, { line: 1, character: 17 })] = [at('src/core.ts', 1, 17)];
    const asked: string[] = [];
    const definition = engine.definition.bind(engine);
    engine.definition = async (filePath, position) => (
      asked.push(key(filePath, position)),
      definition(filePath, position)
    );
    const response = await traceCalls(deps, { target: 'src/core.ts::1::17' });
    expect(response.edges).toEqual([]);
    expect(response.namesakeCallSites).toBe(3);
    // The item's own definitions, and the first site of app.ts (its other `raw`s resolve alike).
    expect(asked).toEqual([
      key(`${ROOT}/src/core.ts`, { line: 1, character: 17 }),
      key(`${ROOT}/src/app.ts`, { line: 2, character: 3 }),
    ]);
  });

  it('asks at most 300 definitions for one function, keeping the other call sites unchecked and counted', async () => {
    const many: Record<string, string> = {
      'src/core.ts': 'export function raw() {}\n',
      'src/sql.ts': 'export function raw() {}\n',
    };
    for (let index = 0; index < 305; index++) many[`src/use${index}.ts`] = `function use${index}() {\n  raw();\n}\n`;
    const { engine, navigation, files, referenceSyntax } = codebaseFromText(many);
    navigation.addFunction('raw', 'src/core.ts', 1, 17);
    engine.symbols = [hit('src/core.ts'), hit('src/sql.ts')];
    let asked = 0;
    engine.definition = async () => (asked++, []);
    const deps = { engine, symbols: engine, navigation, files, paths: new ProjectPaths(ROOT), referenceSyntax };
    const response = await traceCalls(deps, { target: 'src/core.ts::1::17' });
    // The item's own definitions, then 300 files; the last 5 are kept as callers, unchecked.
    expect(asked).toBe(301);
    expect(response.uncheckedCallSites).toBe(5);
    expect(response.edges).toHaveLength(305);
  });

  it('a name declared once is not checked: no definition asked', async () => {
    const { engine, navigation, files, referenceSyntax } = codebaseFromText(sources);
    const deps = { engine, symbols: engine, navigation, files, paths: new ProjectPaths(ROOT), referenceSyntax };
    navigation.addFunction('raw', 'src/core.ts', 1, 17);
    engine.symbols = [hit('src/core.ts')];
    engine.definition = async () => {
      throw new Error('no definition should be asked');
    };
    const response = await traceCalls(deps, { target: 'src/core.ts::1::17' });
    expect(response.edges.map((edge) => edge.from)).toEqual(['src/app.ts::1::10', 'src/app.ts::4::10']);
    expect(response.namesakeCallSites).toBeUndefined();
  });
});

describe('traceCalls: --limit', () => {
  it('keeps the first edges and the nodes they name, and says how many there were', async () => {
    const { deps } = setup();
    const response = await traceCalls(deps, { target: 'src/chain.ts::11::10', limit: 1 });
    expect(response.edges).toHaveLength(1);
    expect(response.nodes.map((node) => node.name)).toEqual(['ping', 'evaluate']);
    expect(response).toMatchObject({ truncated: true, totalEdges: 2 });
    expect((await traceCalls(deps, { target: 'src/chain.ts::11::10', limit: 2 })).totalEdges).toBeUndefined();
    const error = await traceCalls(deps, { target: 'src/chain.ts::11::10', limit: 0 }).catch(
      (caught: CnError) => caught,
    );
    expect((error as CnError).kind).toBe('bad-input');
  });
});

describe('traceCalls: maxTokens', () => {
  it('cuts edges from the end until the answer fits, then keeps the roots and totals only', async () => {
    const callers = Array.from({ length: 40 }, (_, index) => `function caller${index}() { ping(); }`).join('\n');
    const { deps } = setup({ 'src/callers.ts': callers });
    const whole = await traceCalls(deps, { target: 'src/chain.ts::11::10' });
    const cut = await traceCalls(deps, { target: 'src/chain.ts::11::10', maxTokens: 400 });
    expect(cut.edges.length).toBeGreaterThan(0);
    expect(cut.edges).toEqual(whole.edges.slice(0, cut.edges.length));
    expect(cut).toMatchObject({
      truncated: true,
      totalEdges: whole.edges.length,
      budget: { stage: 'cut', maxTokens: 400 },
    });
    expect(cut.budget!.tokens).toBeLessThanOrEqual(400);
    const totals = await traceCalls(deps, { target: 'src/chain.ts::11::10', maxTokens: 20 });
    expect(totals).toMatchObject({
      edges: [],
      nodes: [{ id: 'src/chain.ts::11::10' }],
      totalEdges: whole.edges.length,
      budget: { stage: 'totals' },
    });
    const error = await traceCalls(deps, { target: 'src/chain.ts::11::10', maxTokens: 5 }).catch(
      (caught: CnError) => caught,
    );
    expect((error as CnError).kind).toBe('bad-input');
  });
});
