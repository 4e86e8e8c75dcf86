import { afterEach, describe, expect, it } from 'vitest';
import { ENGINE, cleanUp, cn, copyProject, json } from '../../helpers/cn.js';

/**
 * test/fixtures/native-crash made typescript-go 7.0.2's server panic (a nil pointer in Snapshot.Clone, reduced from
 * vitest: issue 24) on every start while cn opened each loose file as a document: a guessed anchor closed, a loose
 * file elsewhere opened into the inferred project, the guessed one opened again before the project it references was
 * loaded. cn now gives the native server its loose files as one project of its own (lsp/src/native-loose-project.ts)
 * and opens none of them: the server loads this layout and answers. What cn does when an engine keeps crashing is
 * tested with a server that panics as Go does (packages/lsp/test/crash-loop.test.ts) and in the daemon's status
 * (packages/daemon/test/engine-status.test.ts).
 */
describe.runIf(ENGINE === 'native')('a layout that made the native engine panic at every start', () => {
  let root: string;
  afterEach(() => cleanUp(root));

  it('loads on the native engine and answers, with no crash and no hand-over', async () => {
    root = copyProject('test/fixtures/native-crash');
    const env = { CN_ENGINE: 'auto' };
    const started = await cn(['start', '--root', root], { env });
    expect(started.exitCode, started.stderr).toBe(0);
    expect(started.stderr).toBe('');
    const found = await cn(['find', 'answer', '--root', root], { env });
    expect(json(found).definition).toMatchObject({ name: 'answer', filePath: 'solution/a/index.ts' });
    // The file whose reopening made the server panic, asked about: it answers from cn's project of loose files.
    const mapped = await cn(['map', 'solution/loose.ts', '--format', 'compact', '--root', root], { env });
    expect(mapped.exitCode, mapped.stderr).toBe(0);
    expect(mapped.stdout).toContain('unlisted');
    const status = json(await cn(['status', '--root', root], { env }));
    expect(status).toMatchObject({ state: 'ready', engine: 'native', restarts: 0, looseFiles: 2 });
    expect(status.engineFallback).toBeUndefined();
    expect(status.lastError).toBeUndefined();
  });
});
