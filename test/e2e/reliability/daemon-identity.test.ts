import { rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  PORT_FILE,
  cleanUp,
  cn,
  copyProject,
  isAlive,
  json,
  readDaemonRecord,
  readPortFile,
} from '../../helpers/cn.js';
import { provenHeaders, rawRequest } from '../../helpers/http.js';

/** What a foreign server saw of one request: enough to tell whether the token crossed the wire. */
interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
}

/** A server that is not cn's daemon, answering every request with the same status and body. */
async function foreignServer(
  status: number,
  body: string,
): Promise<{ port: number; seen: Seen[]; close(): Promise<void> }> {
  const seen: Seen[] = [];
  const server = http.createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    request.resume();
    response.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A port file naming `port` and a live pid (this test process), as a stale or planted file would. */
function plantPortFile(root: string, port: number, token: string): void {
  const portFile = {
    pid: process.pid,
    port,
    host: '127.0.0.1',
    root,
    token,
    version: '0.1.0',
    startedAt: new Date().toISOString(),
    logFile: '/dev/null',
  };
  writeFileSync(path.join(root, PORT_FILE), JSON.stringify(portFile), { mode: 0o600 });
}

describe('the daemon proves itself before its answer is believed (port file naming a live pid and a foreign server)', () => {
  const token = 'f'.repeat(48);
  let root: string;
  let foreign: Awaited<ReturnType<typeof foreignServer>> | undefined;
  afterEach(async () => {
    await foreign?.close();
    foreign = undefined;
    // cleanUp kills the port file's pid: never this test process, named by the planted file.
    if (readPortFile(root)?.pid === process.pid) rmSync(path.join(root, PORT_FILE));
    await cleanUp(root);
  });

  it.each([
    ['answers 404 to everything', 404, '<html>not found</html>'],
    [
      'answers 200 with JSON of its own',
      200,
      JSON.stringify({
        query: 'User',
        definition: { name: 'PLANTED', kind: 'class' },
        references: [],
        totalReferences: 0,
      }),
    ],
  ])(
    'a foreign server that %s is treated as a stale port file: a new daemon answers, the token never crosses the wire',
    async (_name, status, body) => {
      root = copyProject('examples/shop');
      foreign = await foreignServer(status, body);
      plantPortFile(root, foreign.port, token);

      const before = await cn(['status', '--root', root]);
      expect(before.exitCode).toBe(1);
      expect(json(before)).toMatchObject({ running: false });
      // Nothing of ours runs there: stop says so and signals nobody (the pid is this test process).
      expect(json(await cn(['stop', '--root', root]))).toMatchObject({ stopped: false, running: false });

      const result = await cn(['find', 'User', '--root', root]);
      expect(result.stderr).toBe('');
      expect(result.exitCode).toBe(0);
      expect(result.stdout).not.toContain('PLANTED');
      expect(json(result).definition).toMatchObject({ name: 'User' });
      // Whatever the foreign server was asked, it never learnt the token.
      for (const request of foreign.seen) expect(JSON.stringify(request.headers)).not.toContain(token);

      const daemon = readPortFile(root)!;
      expect(daemon.pid).not.toBe(process.pid);
      expect(daemon.port).not.toBe(foreign.port);
      expect(json(await cn(['status', '--root', root]))).toMatchObject({ running: true, pid: daemon.pid });
      const stopped = await cn(['stop', '--root', root]);
      expect(json(stopped)).toMatchObject({ stopped: true, pid: daemon.pid });
      expect(isAlive(daemon.pid)).toBe(false);
      expect(isAlive(process.pid)).toBe(true);
    },
  );
});

describe('credentials that are not ASCII', () => {
  let root: string;
  let port: number;
  beforeAll(async () => {
    root = copyProject('examples/shop');
    expect((await cn(['start', '--root', root])).exitCode).toBe(0);
    ({ port } = readPortFile(root)!);
  });
  afterAll(() => cleanUp(root));

  it.each([
    ['x-cn-token', 48],
    ['x-cn-auth', 64],
  ])('a non-ASCII %s of the expected length gets 401, never 500', async (header, length) => {
    const response = await rawRequest(port, 'GET', '/status', {
      headers: { host: `127.0.0.1:${port}`, 'x-cn-nonce': '0'.repeat(32), [header]: 'é'.repeat(length) },
    });
    expect(response.status).toBe(401);
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.js/);
  });

  it('reads JSON bodies only: another content type is refused before any proof is taken as covering "no body"', async () => {
    const { token } = readDaemonRecord(root)!;
    const headers = { ...provenHeaders(port, token, 'POST', '/find', ''), 'content-type': 'text/plain' };
    const response = await rawRequest(port, 'POST', '/find', { headers, body: '{"query":"User"}' });
    expect(response.status).toBe(415);
  });

  // The daemon refuses such a body before it can check the proof, so its 413 is unsigned: the client
  // must refuse it itself rather than take the daemon for a foreign server.
  it('a request over the 64 KB body cap is refused with exit 2, not mistaken for a foreign server', async () => {
    // cn inspect splits its ids into requests under the cap; a whole-file list for diagnostics is one request.
    const files = Array.from({ length: 4000 }, () => 'src/domain/user.ts');
    const result = await cn(['diagnostics', ...files, '--root', root]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^cn: the request is over 64 KB \(/);
    expect(readPortFile(root)?.port).toBe(port);
  });
});
