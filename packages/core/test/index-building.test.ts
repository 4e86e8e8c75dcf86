import { describe, expect, it, vi } from 'vitest';
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

  it('searches the references of the exact name while the index is built, and answers as once it is built', async () => {
    const warm = setup();
    warm.engine.indexBuilding = false;
    const { engine, deps } = setup();
    const userAt = { line: 0, character: 13 };
    for (const fake of [engine, warm.engine])
      fake.referencesAt[`${ROOT}/src/user.ts:${userAt.line}:${userAt.character}`] = [
        { filePath: `${ROOT}/src/user.ts`, range: { start: userAt, end: { line: 0, character: 17 } } },
      ];
    // The whole index answers only once the references were asked for: they did not wait for it.
    let indexBuilt!: () => void;
    const built = new Promise<void>((resolve) => (indexBuilt = resolve));
    engine.beforeWholeSearch = () => built;
    const answering = findSymbol(deps, { query: 'User' });
    await vi.waitFor(() => expect(engine.asked).toHaveLength(1), { timeout: 5_000 });
    indexBuilt();
    const answer = await answering;
    expect(engine.searches).toEqual(['exact:User', 'User']);
    expect(engine.asked).toHaveLength(1);
    expect(answer).toEqual(await findSymbol(warm.deps, { query: 'User' }));
    expect(answer).toMatchObject({ totalCandidates: 2 });
    expect(answer.incomplete).toBeUndefined();
  });

  it('waits for the whole index at once when no references are asked for', async () => {
    const { engine, deps } = setup();
    const answer = await findSymbol(deps, { query: 'User', refs: 'none' });
    expect(answer.definition).toMatchObject({ filePath: 'src/user.ts', name: 'User' });
    expect(answer).toMatchObject({ totalCandidates: 2 });
    expect(engine.searches).toEqual(['User']);
  });

  it('waits for the whole index when no declaration has the exact name', async () => {
    const { engine, deps } = setup();
    const answer = await findSymbol(deps, { query: 'UserRepo' });
    expect(answer.definition).toMatchObject({ name: 'UserRepository' });
    expect(answer.incomplete).toBeUndefined();
    expect(engine.searches).toEqual(['exact:UserRepo', 'UserRepo']);
  });

  it('waits when the exact name is filtered out by --kind', async () => {
    const { engine, deps } = setup();
    const answer = await findSymbol(deps, { query: 'User', kind: 'interface' });
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
