import type { ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { daemonRecordPath, stateDirectory } from '@cn/local-files';
import {
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
import { commitPortFile, startImpostor, startVictim, type Impostor } from '../../helpers/impostor.js';

/** Issue 22: a cloned repository must not be able to command cn through the port file it commits. */
describe('a port file committed to the repository', () => {
  let root: string;
  let victim: ChildProcess | undefined;
  let impostor: Impostor | undefined;
  let silent: net.Server | undefined;
  afterEach(async () => {
    impostor?.stop();
    silent?.close();
    await cleanUp(root);
    victim?.kill('SIGKILL');
    [victim, impostor, silent] = [undefined, undefined, undefined];
  });

  it('with a server signing with its token: find never prints its text, stop never signals the pid it names', async () => {
    root = copyProject('examples/shop');
    victim = startVictim();
    const token = 'c0ffee'.repeat(8);
    impostor = await startImpostor(token, victim.pid!, root);
    commitPortFile(root, { pid: victim.pid!, port: impostor.port, token });

    // It used to ask the server to shut down, then SIGTERM and SIGKILL the pid (and its children) when it stayed.
    const stopped = await cn(['stop', '--root', root]);
    expect(isAlive(victim.pid!)).toBe(true);
    expect(stopped.exitCode).toBe(0);
    expect(json(stopped)).toMatchObject({ stopped: false, running: false, removedStalePortFile: true });
    expect(existsSync(path.join(root, PORT_FILE))).toBe(false);

    commitPortFile(root, { pid: victim.pid!, port: impostor.port, token });
    const status = await cn(['status', '--root', root]);
    expect(status.exitCode).toBe(1);
    expect(json(status)).toEqual({ running: false, root, stalePortFile: true });
    for (const format of ['json', 'text']) {
      const result = await cn(['find', 'User', '--root', root, '--format', format]);
      expect(result.stderr).toBe('');
      expect(result.exitCode).toBe(0);
      expect(result.stdout).not.toContain('PLANTED');
      expect(result.stdout).not.toContain('\u001b');
      expect(result.stdout).toContain('src/domain/user.ts');
    }
    // The committed file was stale from the start: nothing ever asked the server it names.
    expect(impostor.requests).toEqual([]);
    const daemon = readPortFile(root)!;
    expect(daemon.pid).not.toBe(victim.pid);
    expect(daemon).not.toHaveProperty('token');
    expect(json(await cn(['stop', '--root', root]))).toMatchObject({ stopped: true, pid: daemon.pid });
    expect(isAlive(victim.pid!)).toBe(true);
  });

  /** A listener that accepts and never answers; its sockets go with it. */
  async function silentListener(sockets = new Set<net.Socket>()): Promise<number> {
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    silent.on('close', () => sockets.forEach((socket) => socket.destroy()));
    await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
    return (silent.address() as net.AddressInfo).port;
  }

  it('left by a daemon killed with -9 whose pid and port others took since: a new daemon within seconds', async () => {
    root = copyProject('examples/shop');
    const started = await cn(['start', '--root', root]);
    expect(started.exitCode).toBe(0);
    const killed = readDaemonRecord(root)!;
    process.kill(killed.pid, 'SIGKILL');
    expect(await waitFor(() => !isAlive(killed.pid))).toBe(true);
    // Its record and port file, as it left them, but its pid now runs something else and its port is a silent
    // listener's: the record's start time no longer matches the pid's, and nothing there proves the token.
    victim = startVictim();
    const port = await silentListener();
    const record = { ...killed, pid: victim.pid!, port };
    writeFileSync(daemonRecordPath(stateDirectory(root)), JSON.stringify(record), { mode: 0o600 });
    const { token: _token, processStart: _start, ...facts } = record;
    writeFileSync(path.join(root, PORT_FILE), JSON.stringify(facts), { mode: 0o600 });

    const result = await cn(['find', 'User', '--root', root, '--timeout', '40000']);
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(json(result).definition).toMatchObject({ name: 'User' });
    expect(readDaemonRecord(root)!.port).not.toBe(port);
    expect(isAlive(victim.pid!)).toBe(true);
  }, 90_000);

  it('naming a live pid and a listener that never answers: a new daemon answers at once, not after --timeout', async () => {
    root = copyProject('examples/shop');
    victim = startVictim();
    const sockets = new Set<net.Socket>();
    const port = await silentListener(sockets);
    commitPortFile(root, { pid: victim.pid!, port, token: 'f'.repeat(48) });

    // Before, this waited the whole --timeout and failed (exit 4).
    const result = await cn(['find', 'User', '--root', root, '--timeout', '40000']);
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(json(result).definition).toMatchObject({ name: 'User' });
    expect(readPortFile(root)!.port).not.toBe(port);
    expect(sockets.size).toBe(0);

    // Status calls such a file stale (it used to say "not running" and keep it); stop removes it.
    expect((await cn(['stop', '--root', root])).exitCode).toBe(0);
    commitPortFile(root, { pid: victim.pid!, port, token: 'f'.repeat(48) });
    const status = await cn(['status', '--root', root, '--format', 'text']);
    expect(status.exitCode).toBe(1);
    expect(status.stdout).toBe(`cn daemon  not running  (root ${root}; its port file is stale)\n`);
    const stopped = await cn(['stop', '--root', root, '--format', 'text']);
    expect(stopped.stdout).toBe(`cn daemon  not running  (root ${root}; removed its stale port file)\n`);
    expect(existsSync(path.join(root, PORT_FILE))).toBe(false);
    expect(isAlive(victim.pid!)).toBe(true);
  }, 90_000);
});
