import { describe, expect, it } from 'vitest';
import {
  estimateJsonTokens,
  findSymbol,
  fitFind,
  presentAnswer,
  ProjectPaths,
  searchableLiteral,
  type WorkspaceSymbolHit,
} from '../src/index.js';
import { FakeEngine, FakeFiles, node, ROOT } from './fakes.js';

const files: Record<string, string> = {
  'src/router.ts': 'export interface Router {\n}\n',
  'src/router/trie.ts': 'export class TrieRouter {\n}\nclass helperRouter {\n}\n',
  'src/router/trie.test.ts': 'class FakeRouter {\n}\n',
  'src/app.ts':
    'export class App {\n  get router() {\n    return 1;\n  }\n}\nexport function myrouter() {\n  const innerrouter = 1;\n}\n',
  'src/types.ts': 'export interface Env {\n}\nexport interface RouterOptions {\n}\n',
};

function hit(name: string, kind: string, file: string, line = 1, containerName?: string): WorkspaceSymbolHit {
  return {
    name,
    kind,
    filePath: `${ROOT}/${file}`,
    range: { start: { line, character: 1 }, end: { line: line + 1, character: 2 } },
    ...(containerName ? { containerName } : {}),
  };
}

function setup() {
  const engine = new FakeEngine();
  engine.symbols = [
    hit('FakeRouter', 'Class', 'src/router/trie.test.ts'),
    hit('helperRouter', 'Class', 'src/router/trie.ts', 3),
    hit('TrieRouter', 'Class', 'src/router/trie.ts'),
    hit('Router', 'Interface', 'src/router.ts'),
    hit('RouterOptions', 'Interface', 'src/types.ts', 3),
    hit('TrieRouter', 'Variable', 'src/index.ts'),
  ];
  engine.symbols[5].alias = true;
  engine.outlines = {
    [`${ROOT}/src/app.ts`]: [
      node('App', 'Class', [1, 5], [1, 14], [node('router', 'Method', [2, 4], [2, 7])]),
      node('myrouter', 'Function', [6, 8], [6, 17], [node('innerrouter', 'Constant', [7, 7], [7, 9])]),
    ],
    [`${ROOT}/src/types.ts`]: [
      node('Env', 'Interface', [1, 2], [1, 18]),
      node('RouterOptions', 'Interface', [3, 4], [3, 18]),
    ],
    [`${ROOT}/src/router.ts`]: [node('Router', 'Interface', [1, 2], [1, 18])],
  };
  const importGraph = { projectFiles: async () => Object.keys(files).map((file) => `${ROOT}/${file}`) };
  return { engine, symbols: engine, files: new FakeFiles(files), paths: new ProjectPaths(ROOT), importGraph };
}

