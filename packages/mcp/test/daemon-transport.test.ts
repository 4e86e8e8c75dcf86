import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CnError, MAX_ANSWER_BYTES } from '@cn/core';
import { daemonRecordPath, ensureStateDirectory, stateDirectory } from '@cn/local-files';
import { PORT_FILE_NAME, type DaemonRecord } from '@cn/protocol';
import {
  CLIENT_PROOF_HEADER,
  DAEMON_PROOF_HEADER,
  NONCE_HEADER,
  clientProof,
  daemonProof,
  sameProof,
} from '@cn/protocol/request-proof';
import { DaemonTransport } from '../src/daemon-transport.js';

/**
 * A stand-in daemon: writes a port file and the private record naming it, as the daemon does (daemon-files.ts),
 * checks the client's proof of its token and signs its answers as the daemon does
 * (unless `signs` is false: a foreign server), answers /status with this process's pid (what
 * findRunningDaemon checks), echoes POST bodies, and counts TCP connections so keep-alive is observable.
 */
class FakeDaemon {
  connections = 0;
  private server = http.createServer((request, response) => this.answer(request, response));
  constructor(
    readonly token: string,
    private readonly behaviour: Record<string, [number, unknown]> = {},
    private readonly signs = true,
  ) {
    this.server.on('connection', () => this.connections++);
  }
  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }
  listen(root: string, port = 0): Promise<void> {
    return new Promise((resolve) =>
      this.server.listen(port, '127.0.0.1', () => {
        const record: DaemonRecord = {
          pid: process.pid,
          port: this.port,
          host: '127.0.0.1',
          root,
          token: this.token,
          version: '0',
          startedAt: new Date().toISOString(),
          logFile: '',
        };
        const { token: _token, ...portFile } = record;
        ensureStateDirectory(stateDirectory(root));
        writeFileSync(daemonRecordPath(stateDirectory(root)), JSON.stringify(record), { mode: 0o600 });
        writeFileSync(path.join(root, PORT_FILE_NAME), JSON.stringify(portFile));
        resolve();
      }),
    );
  }
  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
  /** An answer that never ends, sent as fast as the client reads. */
  private endless(response: http.ServerResponse): void {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    response.writeHead(200, { 'content-type': 'application/json' });
    const pump = () => {
      while (!response.destroyed && response.write(chunk));
    };
    response.on('drain', pump);
    pump();
  }
  private answer(request: http.IncomingMessage, response: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = raw.toString('utf8');
      const nonce = String(request.headers[NONCE_HEADER]);
      const proven = sameProof(
        clientProof(this.token, nonce, request.method ?? '', request.url ?? '', raw),
        request.headers[CLIENT_PROOF_HEADER],
      );
      const send = (status: number, value: unknown) => {
        const bytes = Buffer.from(JSON.stringify(value), 'utf8');
        const proof =
          proven && this.signs ? { [DAEMON_PROOF_HEADER]: daemonProof(this.token, nonce, status, bytes) } : {};
        response
          .writeHead(status, { 'content-type': 'application/json', 'content-length': bytes.length, ...proof })
          .end(bytes);
      };
      if (!proven && this.signs)
        return send(401, { error: { kind: 'bad-input', message: 'missing or wrong proof of the token' } });
      const canned = this.behaviour[request.url ?? ''];
      if (canned?.[0] === 0) return; // never answers
      if (canned?.[0] === -1) return this.endless(response);
      if (canned) return send(canned[0], canned[1]);
      if (request.url === '/status') return send(200, { pid: process.pid, token: this.token });
      send(200, { echo: JSON.parse(body || 'null'), token: this.token });
    });
  }
}

