import { describe, expect, it } from 'vitest';
import { ProjectPaths, describeType, findSymbol, listDiagnostics, overview, traceCalls } from '../src/index.js';
import { FakeEngine, FakeFiles, FakeReferenceSyntax, ROOT, at, node } from './fakes.js';
import { FakeImportGraph, FakeNavigation } from './navigation-fakes.js';

const SECRET = 'SECRET-LINE';
const secretSource = ['/** SECRET-DOC */', 'export function leaked(): string {', `  return '${SECRET}';`, '}', ''].join(
  '\n',
);
const mainSource = ["import { leaked } from './linked/secret.js';", 'export const value = leaked();', ''].join('\n');

/** src/linked/secret.ts stands for a file reached through a symlink in src/ whose real path is outside the root. */
function setup() {
  const engine = new FakeEngine();
  const navigation = new FakeNavigation();
  const files = new FakeFiles({ 'src/linked/secret.ts': secretSource, 'src/main.ts': mainSource });
  files.linkedOut.add('src/linked/secret.ts');
  const importGraph = new FakeImportGraph({
    'src/linked/secret.ts': [],
    'src/main.ts': [{ specifier: './linked/secret.js', resolvedFile: 'src/linked/secret.ts' }],
  });
  const deps = {
    engine,
    symbols: engine,
    navigation,
    importGraph,
    files,
    paths: new ProjectPaths(ROOT),
    referenceSyntax: new FakeReferenceSyntax(),
  };
  engine.symbols = [
    {
      name: 'leaked',
      kind: 'Function',
      filePath: `${ROOT}/src/linked/secret.ts`,
      range: { start: { line: 1, character: 1 }, end: { line: 4, character: 2 } },
    },
  ];
  engine.outlines[`${ROOT}/src/linked/secret.ts`] = [node('leaked', 'Function', [1, 4], [2, 17])];
  engine.outlines[`${ROOT}/src/main.ts`] = [node('value', 'Constant', [2, 2], [2, 14])];
  engine.referencesAt[`${ROOT}/src/linked/secret.ts:2:17`] = [
    at('src/linked/secret.ts', 2, 17),
    at('src/main.ts', 1, 10),
    at('src/main.ts', 2, 22),
  ];
  return { engine, navigation, deps };
}

describe('places whose real path is outside the root carry no text', () => {
  it('find keeps the place, marked outsideRoot, with no preview or snippet; places inside keep theirs', async () => {
    const { deps } = setup();
    const response = await findSymbol(deps, { query: 'leaked', snippet: 'full' });
    // The name is located through the engine's outline, not the file's text.
    expect(response.definition).toMatchObject({ id: 'src/linked/secret.ts::2::17', preview: '', outsideRoot: true });
    expect(response.definition).not.toHaveProperty('snippet');
    expect(response.references.map((ref) => [ref.id, ref.outsideRoot ?? false])).toEqual([
      ['src/linked/secret.ts::2::17', true],
      ['src/main.ts::1::10', false],
      ['src/main.ts::2::22', false],
    ]);
    expect(response.references[1].preview).toBe(mainSource.split('\n')[0]);
    expect(JSON.stringify(response)).not.toContain('SECRET');
  });

  it('overview and whole-project diagnostics leave such files out', async () => {
    const { navigation, deps } = setup();
    navigation.diagnosticsOf[`${ROOT}/src/linked/secret.ts`] = [
      {
        filePath: `${ROOT}/src/linked/secret.ts`,
        range: at('src/linked/secret.ts', 3, 3).range,
        severity: 'error',
        code: 'TS1',
        message: 'broken',
      },
    ];
    const map = await overview(deps, { maxTokens: 0 });
    expect(map.files.map((file) => file.filePath)).toEqual(['src/main.ts']);
    expect(map.counts.files).toBe(1);
    const diagnostics = await listDiagnostics(deps, {});
    expect(diagnostics).toMatchObject({ diagnostics: [], filesChecked: 1, totalFiles: 1 });
    expect(navigation.diagnosticsAsked).toEqual([[`${ROOT}/src/main.ts`]]);
  });

  it('type drops the doc comment of a declaration outside the root (its own text), keeps the signature', async () => {
    const { engine, navigation, deps } = setup();
    engine.definitionsAt[`${ROOT}/src/main.ts:2:22`] = [at('src/linked/secret.ts', 2, 17)];
    navigation.hovers[`${ROOT}/src/main.ts:2:22`] = {
      signature: 'function leaked(): string',
      documentation: 'SECRET-DOC',
    };
    const response = await describeType(deps, { target: 'src/main.ts::2::22' });
    expect(response.signature).toBe('function leaked(): string');
    expect(response.documentation).toBe('');
  });

  it('calls leaves out callers and callees reached through a symlink leading out', async () => {
    const { navigation, deps } = setup();
    navigation.addFunction('value', 'src/main.ts', 2, 14);
    navigation.addFunction('leaked', 'src/linked/secret.ts', 2, 17);
    navigation.calls.push(['value', 'leaked']);
    const response = await traceCalls(deps, { target: 'src/main.ts::2::14', direction: 'out' });
    expect(response.nodes.map((graphNode) => graphNode.name)).toEqual(['value']);
  });
});