describe('cn find with a name pattern lists every match', () => {
  it('ranks as find ranks, asks the name search for the capitalised literal, and searches no references', async () => {
    const deps = setup();
    const found = await findSymbol(deps, { query: '*Router' });
    expect(deps.engine.searches).toEqual(['Router']);
    expect(found.candidates.map((candidate) => `${candidate.kind} ${candidate.name} ${candidate.filePath}`)).toEqual([
      'Interface Router src/router.ts',
      'Class TrieRouter src/router/trie.ts',
      'Class helperRouter src/router/trie.ts',
      'Class FakeRouter src/router/trie.test.ts',
    ]);
    expect(found).toMatchObject({ definition: null, totalCandidates: 4, pattern: true, refs: 'none' });
    expect(found.truncated).toBeUndefined();
    expect(found.candidates[0].id).toBe('src/router.ts::1::18');
    expect(deps.engine.asked).toEqual([]);
  });

  it('--limit caps the list while totalCandidates counts all', async () => {
    const found = await findSymbol(setup(), { query: '*Router', limit: 2 });
    expect([found.candidates.length, found.totalCandidates, found.truncated]).toEqual([2, 4, true]);
  });

  it('a capital makes it case-sensitive; a lowercase pattern ignores case and reads outlines, members but no locals', async () => {
    const deps = setup();
    const sensitive = await findSymbol(deps, { query: 'Router*' });
    expect(sensitive.candidates.map((candidate) => candidate.name)).toEqual(['Router', 'RouterOptions']);
    const insensitive = await findSymbol(deps, { query: '*router*', in: 'src' });
    expect(deps.engine.searches).toEqual(['Router']);
    expect(insensitive.candidates.map((candidate) => `${candidate.kind} ${candidate.name}`).sort()).toEqual([
      'Function myrouter',
      'Getter router',
      'Interface Router',
      'Interface RouterOptions',
    ]);
  });

  it('* with --kind and --in lists the symbols of that kind under the path', async () => {
    const found = await findSymbol(setup(), { query: '*', kind: 'interface', in: 'src/types.ts' });
    expect(found.candidates.map((candidate) => candidate.name)).toEqual(['Env', 'RouterOptions']);
    expect(found.totalCandidates).toBe(2);
  });

  it('refuses what a list cannot answer: references only, --exact, a pattern in the class name (Class.* lists members)', async () => {
    await expect(findSymbol(setup(), { query: '*Router', refs: 'only' })).rejects.toMatchObject({ kind: 'bad-input' });
    await expect(findSymbol(setup(), { query: '*Router', exact: true })).rejects.toMatchObject({ kind: 'bad-input' });
    await expect(findSymbol(setup(), { query: 'A*.route' })).rejects.toMatchObject({ kind: 'bad-input' });
  });
});

describe('a pattern list under --max-tokens', () => {
  it('is cut from the end past dropping previews: the best matches stay, totals count all', async () => {
    const found = await findSymbol(setup(), { query: '*Router' });
    const bare = fitFind(found, 10_000);
    expect(bare.budget?.stage).toBe('full');
    // What the two best matches cost without previews, with the budget report the answer carries.
    const twoBest = found.candidates.slice(0, 2).map(({ preview: _preview, ...candidate }) => candidate);
    const budget = { maxTokens: 1000, stage: 'cut' as const, tokens: 1000 };
    const maxTokens = estimateJsonTokens({ ...found, candidates: twoBest, truncated: true, budget });
    const cut = fitFind(found, maxTokens);
    expect(cut.budget).toMatchObject({ stage: 'cut', maxTokens });
    expect(cut.budget!.tokens).toBeLessThanOrEqual(maxTokens);
    expect(cut.candidates.map((candidate) => candidate.name)).toEqual(['Router', 'TrieRouter']);
    expect([cut.totalCandidates, cut.truncated]).toEqual([4, true]);
  });
});

describe('searchableLiteral: the name search is used only when it finds every match', () => {
  it('takes the longest run holding a capital, and nothing from a lowercase or bracketed pattern', () => {
    expect(searchableLiteral('*Router')).toBe('Router');
    expect(searchableLiteral('create*RegExpRouter?')).toBe('RegExpRouter');
    expect(searchableLiteral('get*')).toBeUndefined();
    expect(searchableLiteral('*')).toBeUndefined();
    expect(searchableLiteral('[A-Z]*Router')).toBeUndefined();
  });
});

describe('getters and setters are named as cn map names them', () => {
  it('cn find reports a get accessor as Getter, and --kind getter keeps it', async () => {
    const deps = setup();
    deps.engine.symbols = [hit('router', 'Method', 'src/app.ts', 2, 'App')];
    const found = await findSymbol(deps, { query: 'router', refs: 'none' });
    expect(found.definition).toMatchObject({ kind: 'Getter', name: 'router', line: 2, character: 7 });
    const narrowed = await findSymbol(deps, { query: 'router', kind: 'getter', refs: 'none' });
    expect(narrowed.definition?.kind).toBe('Getter');
  });
});

