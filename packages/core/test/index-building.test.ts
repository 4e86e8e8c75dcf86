import { describe, expect, it } from 'vitest';
import { ProjectPaths, findSymbol, resolveSymbolTarget, type WorkspaceSymbolHit } from '../src/index.js';
import { FakeEngine, FakeFiles, ROOT } from './fakes.js';

/** The native engine's index, still being built: exact names come at once, the rest after the whole index. */
describe('a name asked while the symbol index is being built', () => {
  const files = {
    'src/user.ts': 'export class User {}\n',
    'src/user-repository.ts': 'export class UserRepository {}\n',
    'src/legacy.ts': 'export interface user {}\n',
  };
  const hit = (file: string, name: string, kind: string): WorkspaceSymbolHit => ({
    name,
    kind,
    filePath: `${ROOT}/${file}`,
    range: { start: { line: 1, character: 1 }, end: { line: 1, character: 20 } },
  });
  const setup = () => {
    const engine = new FakeEngine();
    engine.indexBuilding = true;
    engine.symbols = [
      hit('src/user.ts', 'User', 'Class'),
      hit('src/user-repository.ts', 'UserRepository', 'Class'),
      hit('src/legacy.ts', 'user', 'Interface'),
    ];
    return { engine, deps: { engine, symbols: engine, files: new FakeFiles(files), paths: new ProjectPaths(ROOT) } };
  };

  it('answers an exact name without waiting, and says the candidate count may be short', async () => {
    const { engine, deps } = setup();
    const answer = await findSymbol(deps, { query: 'User', refs: 'none' });
    expect(answer.definition).toMatchObject({ filePath: 'src/user.ts', name: 'User' });
    expect(answer).toMatchObject({ complete: false, totalCandidates: 0 });
    expect(answer.incomplete).toMatch(/symbol index was still being built/);
    expect(engine.searches).toEqual(['exact:User']);
  });

  it('waits for the whole index when no declaration has the exact name', async () => {
    const { engine, deps } = setup();
    const answer = await findSymbol(deps, { query: 'UserRepo', refs: 'none' });
    expect(answer.definition).toMatchObject({ name: 'UserRepository' });
    expect(answer.complete).toBeUndefined();
    expect(engine.searches).toEqual(['exact:UserRepo', 'UserRepo']);
  });

  it('waits when the exact name is filtered out by --kind', async () => {
    const { engine, deps } = setup();
    const answer = await findSymbol(deps, { query: 'User', kind: 'interface', refs: 'none' });
    expect(answer.definition).toMatchObject({ name: 'user', kind: 'Interface' });
    expect(engine.searches).toEqual(['exact:User', 'User']);
  });

  it('is complete with --exact, which lists exact names only', async () => {
    const { deps } = setup();
    const answer = await findSymbol(deps, { query: 'User', exact: true, refs: 'none' });
    expect(answer.definition).toMatchObject({ name: 'User' });
    expect(answer.complete).toBeUndefined();
  });

  it('points calls, impl and type at the exact name without waiting', async () => {
    const { engine, deps } = setup();
    const target = await resolveSymbolTarget(deps, 'User');
    expect(target).toMatchObject({ filePath: `${ROOT}/src/user.ts` });
    expect(target.ambiguous).toBeUndefined();
    expect(engine.searches).toEqual(['exact:User']);
  });
});
