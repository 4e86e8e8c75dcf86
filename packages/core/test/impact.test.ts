import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CnError, ProjectPaths, impactOf, presentAnswer, type ChangedFile, type ChangeHistory } from '../src/index.js';
import type { ImpactResponse } from '@cn/protocol';
import { codebaseFromText } from './call-fakes.js';
import { FakeImportGraph } from './navigation-fakes.js';
import { ROOT } from './fakes.js';

const project = {
  'src/composition.ts': ['export function compose() {}', 'export function unrelated() {}', ''].join('\n'),
  'src/index.ts': "export { compose } from './composition';\n",
  'src/app.ts': [
    "import { compose } from './index';",
    'export function handle() {',
    '  compose();',
    '}',
    'export function serve() {',
    '  handle();',
    '}',
    '',
  ].join('\n'),
  'src/types.ts': ["import { compose } from './composition';", 'export type C = typeof compose;', ''].join('\n'),
  'test/app.ts': ["import { serve } from '../src/app';", "describe('app', () => {", '  serve();', '})', ''].join('\n'),
};

/** Changed lines as given, per root-relative file. */
class FakeChanges implements ChangeHistory {
  asked: string[] = [];
  constructor(private readonly changed: Record<string, ChangedFile['lines']>) {}
  async changedFiles(ref: string): Promise<ChangedFile[]> {
    this.asked.push(ref);
    return Object.entries(this.changed).map(([file, lines]) => ({
      filePath: path.join(ROOT, file),
      ...(lines ? { lines } : {}),
    }));
  }
}

function setup(changed: Record<string, ChangedFile['lines']> = {}) {
  const { engine, navigation, files, referenceSyntax } = codebaseFromText(project);
  const changes = new FakeChanges(changed);
  const paths = new ProjectPaths(ROOT);
  // The imports of `project`, each at its specifier (line 1, after `from '`).
  const importGraph = new FakeImportGraph({
    'src/composition.ts': [],
    'src/index.ts': [{ specifier: './composition', resolvedFile: 'src/composition.ts', line: 1, character: 26 }],
    'src/app.ts': [{ specifier: './index', resolvedFile: 'src/index.ts', line: 1, character: 26 }],
    'src/types.ts': [{ specifier: './composition', resolvedFile: 'src/composition.ts', line: 1, character: 26 }],
    'test/app.ts': [{ specifier: '../src/app', resolvedFile: 'src/app.ts', line: 1, character: 24 }],
  });
  return {
    deps: { engine, symbols: engine, navigation, files, paths, changes, referenceSyntax, importGraph },
    changes,
  };
}

const fileLines = (response: { files: Array<{ filePath: string; depth: number; reasons: string[] }> }) =>
  response.files.map((file) => `${file.filePath}@${file.depth} ${file.reasons.join(',')}`);

