import { describe, expect, it } from 'vitest';
import { CnError, ProjectPaths, resolveSymbolTarget, type WorkspaceSymbolHit } from '../src/index.js';
import { FakeEngine, FakeFiles, ROOT } from './fakes.js';

// Two declarations named alike, as hono's `Router` interface and a `Router` class elsewhere.
const files = {
  'src/router.ts': 'export interface Router {\n}\n',
  'src/router/linear/router.ts': 'export class Router {\n}\n',
};

function hit(name: string, kind: string, file: string): WorkspaceSymbolHit {
  return {
    name,
    kind,
    filePath: `${ROOT}/${file}`,
    range: { start: { line: 1, character: 1 }, end: { line: 2, character: 2 } },
  };
}

function setup(symbols: WorkspaceSymbolHit[]) {
  const engine = new FakeEngine();
  engine.symbols = symbols;
  return { engine, symbols: engine, files: new FakeFiles(files), paths: new ProjectPaths(ROOT) };
}

const routers = [hit('Router', 'Class', 'src/router/linear/router.ts'), hit('Router', 'Interface', 'src/router.ts')];

describe('resolveSymbolTarget narrowed as cn find narrows (calls, impl, type)', () => {
  it('without narrowing, two equal names make the answer a guess', async () => {
    const resolved = await resolveSymbolTarget(setup(routers), 'Router');
    expect(resolved.ambiguous).toBe(true);
  });

  it('--in a file or a glob keeps only the declarations there, so the answer is no longer a guess', async () => {
    const inFile = await resolveSymbolTarget(setup(routers), 'Router', { in: 'src/router.ts' });
    expect([inFile.filePath, inFile.ambiguous]).toEqual([`${ROOT}/src/router.ts`, undefined]);
    const inGlob = await resolveSymbolTarget(setup(routers), 'Router', { in: 'src/router/**' });
    expect([inGlob.filePath, inGlob.ambiguous]).toEqual([`${ROOT}/src/router/linear/router.ts`, undefined]);
  });

  it('--exact refuses a longer name instead of guessing it', async () => {
    const deps = setup([hit('Router', 'Interface', 'src/router.ts')]);
    expect((await resolveSymbolTarget(deps, 'Route')).ambiguous).toBe(true);
    await expect(resolveSymbolTarget(deps, 'Route', { exact: true })).rejects.toMatchObject({
      kind: 'not-found',
      message: "no symbol named 'Route' exactly",
    });
  });

  it('nothing left after narrowing: not-found naming what narrowed it', async () => {
    const error = await resolveSymbolTarget(setup(routers), 'Router', {
      kind: 'interface',
      in: 'src/router/linear',
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CnError);
    expect(error).toMatchObject({
      kind: 'not-found',
      message: "no symbol named 'Router' of kind interface in src/router/linear",
    });
  });

  it('an --in outside the root is refused, for a name or an id alike', async () => {
    await expect(resolveSymbolTarget(setup(routers), 'Router', { in: '../elsewhere' })).rejects.toMatchObject({
      kind: 'bad-input',
    });
    await expect(resolveSymbolTarget(setup(routers), 'src/router.ts::1::18', { in: '/etc' })).rejects.toMatchObject({
      kind: 'bad-input',
    });
  });
});