describe('DaemonTransport', () => {
  let root: string;
  let logs: string[];
  let daemons: FakeDaemon[];
  let transport: DaemonTransport;
  const start = async (daemon: FakeDaemon, port?: number) => {
    daemons.push(daemon);
    await daemon.listen(root, port);
    return daemon;
  };
  beforeEach(() => {
    root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'cn-mcp-transport-')));
    logs = [];
    daemons = [];
    transport = new DaemonTransport(root, 500, (line) => logs.push(line));
  });
  afterEach(async () => {
    await transport.close();
    await Promise.all(daemons.map((daemon) => daemon.close().catch(() => undefined)));
    rmSync(root, { recursive: true, force: true });
    rmSync(stateDirectory(root), { recursive: true, force: true });
  });

  it('finds the daemon through the port file and keeps one connection alive across calls', async () => {
    const daemon = await start(new FakeDaemon('first'));
    for (let call = 0; call < 5; call++) {
      expect(await transport.request('POST', '/find', { query: 'User', call })).toEqual({
        echo: { query: 'User', call },
        token: 'first',
      });
    }
    // One connection for findRunningDaemon's health check (node:http, not kept), one pooled for all calls.
    expect(daemon.connections).toBe(2);
  });

  it('reconnects through the port file when the daemon was replaced on another port', async () => {
    const first = await start(new FakeDaemon('first'));
    await transport.request('GET', '/status');
    await first.close();
    await start(new FakeDaemon('second'));
    expect(await transport.request('POST', '/map', { file: 'a.ts' })).toEqual({
      echo: { file: 'a.ts' },
      token: 'second',
    });
    expect(logs.join('\n')).toMatch(/reconnecting through the port file/);
  });

  it('reconnects when a new daemon on the same port refuses the old token', async () => {
    const first = await start(new FakeDaemon('first'));
    await transport.request('GET', '/status');
    const port = first.port;
    await first.close();
    await start(new FakeDaemon('second'), port);
    expect(await transport.request('POST', '/map', { file: 'a.ts' })).toMatchObject({ token: 'second' });
  });

  it('never believes a server that cannot prove it is the daemon: it reconnects through the port file', async () => {
    const foreign = await start(new FakeDaemon('first', {}, false));
    const port = foreign.port;
    await start(new FakeDaemon('first'));
    // The transport was pointed at the foreign server (as by a stale port file) and must not return its answer.
    const answer = await transport.request('POST', '/map', { file: 'a.ts' }, { port, token: 'first' });
    expect(answer).toEqual({ echo: { file: 'a.ts' }, token: 'first' });
    expect(logs.join('\n')).toMatch(/did not prove it is the daemon/);
  });

  it("turns the daemon's error body into the CnError the CLI reports", async () => {
    await start(
      new FakeDaemon('t', {
        '/inspect': [
          400,
          { error: { kind: 'bad-input', message: "malformed id 'x'", hint: 'use path::line::character' } },
        ],
      }),
    );
    const failure = await transport.request('POST', '/inspect', { id: 'x' }).catch((error) => error);
    expect(failure).toBeInstanceOf(CnError);
    expect(failure).toMatchObject({
      kind: 'bad-input',
      message: "malformed id 'x'",
      hint: 'use path::line::character',
    });
  });

  it('cuts an endless answer at the cap with the CLI wording, instead of reading it whole', async () => {
    await start(new FakeDaemon('t', { '/overview': [-1, null] }));
    const failure = await transport.request('POST', '/overview', {}).catch((error) => error);
    expect(failure).toMatchObject({
      kind: 'engine-failure',
      message: `the daemon's answer is over ${MAX_ANSWER_BYTES / 1024 / 1024} MB`,
    });
  });

  it('reports a daemon that does not answer in time with the CLI wording', async () => {
    await start(new FakeDaemon('t', { '/find': [0, null] }));
    const failure = await transport.request('POST', '/find', { query: 'x' }).catch((error) => error);
    expect(failure).toMatchObject({
      kind: 'engine-failure',
      message: 'no answer from the daemon within 500 ms',
      hint: 'raise --timeout, or check cn status',
    });
  });
});
