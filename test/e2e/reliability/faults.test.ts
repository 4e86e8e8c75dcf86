import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { daemonRecordPath, stateDirectory } from '@cn/local-files';
import {
  ENGINE,
  PORT_FILE,
  cleanUp,
  cn,
  copyProject,
  isAlive,
  json,
  readDaemonRecord,
  readPortFile,
  waitFor,
} from '../../helpers/cn.js';
import { bytesWritten, waitForNoWrites, waitForRequestSent } from '../../helpers/io-counters.js';
import { daemonsFor, descendants, languageServerOf, tsserverOf } from '../../helpers/processes.js';

async function warmDaemon(root: string): Promise<number> {
  const started = await cn(['start', '--root', root]);
  expect(started.exitCode).toBe(0);
  return json(started).pid;
}

describe('faults', () => {
  let root: string;
  afterEach(() => cleanUp(root));

  it.each([
    ['typescript-language-server', languageServerOf],
    ['tsserver', tsserverOf],
  ])('%s killed with -9 → the daemon restarts it and the next request is answered', async (_name, victimOf) => {
    root = copyProject('examples/shop');
    const daemon = await warmDaemon(root);
    const victim = victimOf(daemon)!;
    expect(victim).toBeGreaterThan(0);
    process.kill(victim, 'SIGKILL');
    const result = await cn(['find', 'User', '--root', root]);
    // A request that raced the crash may fail fast with exit 4; the one after it must succeed.
    const answered = result.exitCode === 0 ? result : await cn(['find', 'User', '--root', root]);
    expect(answered.exitCode).toBe(0);
    expect(json(answered).totalReferences).toBe(15);
    const status = json(await cn(['status', '--root', root]));
    expect(status).toMatchObject({ state: 'ready', pid: daemon });
    expect(status.restarts).toBeGreaterThanOrEqual(1);
    expect(status.lastError).toMatch(/exited|closed|killed/i);
    expect(isAlive(victim)).toBe(false);
  });

  it('a request in flight when tsserver dies fails fast with exit 4, never a hang', async () => {
    root = copyProject('examples/shop');
    const daemon = await warmDaemon(root);
    const tsserver = tsserverOf(daemon)!;
    // In flight once the language server has passed it on to the frozen tsserver; the native server is
    // both, so there it is in flight once the daemon has written it.
    const sender = ENGINE === 'native' ? daemon : languageServerOf(daemon)!;
    // Only the find may write now: the daemon logs the arrival of its first three questions (cn start asked two), and
    // saves its indexes after the start (the name index 2 s after it is built); those bytes are not the request.
    expect((await cn(['status', '--root', root])).exitCode).toBe(0);
    if (ENGINE === 'native') {
      const saved = ['name-index.json', 'search-syntax.json'].map((file) => path.join(stateDirectory(root), file));
      expect(await waitFor(() => saved.every((file) => existsSync(file)), 15_000)).toBe(true);
    }
    await waitForNoWrites(sender);
    process.kill(tsserver, 'SIGSTOP'); // the request below now waits on a frozen tsserver
    const before = bytesWritten(sender);
    const inFlight = cn(['find', 'Checkout', '--root', root]);
    await waitForRequestSent(sender, before);
    process.kill(tsserver, 'SIGKILL');
    const result = await inFlight;
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^cn: language server unavailable: .*\(it restarts by itself/);
    expect(json(await cn(['find', 'Checkout', '--root', root])).definition).toMatchObject({ name: 'Checkout' });
  });

  it('daemon killed with -9 → the next cn replaces the stale port file, and no orphan language server survives', async () => {
    root = copyProject('examples/shop');
    const daemon = await warmDaemon(root);
    const children = descendants(daemon);
    // typescript-language-server and its tsserver; the native server alone.
    expect(children.length).toBeGreaterThanOrEqual(ENGINE === 'native' ? 1 : 2);
    process.kill(daemon, 'SIGKILL');
    const result = await cn(['find', 'User', '--root', root]);
    expect(result.exitCode).toBe(0);
    expect(readPortFile(root)!.pid).not.toBe(daemon);
    expect(await waitFor(() => children.every((pid) => !isAlive(pid)), 15_000)).toBe(true);
  });

  it.each([
    ['corrupt', 'this is not json'],
    ['truncated', '{"pid": 12'],
  ])('a %s port file → a new daemon, and the unreachable old one leaves', async (_name, content) => {
    root = copyProject('examples/shop');
    const old = await warmDaemon(root);
    writeFileSync(path.join(root, PORT_FILE), content);
    const result = await cn(['find', 'User', '--root', root]);
    expect(result.exitCode).toBe(0);
    const fresh = readPortFile(root)!.pid;
    expect(fresh).not.toBe(old);
    expect(await waitFor(() => !isAlive(old), 15_000)).toBe(true);
    expect(daemonsFor(root)).toEqual([fresh]);
  });

  it('a daemon record with the wrong token → a new daemon; the old one leaves', async () => {
    root = copyProject('examples/shop');
    const old = await warmDaemon(root);
    const record = readDaemonRecord(root)!;
    writeFileSync(daemonRecordPath(stateDirectory(root)), JSON.stringify({ ...record, token: 'f'.repeat(48) }));
    expect((await cn(['find', 'User', '--root', root])).exitCode).toBe(0);
    expect(readPortFile(root)!.pid).not.toBe(old);
    expect(await waitFor(() => !isAlive(old), 15_000)).toBe(true);
  });

  it('the usual port already taken → another port', async () => {
    root = copyProject('examples/shop');
    // The port the daemon would take now: the first free one from its usual port up (other files' daemons may hold
    // the usual one, as tests run in parallel). Held here, so the daemon must skip it.
    const { server: blocker, port: taken } = await holdFirstFreePort(41_700);
    try {
      const daemon = await warmDaemon(root);
      expect(readPortFile(root)!.port).not.toBe(taken);
      expect(isAlive(daemon)).toBe(true);
      expect((await cn(['find', 'User', '--root', root])).exitCode).toBe(0);
    } finally {
      blocker.close();
    }
  });

  it('idle shutdown: the daemon leaves by itself, with its port file and children', async () => {
    root = copyProject('examples/shop');
    const started = await cn(['start', '--root', root], { env: { CN_IDLE_MINUTES: '0.05' } });
    const daemon = json(started).pid;
    const children = descendants(daemon);
    expect(await waitFor(() => !isAlive(daemon), 30_000)).toBe(true);
    expect(readPortFile(root)).toBeUndefined();
    expect(await waitFor(() => children.every((pid) => !isAlive(pid)), 10_000)).toBe(true);
  });

  it('cn start --idle-minutes sets the idle time of the daemon it starts', async () => {
    root = copyProject('examples/shop');
    const daemon = json(await cn(['start', '--root', root, '--idle-minutes', '0', '--max-ts-memory', '3072'])).pid;
    expect(json(await cn(['status', '--root', root]))).toMatchObject({
      pid: daemon,
      idleMinutes: 0,
      maxTsServerMemory: 3072,
    });
    // A running daemon keeps its settings, and says so.
    const again = await cn(['start', '--root', root, '--idle-minutes', '5']);
    expect(again.stderr).toMatch(/^cn: a daemon is already running with its own settings/);
    expect(json(await cn(['status', '--root', root])).idleMinutes).toBe(0);
  });

  it.runIf(ENGINE === 'tsserver')(
    'a tsserver memory ceiling that is hit is reported in status, not a silent failure',
    async () => {
      root = copyProject('examples/shop');
      const result = await cn(['find', 'User', '--root', root], { env: { CN_MAX_TS_MEMORY: '20' } });
      expect(result.exitCode).toBe(4);
      expect(result.stderr).toMatch(/^cn: .*out of memory \(limit 20 MB\)/);
      const status = json(await cn(['status', '--root', root]));
      expect(status.restarts).toBeGreaterThanOrEqual(1);
      expect(status.lastError).toMatch(/tsserver ran out of memory \(limit 20 MB\)/);
    },
  );

  it.runIf(ENGINE === 'native')('the memory ceiling reaches the native server as GOMEMLIMIT', async () => {
    root = copyProject('examples/shop');
    const started = await cn(['start', '--root', root], { env: { CN_MAX_TS_MEMORY: '300' } });
    expect(json(started)).toMatchObject({ state: 'ready', maxTsServerMemory: 300 });
    const server = tsserverOf(json(started).pid)!;
    expect(readFileSync(`/proc/${server}/environ`, 'utf8').split('\0')).toContain('GOMEMLIMIT=300MiB');
  });
});

/** A server listening on the first port from `from` up that nobody holds, and that port. */
async function holdFirstFreePort(from: number): Promise<{ server: net.Server; port: number }> {
  for (let port = from; port < from + 100; port += 1) {
    const server = net.createServer();
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (listening) return { server, port };
  }
  throw new Error(`no free port from ${from} to ${from + 99}`);
}
