import { describe, expect, it } from 'vitest';
import { ProjectPaths, findSymbol, findImplementations, type WorkspaceSymbolHit } from '../src/index.js';
import { FakeEngine, FakeFiles, ROOT } from './fakes.js';
import { FakeNavigation } from './navigation-fakes.js';

/** A hit for the first line of the file holding the name (navto ranges start at the declaration). */
function hitIn(
  files: Record<string, string>,
  file: string,
  name: string,
  kind: string,
  containerName?: string,
): WorkspaceSymbolHit {
  const lines = files[file].split('\n');
  const line = lines.findIndex((content) => content.includes(name)) + 1;
  const range = { start: { line, character: 1 }, end: { line, character: lines[line - 1].length + 1 } };
  return { name, kind, filePath: `${ROOT}/${file}`, range, ...(containerName ? { containerName } : {}) };
}

describe('ranking picks what the user means', () => {
  const files = {
    'benchmarks/parse.bench.ts':
      'const suite = {\n  parse(input) { return input },\n}\nfunction safeParse(x) { return x }\n',
    'packages/zod/src/parse.ts':
      'export const parse: Parse = /* @__PURE__ */ make()\nexport const safeParse = (schema, data) => data\n',
    'src/adapter/handler.ts': 'abstract class Processor {\n  protected abstract getPath(event: E): string\n}\n',
    'src/utils/url.ts': 'export const getPath = (request: Request): string => {\n  return request.url\n}\n',
    'src/client/utils.ts': 'export const mergePath = (base: string, path: string) => base + path\n',
    'src/utils/merge.ts': 'export const mergePath = (...paths: string[]) => paths.join("/")\n',
  };
  const deps = (symbols: WorkspaceSymbolHit[]) => {
    const engine = new FakeEngine();
    engine.symbols = symbols;
    return { engine, symbols: engine, files: new FakeFiles(files), paths: new ProjectPaths(ROOT) };
  };

  it('an exported top-level declaration beats an object-literal method in a benchmark', async () => {
    const answer = await findSymbol(
      deps([
        hitIn(files, 'benchmarks/parse.bench.ts', 'parse', 'Method', 'suite'),
        hitIn(files, 'packages/zod/src/parse.ts', 'parse', 'Variable'),
      ]),
      {
        query: 'parse',
        refs: 'none',
      },
    );
    expect(answer.definition).toMatchObject({ filePath: 'packages/zod/src/parse.ts', name: 'parse' });
    expect(answer.ambiguous).toBeUndefined();
  });

  it('src before a non-exported benchmark helper', async () => {
    const answer = await findSymbol(
      deps([
        hitIn(files, 'benchmarks/parse.bench.ts', 'safeParse', 'Function'),
        hitIn(files, 'packages/zod/src/parse.ts', 'safeParse', 'Variable'),
      ]),
      {
        query: 'safeParse',
        refs: 'none',
      },
    );
    expect(answer.definition).toMatchObject({ filePath: 'packages/zod/src/parse.ts', kind: 'Function' });
  });

  it('`export const getPath = (…) =>` is a Function and beats abstract methods; --kind function finds it', async () => {
    const symbols = [
      hitIn(files, 'src/adapter/handler.ts', 'getPath', 'Method', 'Processor'),
      hitIn(files, 'src/utils/url.ts', 'getPath', 'Variable'),
    ];
    const answer = await findSymbol(deps(symbols), { query: 'getPath', refs: 'none' });
    expect(answer.definition).toMatchObject({ filePath: 'src/utils/url.ts', kind: 'Function' });
    const byKind = await findSymbol(deps(symbols), {
      query: 'getPath',
      kind: 'function',
      in: 'src/utils/url.ts',
      refs: 'none',
    });
    expect(byKind.definition).toMatchObject({ filePath: 'src/utils/url.ts' });
  });

  it('two exported functions of one name are ambiguous, for find and for impl alike', async () => {
    const symbols = [
      hitIn(files, 'src/client/utils.ts', 'mergePath', 'Variable'),
      hitIn(files, 'src/utils/merge.ts', 'mergePath', 'Variable'),
    ];
    const answer = await findSymbol(deps(symbols), { query: 'mergePath', refs: 'none' });
    expect(answer.ambiguous).toBe(true);
    const impl = await findImplementations(
      { ...deps(symbols), navigation: new FakeNavigation() },
      { target: 'mergePath' },
    );
    expect(impl.ambiguous).toBe(true);
    expect(impl.candidates).toEqual([
      expect.objectContaining({ id: 'src/utils/merge.ts::1::14', name: 'mergePath', kind: 'Function' }),
    ]);
  });

  it('a misspelt name answered by a longer one is flagged, with what else it could be', async () => {
    const symbols = [hitIn(files, 'src/utils/url.ts', 'getPath', 'Variable')];
    const impl = await findImplementations(
      { ...deps(symbols), navigation: new FakeNavigation() },
      { target: 'getPat' },
    );
    expect(impl.target).toMatchObject({ name: 'getPath' });
    expect(impl.ambiguous).toBe(true);
    const exact = await findImplementations(
      { ...deps(symbols), navigation: new FakeNavigation() },
      { target: 'getPath' },
    );
    expect(exact.ambiguous).toBeUndefined();
  });
});