describe('impactOf', () => {
  it('lists the files calling, importing (through the barrel) or naming the symbol, its own file left out', async () => {
    const { deps } = setup();
    const response = await impactOf(deps, { target: 'src/composition.ts::1::17' });
    expect(fileLines(response)).toEqual([
      'src/app.ts@1 calls,imports',
      'src/index.ts@1 imports',
      'src/types.ts@1 imports,references',
    ]);
    expect(response.tests).toEqual([]);
    expect(response.root).toBe('src/composition.ts::1::17');
    expect(response.edges).toEqual([
      { from: 'src/app.ts::2::17', to: 'src/composition.ts::1::17', kind: 'calls', callSites: ['src/app.ts::3::3'] },
    ]);
    expect(response).toMatchObject({ projects: 0, complete: true, depth: 1 });
    // The barrel followed, said with its statement, so the index files need no reading to believe the list.
    expect(response.reExportedBy).toEqual({
      statements: [{ site: 'src/index.ts:1', statement: "export { compose } from './composition';" }],
      total: 1,
    });
    expect(presentAnswer('impact', response, 'compact').output.split('\n')).toContain(
      "re-exported by 1 (followed): src/index.ts:1 export { compose } from './composition'",
    );
    // A barrel that names other symbols of the file does not re-export this one.
    const unrelated = await impactOf(deps, { target: 'src/composition.ts::2::17' });
    expect(unrelated.reExportedBy).toEqual({ statements: [], total: 0 });
    expect(presentAnswer('impact', unrelated, 'compact').output).toContain(
      're-exported by: none (no export * or export { } from names its file)',
    );
  });

  it('follows the callers of the callers to the depth, and finds the test files among the files reached', async () => {
    const { deps } = setup();
    const two = await impactOf(deps, { target: 'src/composition.ts::1::17', depth: 2 });
    expect(two.nodes.map((node) => `${node.name}@${node.depth}`)).toEqual(['compose@0', 'handle@1', 'serve@2']);
    expect(two.tests).toEqual([]);
    const three = await impactOf(deps, { target: 'src/composition.ts::1::17', depth: 3 });
    expect(fileLines(three)).toContain('test/app.ts@3 calls,imports');
    expect(three.files.find((file) => file.filePath === 'test/app.ts')?.test).toBe(true);
    expect(three.tests).toEqual(['test/app.ts']);
    // The test's top-level code is a caller, and nothing calls a file's top level.
    expect(three.nodes.map((node) => `${node.name}@${node.depth}`)).toContain('<module>@3');
  });

  it('--refs-not-in / --refs-in leave files out, their callers not followed, and count them', async () => {
    const { deps } = setup();
    const noTests = await impactOf(deps, { target: 'src/composition.ts::1::17', depth: 3, refsNotIn: 'test' });
    expect(noTests.tests).toEqual([]);
    expect(noTests.filteredFiles).toBe(1);
    // app.ts left out: handle is not followed, so serve and the test are never reached.
    const noApp = await impactOf(deps, { target: 'src/composition.ts::1::17', depth: 3, refsNotIn: 'src/app.ts' });
    expect(fileLines(noApp)).toEqual(['src/index.ts@1 imports', 'src/types.ts@1 imports,references']);
    expect(noApp.nodes.map((node) => node.name)).toEqual(['compose']);
    expect(noApp.filteredFiles).toBe(1);
    const onlyTypes = await impactOf(deps, { target: 'src/composition.ts::1::17', refsIn: 'src/types.ts' });
    expect(fileLines(onlyTypes)).toEqual(['src/types.ts@1 imports,references']);
  });

  it('--since: the declarations the changed lines fall in, merged into one answer', async () => {
    const { deps, changes } = setup({
      'src/composition.ts': [{ start: 1, end: 1 }],
      'src/app.ts': [{ start: 6, end: 6 }],
      'README.md': [{ start: 1, end: 3 }],
    });
    const response = await impactOf(deps, { since: 'HEAD~1' });
    expect(changes.asked).toEqual(['HEAD~1']);
    expect(response.roots).toEqual(['src/composition.ts::1::17', 'src/app.ts::5::17']);
    // serve's caller is the test; compose's users other than the changed files themselves.
    expect(fileLines(response)).toEqual([
      'src/index.ts@1 imports',
      'src/types.ts@1 imports,references',
      'test/app.ts@1 calls,imports',
    ]);
    expect(response.tests).toEqual(['test/app.ts']);
    // README.md holds no symbols and is not counted.
    expect(response.changedFiles).toBeUndefined();
  });

  it('--since: an untracked file counts whole; changes outside any declaration (an import) name none, counted', async () => {
    const { deps } = setup({ 'src/composition.ts': undefined, 'src/types.ts': [{ start: 1, end: 1 }] });
    const response = await impactOf(deps, { since: 'main' });
    expect(response.roots).toEqual(['src/composition.ts::1::17', 'src/composition.ts::2::17']);
    expect(response.changedFiles).toBe(1);
  });

  it('a file target is its top-level declarations', async () => {
    const { deps } = setup();
    const response = await impactOf(deps, { target: 'src/composition.ts' });
    expect(response.roots).toEqual(['src/composition.ts::1::17', 'src/composition.ts::2::17']);
    expect(fileLines(response)).toHaveLength(3);
  });

  it('limit keeps the nearest files and says how many there are; maxTokens cuts edges, then files', async () => {
    const { deps } = setup();
    const limited = await impactOf(deps, { target: 'src/composition.ts::1::17', depth: 3, limit: 2 });
    expect(limited.files.map((file) => file.filePath)).toEqual(['src/app.ts', 'src/index.ts']);
    expect(limited).toMatchObject({ totalFiles: 4, truncated: true, tests: ['test/app.ts'] });
    const full = await impactOf(deps, { target: 'src/composition.ts::1::17', depth: 3 });
    const fitted = await impactOf(deps, { target: 'src/composition.ts::1::17', depth: 3, maxTokens: 260 });
    expect(fitted.budget!.tokens).toBeLessThanOrEqual(260);
    expect(fitted.edges.length).toBeLessThan(full.edges.length);
    expect(fitted.files.length).toBeGreaterThan(0);
    const tiny = await impactOf(deps, { target: 'src/composition.ts::1::17', depth: 3, maxTokens: 20 });
    expect(tiny).toMatchObject({ files: [], tests: [], totalFiles: 4, budget: { stage: 'totals' } });
  });

  it('refuses both a target and since, and neither', async () => {
    const { deps } = setup();
    await expect(impactOf(deps, {})).rejects.toThrow(CnError);
    await expect(impactOf(deps, { target: 'compose', since: 'HEAD' })).rejects.toThrow(/one of a target and --since/);
  });
});

describe('impact compact: the files are the answer, ten caller edges back them', () => {
  const edge = (index: number) => ({
    from: `src/c${index}.ts::1::17`,
    to: 'src/a.ts::1::17',
    kind: 'calls' as const,
    callSites: [`src/c${index}.ts::2::3`],
  });
  const answer = (edges: number, totalEdges?: number) =>
    ({
      root: 'src/a.ts::1::17',
      direction: 'in',
      depth: 1,
      nodes: [],
      edges: Array.from({ length: edges }, (_, index) => edge(index)),
      ...(totalEdges !== undefined ? { totalEdges } : {}),
      files: [{ filePath: 'src/c0.ts', depth: 1, reasons: ['calls'] }],
      tests: [],
      projects: 1,
      complete: true,
    }) as unknown as ImpactResponse;

  it('prints the first ten and counts the rest once, a budget cut included', () => {
    const lines = presentAnswer('impact', answer(12), 'compact').output.split('\n');
    expect(lines.filter((line) => line.includes(' → '))).toHaveLength(10);
    expect(lines).toContain('… 2 more caller edges (--format tree lists them)');
    const cut = presentAnswer('impact', answer(12, 20), 'compact').output.split('\n');
    expect(cut.filter((line) => line.startsWith('…'))).toEqual(['… 10 more caller edges (--format tree lists them)']);
    // Ten or fewer: all, no count.
    expect(presentAnswer('impact', answer(10), 'compact').output).not.toContain('more caller edge');
  });
});
