import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_ANSWER_BYTES, MAX_REQUEST_BYTES } from '@cn/core';
import { DAEMON_PROOF_HEADER, daemonProof } from '@cn/protocol/request-proof';
import { ConnectionFailure, httpCall } from '../src/http-call.js';

/**
 * A raw TCP peer that answers every connection with `answer` once the request's first bytes are in (kept in
 * `received`); no HTTP library: full control of the bytes.
 */
async function peer(answer: (socket: net.Socket) => void): Promise<number> {
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    socket.once('data', (chunk: Buffer) => {
      received.push(chunk.toString('latin1'));
      answer(socket);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
const servers: net.Server[] = [];
const timers: NodeJS.Timeout[] = [];
const received: string[] = [];
afterEach(() => {
  received.splice(0);
  timers.splice(0).forEach(clearInterval);
  for (const server of servers.splice(0)) server.close();
});

const TOO_LARGE = {
  kind: 'engine-failure',
  message: `the daemon's answer is over ${MAX_ANSWER_BYTES / 1024 / 1024} MB`,
};
const call = (port: number, timeoutMs: number) =>
  httpCall({ port, token: 't'.repeat(48) }, 'GET', '/status', undefined, timeoutMs);

// Each test is bounded well below vitest's default: before the fixes these hung.
describe('httpCall against a peer that is not a well-behaved daemon', () => {
  it(
    '--timeout is one deadline for the whole answer: a peer trickling a byte at a time cannot hold the call',
    { timeout: 10_000 },
    async () => {
      const port = await peer((socket) => {
        socket.write('HTTP/1.1 200 OK\r\ncontent-length: 100000\r\n\r\n');
        timers.push(setInterval(() => socket.write('x'), 20));
      });
      await expect(call(port, 800)).rejects.toMatchObject({
        kind: 'engine-failure',
        message: 'no answer from the daemon within 800 ms',
      });
    },
  );

  it('an endless body is cut at the cap with a clear error, not read whole', { timeout: 20_000 }, async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const port = await peer((socket) => {
      socket.write('HTTP/1.1 200 OK\r\n\r\n');
      const pump = () => {
        while (!socket.destroyed && socket.write(chunk));
      };
      socket.on('drain', pump);
      pump();
    });
    await expect(call(port, 15_000)).rejects.toMatchObject(TOO_LARGE);
  });

  it('a Content-Length over the cap is refused before the body is read', { timeout: 10_000 }, async () => {
    const port = await peer((socket) =>
      socket.write(`HTTP/1.1 200 OK\r\ncontent-length: ${MAX_ANSWER_BYTES + 1}\r\n\r\n`),
    );
    await expect(call(port, 5_000)).rejects.toMatchObject(TOO_LARGE);
  });

  it(
    'an answer without the daemon proof is never returned: a ConnectionFailure (stale port file)',
    { timeout: 10_000 },
    async () => {
      const body = JSON.stringify({ pid: 1, running: true });
      const port = await peer((socket) =>
        socket.end(`HTTP/1.1 200 OK\r\ncontent-length: ${body.length}\r\n\r\n${body}`),
      );
      const failure = await call(port, 5_000).catch((error) => error);
      expect(failure).toBeInstanceOf(ConnectionFailure);
      expect(failure.message).toMatch(/did not prove it is the daemon/);
    },
  );
});

describe('httpCall: the request', () => {
  it('connects while it signs, and sends the signed request whole once connected', { timeout: 10_000 }, async () => {
    let received = '';
    const server = net.createServer((socket) => {
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      // Hang up after a moment: the call then fails, and the bytes that arrived are what this test reads.
      setTimeout(() => socket.destroy(), 200);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const body = { pattern: 'x' };
    await httpCall({ port, token: 't'.repeat(48) }, 'POST', '/grep', body, 5_000).catch(() => undefined);
    expect(received).toMatch(/^POST \/grep HTTP\/1\.1\r\n/);
    expect(received).toContain(`content-length: ${JSON.stringify(body).length}\r\n`);
    expect(received).toMatch(/x-cn-auth: [0-9a-f]{64}\r\n/);
    expect(received.endsWith(`\r\n\r\n${JSON.stringify(body)}`)).toBe(true);
  });

  it('a body over the daemon’s limit is refused as such, even with no daemon there (not a connection failure)', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const huge = { text: 'x'.repeat(MAX_REQUEST_BYTES + 1) };
    const failure = await httpCall({ port, token: 't'.repeat(48) }, 'POST', '/grep', huge, 5_000).catch((e) => e);
    expect(failure).not.toBeInstanceOf(ConnectionFailure);
    expect(failure).toMatchObject({ kind: 'bad-input' });
  });
});

describe('httpCall: a daemon proves itself within a few seconds, however long its answer takes', () => {
  const token = 't'.repeat(48);
  const nonceOf = (request: string) => /x-cn-nonce: ([0-9a-f]{32})/.exec(request)![1];
  const interim = (proof: string) => `HTTP/1.1 103 Early Hints\r\n${DAEMON_PROOF_HEADER}: ${proof}\r\n\r\n`;
  const answer = (nonce: string) => {
    const body = Buffer.from('{"pid":1}');
    return `HTTP/1.1 200 OK\r\ncontent-length: ${body.length}\r\n${DAEMON_PROOF_HEADER}: ${daemonProof(token, nonce, 200, body)}\r\n\r\n${body}`;
  };
  /** Records whether the watch was asked about a silent server, and answers as told. */
  const watch = (verdict: Error | undefined) => {
    const asked: number[] = [];
    return { asked, watch: { withinMs: 300, unproven: async () => (asked.push(1), verdict) } };
  };

  it('a silent server is judged when the watch says: an error ends the call at once', { timeout: 10_000 }, async () => {
    const port = await peer(() => undefined);
    const { asked, watch: judge } = watch(new ConnectionFailure(new Error('not ours')));
    const failure = await httpCall({ port, token }, 'GET', '/status', undefined, 8_000, judge).catch((e) => e);
    expect(failure).toBeInstanceOf(ConnectionFailure);
    expect(asked).toEqual([1]);
  });

  it(
    'a daemon that proved itself with a signed 103 is waited on, and its answer read after it',
    { timeout: 10_000 },
    async () => {
      const port = await peer((socket) => {
        const nonce = nonceOf(received.join(''));
        socket.write(interim(daemonProof(token, nonce, 103, Buffer.alloc(0))));
        timers.push(setTimeout(() => socket.end(answer(nonce)), 600));
      });
      const { asked, watch: judge } = watch(new ConnectionFailure(new Error('not ours')));
      expect(await httpCall({ port, token }, 'GET', '/status', undefined, 8_000, judge)).toEqual({ pid: 1 });
      expect(asked).toEqual([]);
    },
  );

  it(
    'an interim answer without the proof is not the daemon: a ConnectionFailure at once',
    { timeout: 10_000 },
    async () => {
      const port = await peer((socket) => socket.write(interim('0'.repeat(64))));
      const failure = await httpCall({ port, token }, 'GET', '/status', undefined, 8_000).catch((e) => e);
      expect(failure).toBeInstanceOf(ConnectionFailure);
      expect(failure.message).toMatch(/interim answer without the daemon's proof/);
    },
  );

  it('a busy daemon of ours (the watch says wait) is waited on until its answer', { timeout: 10_000 }, async () => {
    const port = await peer((socket) =>
      timers.push(setTimeout(() => socket.end(answer(nonceOf(received.join('')))), 700)),
    );
    const { asked, watch: judge } = watch(undefined);
    expect(await httpCall({ port, token }, 'GET', '/status', undefined, 8_000, judge)).toEqual({ pid: 1 });
    expect(asked).toEqual([1]);
  });
});