describe('a pattern over a large project: located lazily, stopped at its limit', () => {
  const FILES = 150;
  /**
   * FILES files of 23 declarations: exported functions, unexported constants (some arrow functions: Functions once
   * read), a class with a getter, type aliases the engine calls Variables.
   */
  function large() {
    const texts: Record<string, string> = {};
    const engine = new FakeEngine();
    for (let file = 0; file < FILES; file++) {
      const relative = `${file % 7 === 0 ? 'test' : 'src'}/mod${file}.ts`;
      const lines: string[] = [];
      const nodes = [];
      for (let n = 0; n < 20; n++) {
        const exported = n % 3 === 0;
        const arrow = n % 5 === 0;
        const name = `item${file}x${n}`;
        lines.push(`${exported ? 'export ' : ''}const ${name} = ${arrow ? '() => 1' : '1'};`);
        nodes.push(node(name, 'Constant', [n + 1, n + 1], [n + 1, exported ? 14 : 7]));
      }
      lines.push(`export type Alias${file} = number;`);
      nodes.push(node(`Alias${file}`, 'Variable', [21, 21], [21, 13]));
      lines.push(`export class Holder${file} {`, '  get size() {', '    return 1;', '  }', '}');
      nodes.push(node(`Holder${file}`, 'Class', [22, 26], [22, 14], [node('size', 'Method', [23, 25], [23, 7])]));
      texts[relative] = `${lines.join('\n')}\n`;
      engine.outlines[`${ROOT}/${relative}`] = nodes;
    }
    const files = new FakeFiles(texts);
    const read: string[] = [];
    const readSource = files.readSource.bind(files);
    files.readSource = (filePath: string) => (read.push(filePath), readSource(filePath));
    const importGraph = { projectFiles: async () => Object.keys(texts).map((file) => `${ROOT}/${file}`) };
    const deps = { engine, symbols: engine, files, paths: new ProjectPaths(ROOT), importGraph };
    return { deps, read, texts };
  }

  it('* --limit 5 reads a handful of files, answers what ranking every match gives, and counts them all', async () => {
    const { deps, read } = large();
    const everything = await findSymbol(large().deps, { query: '*', limit: 10_000 });
    const found = await findSymbol(deps, { query: '*', limit: 5 });
    expect(found.candidates).toEqual(everything.candidates.slice(0, 5));
    expect(found).toMatchObject({ totalCandidates: FILES * 23, truncated: true });
    expect(found.totalCandidatesAtLeast).toBeUndefined();
    expect(new Set(read).size).toBeLessThan(20);
  });

  it('with a --kind a read may change (a constant that is an arrow function), the total is a lower bound, said so', async () => {
    const { deps } = large();
    const everything = await findSymbol(large().deps, { query: '*', kind: 'function', limit: 10_000 });
    const found = await findSymbol(deps, { query: '*', kind: 'function', limit: 5 });
    expect(found.candidates).toEqual(everything.candidates.slice(0, 5));
    expect(everything.totalCandidates).toBe(FILES * 4);
    expect(everything.totalCandidatesAtLeast).toBeUndefined();
    expect(found.totalCandidates).toBeLessThan(FILES * 4);
    expect(found).toMatchObject({ totalCandidatesAtLeast: true, truncated: true });
    expect(presentAnswer('find', found, 'compact').output.split('\n')[0]).toMatch(
      /^at least \d+ symbols listed \(showing 5\); refs not searched/,
    );
  });

  it('lets other questions in while it lists: it pauses once it has run a slice', async () => {
    const { deps } = large();
    let now = 0;
    let pauses = 0;
    const clock = {
      now: () => (now += 1),
      pause: () => (pauses++, new Promise<void>((resolve) => setImmediate(resolve))),
    };
    await findSymbol({ ...deps, ...clock }, { query: '*', limit: 5 });
    expect(pauses).toBeGreaterThan(5);
  });
});
