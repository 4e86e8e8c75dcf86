import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_ANSWER_BYTES, MAX_REQUEST_BYTES } from '@cn/core';
import { ConnectionFailure, httpCall } from '../src/http-call.js';

/** A raw TCP peer that answers every connection with `answer` (no HTTP library: full control of the bytes). */
async function peer(answer: (socket: net.Socket) => void): Promise<number> {
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    socket.once('data', () => answer(socket));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
const servers: net.Server[] = [];
const timers: NodeJS.Timeout[] = [];
afterEach(() => {
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
