import { afterEach, describe, expect, it } from 'vitest';
import { ENGINE, cleanUp, cn, copyProject, json, readPortFile } from '../../helpers/cn.js';

/**
 * test/fixtures/native-crash makes typescript-go 7.0.2's server panic (a nil pointer in Snapshot.Clone, reduced from
 * vitest: issue 24) on the documents cn opens, every start. Should a later typescript-go load it, the second test
 * fails first: the fixture then needs another crash (packages/lsp/test/crash-loop.test.ts tests the same with a stub).
 */
const PANIC = 'panic: runtime error: invalid memory address or nil pointer dereference [recovered, repanicked]';
const CRASHES = `the native engine crashed 6 times within a minute; the last time: the native TypeScript server crashed: ${PANIC}`;

// The engine is chosen in each test: run once.
describe.runIf(ENGINE === 'native')('an engine that keeps crashing on the project', () => {
  let root: string;
  afterEach(() => cleanUp(root));

  it('auto hands the root over to tsserver: said once on stderr, in status, and by the port file', async () => {
    root = copyProject('test/fixtures/native-crash');
    const env = { CN_ENGINE: 'auto' };
    const started = await cn(['start', '--root', root], { env });
    expect(started.exitCode).toBe(0);
    expect(json(started)).toMatchObject({
      state: 'ready',
      engine: 'tsserver',
      engineMode: 'auto',
      engineReason: 'no tsconfig/jsconfig needs tsserver',
      engineFallback: { from: 'native', reason: CRASHES },
    });
    expect(started.stderr).toBe(
      `cn: warning: ${CRASHES} - the tsserver engine answers for this whole root instead (cn status says so)\n`,
    );

    const found = await cn(['find', 'answer', '--root', root], { env });
    expect(json(found).definition).toMatchObject({ name: 'answer', filePath: 'solution/a/index.ts' });
    expect(found.stderr).toBe('');
    const text = await cn(['status', '--format', 'text', '--root', root], { env });
    expect(text.stdout).toContain(`(auto: ${CRASHES}; tsserver took over the whole root)`);
    // A question for the engine that crashed is refused, not answered by the other one.
    expect(readPortFile(root)).toMatchObject({ engine: 'tsserver' });
    const refused = await cn(['find', 'answer', '--root', root], { env: { CN_ENGINE: 'native' } });
    expect(refused).toMatchObject({ exitCode: 3, stdout: '' });
    expect(refused.stderr).toMatch(/^cn: the daemon for .* runs the tsserver engine, not native /);
  });

  it('--engine native says that it crashed, with the panic, and names the other engine: exit 4', async () => {
    root = copyProject('test/fixtures/native-crash');
    const started = await cn(['start', '--engine', 'native', '--root', root]);
    expect(started).toMatchObject({ exitCode: 4, stdout: '' });
    expect(started.stderr).toBe(
      `cn: ${CRASHES} (the tsserver engine may load this project: cn stop, then cn start --engine tsserver (or CN_ENGINE=tsserver); cn status shows the state)\n`,
    );
    const status = json(await cn(['status', '--root', root]));
    expect(status).toMatchObject({ state: 'failed', engine: 'native', engineMode: 'native', lastError: CRASHES });
  });
});
