import { describe, expect, it } from 'vitest';
import { CnError, ProjectPaths, findSymbol, traceCalls, type WorkspaceSymbolHit } from '../src/index.js';
import { editDistance, suggestNames } from '../src/ranking/did-you-mean.js';
import { FakeEngine, FakeFiles, ROOT } from './fakes.js';
import { FakeNavigation } from './navigation-fakes.js';

/** An engine whose symbol search matches like navto: names containing the query, ignoring case. */
class IndexEngine extends FakeEngine {
  protected override async matching(query: string): Promise<WorkspaceSymbolHit[]> {
    return this.symbols.filter((hit) => hit.name.toLowerCase().includes(query.toLowerCase()));
  }
}

function engineWith(names: string[]): IndexEngine {
  const engine = new IndexEngine();
  const range = { start: { line: 1, character: 1 }, end: { line: 1, character: 2 } };
  engine.symbols = names.map((name) => ({ name, kind: 'Function', filePath: `${ROOT}/src/a.ts`, range }));
  return engine;
}

describe('did you mean', () => {
  it('measures edits, a swap of neighbours costing one', () => {
    expect(editDistance('mergpath', 'mergepath')).toBe(1);
    expect(editDistance('apperorr', 'apperror')).toBe(1);
    expect(editDistance('abc', 'abc')).toBe(0);
  });

  it('offers the closest names, found by either end of the name', async () => {
    const engine = engineWith(['mergePath', 'mergeMap', 'getPath', 'unrelated']);
    expect(await suggestNames(engine, 'mergPath')).toEqual(['mergePath']);
    // The typo is in the first characters: the last ones find it.
    expect(await suggestNames(engine, 'nergePath')).toEqual(['mergePath']);
    expect(await suggestNames(engine, 'zzzzzz')).toEqual([]);
  });

  it('find answers nothing found with didYouMean; calls refuses with the suggestion in the hint', async () => {
    const engine = engineWith(['mergePath']);
    const deps = {
      engine,
      symbols: engine,
      navigation: new FakeNavigation(),
      files: new FakeFiles({}),
      paths: new ProjectPaths(ROOT),
    };
    const found = await findSymbol(deps, { query: 'mergPath', refs: 'none' });
    expect(found).toMatchObject({ definition: null, candidates: [], totalCandidates: 0, didYouMean: ['mergePath'] });
    const error = await traceCalls(deps, { target: 'mergPath' }).catch((caught: CnError) => caught);
    expect(error).toMatchObject({
      kind: 'not-found',
      message: "no symbol named 'mergPath'",
      hint: 'did you mean mergePath?',
    });
  });
});
