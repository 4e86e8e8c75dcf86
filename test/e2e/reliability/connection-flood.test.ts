import { execFile } from 'node:child_process';
import * as net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { CN_BIN, cleanUp, cn, copyProject, isAlive, json, readPortFile } from '../../helpers/cn.js';

/** The daemon gets a lower file limit than the shell's default, so a few thousand sockets reach it. */
const DAEMON_FILE_LIMIT = 1024;
const IDLE_SOCKETS = 3_000;

function startWithFileLimit(root: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const script = `ulimit -n ${DAEMON_FILE_LIMIT} && exec "$0" "$1" start --root "$2"`;
    execFile(
      '/bin/sh',
      ['-c', script, process.execPath, CN_BIN, root],
      { env: { ...process.env, CN_IDLE_MINUTES: '10' } },
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout).pid)),
    );
  });
}

/** Opens `count` connections that never send a byte (one at a time: loopback only, bounded). */
async function idleSockets(port: number, count: number): Promise<net.Socket[]> {
  const sockets: net.Socket[] = [];
  for (let i = 0; i < count; i++) {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.on('error', () => undefined); // the daemon may drop some of them: that is the point
    sockets.push(socket);
    await new Promise<void>((resolve) => {
      socket.once('connect', resolve);
      socket.once('close', () => resolve());
    });
  }
  return sockets;
}

describe('a flood of idle connections', () => {
  const root = copyProject('examples/shop');
  let sockets: net.Socket[] = [];
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await cleanUp(root);
  });

  it(`${IDLE_SOCKETS} idle sockets (daemon file limit ${DAEMON_FILE_LIMIT}): the same daemon stays alive and answers the next cn query`, async () => {
    const daemon = await startWithFileLimit(root);
    const { port } = readPortFile(root)!;
    sockets = await idleSockets(port, IDLE_SOCKETS);

    const result = await cn(['find', 'User', '--root', root]);
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(json(result).definition).toMatchObject({ name: 'User' });
    expect(isAlive(daemon)).toBe(true);
    expect(readPortFile(root)?.pid).toBe(daemon);
    // A request that needs the engine's process scan (a file read, a freshness check) still works.
    expect((await cn(['map', 'src/domain/user.ts', '--root', root])).exitCode).toBe(0);
    expect(isAlive(daemon)).toBe(true);
  });
});
