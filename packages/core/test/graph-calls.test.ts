import { describe, expect, it } from 'vitest';
import { CnError, ProjectPaths, traceCalls } from '../src/index.js';
import { FakeEngine, FakeFiles, ROOT } from './fakes.js';
import { FakeNavigation } from './navigation-fakes.js';

const chain = ['function main() {', '  parse(); evaluate();', '}', 'function parse() {', '  normalize();', '}', 'function normalize() {}', 'function evaluate() {', '  evaluate(); ping();', '}', 'function ping() {', '  pong();', '}', 'function pong() {', '  ping();', '}', ''].join('\n');

function setup() {
  const navigation = new FakeNavigation();
  navigation.addFunction('main', 'src/chain.ts', 1);
  navigation.addFunction('parse', 'src/chain.ts', 4);
  navigation.addFunction('normalize', 'src/chain.ts', 7);
  navigation.addFunction('evaluate', 'src/chain.ts', 8);
  navigation.addFunction('ping', 'src/chain.ts', 11);
  navigation.addFunction('pong', 'src/chain.ts', 14);
  navigation.addFunction('abs', '/usr/lib/typescript/lib.es5.d.ts', 40);
  navigation.calls = [
    ['main', 'parse'],
    ['main', 'evaluate'],
    ['parse', 'normalize'],
    ['normalize', 'abs'],
    ['evaluate', 'evaluate'],
    ['evaluate', 'ping'],
    ['ping', 'pong'],
    ['pong', 'ping'],
  ];
  const engine = new FakeEngine();
  const deps = { engine, navigation, files: new FakeFiles({ 'src/chain.ts': chain }), paths: new ProjectPaths(ROOT) };
  return { navigation, engine, deps };
}

const edgesOf = (response: { edges: Array<{ from: string; to: string }> }) => response.edges.map((edge) => `${edge.from} → ${edge.to}`);

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
        { from: 'src/chain.ts::8::10', to: 'src/chain.ts::11::10', kind: 'calls', callSites: ['src/chain.ts::9::5'] },
        { from: 'src/chain.ts::14::10', to: 'src/chain.ts::11::10', kind: 'calls', callSites: ['src/chain.ts::15::5'] },
      ],
    });
  });

  it('walks breadth first to the depth, expanding each function once through recursion and the cycle', async () => {
    const { deps, navigation } = setup();
    const response = await traceCalls(deps, { target: 'src/chain.ts::1::10', direction: 'out', depth: 10 });
    expect(response.nodes.map((node) => `${node.name}@${node.depth}`)).toEqual(['main@0', 'parse@1', 'evaluate@1', 'normalize@2', 'ping@2', 'pong@3']);
    expect(edgesOf(response)).toContain('src/chain.ts::8::10 → src/chain.ts::8::10');
    expect(edgesOf(response)).toContain('src/chain.ts::14::10 → src/chain.ts::11::10');
    const expansions = navigation.expanded.filter((entry) => entry.startsWith('out:'));
    expect(expansions).toHaveLength(new Set(expansions).size);
  });

  it('leaves out calls into files outside the root (lib.d.ts)', async () => {
    const { deps } = setup();
    const response = await traceCalls(deps, { target: 'src/chain.ts::7::10', direction: 'out' });
    expect(response.nodes.map((node) => node.name)).toEqual(['normalize']);
    expect(response.edges).toEqual([]);
  });

  it('combines both directions, keeping the shortest depth', async () => {
    const { deps } = setup();
    const response = await traceCalls(deps, { target: 'src/chain.ts::11::10', direction: 'both', depth: 2 });
    expect(response.nodes.map((node) => `${node.name}@${node.depth}`).sort()).toEqual(['evaluate@1', 'main@2', 'ping@0', 'pong@1']);
    expect(edgesOf(response)).toEqual(expect.arrayContaining(['src/chain.ts::11::10 → src/chain.ts::14::10', 'src/chain.ts::14::10 → src/chain.ts::11::10']));
  });

  it('resolves a name as cn find does', async () => {
    const { deps, engine } = setup();
    engine.symbols = [{ name: 'pong', kind: 'Function', filePath: `${ROOT}/src/chain.ts`, range: { start: { line: 14, character: 1 }, end: { line: 16, character: 2 } } }];
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
    const { deps, navigation } = setup();
    for (let index = 0; index < 600; index++) {
      navigation.addFunction(`caller${index}`, 'src/chain.ts', 100 + index);
      navigation.calls.push([`caller${index}`, 'ping']);
    }
    const response = await traceCalls(deps, { target: 'src/chain.ts::11::10' });
    expect(response.truncated).toBe(true);
    expect(response.nodes).toHaveLength(500);
    expect(response.edges).toHaveLength(499);
  });
});
