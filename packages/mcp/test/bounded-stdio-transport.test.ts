import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BoundedStdioTransport } from '../src/bounded-stdio-transport.js';

const CAP = 1024;

/** The transport on in-memory streams: what it passes on, and what it writes back. */
async function harness() {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const written: unknown[] = [];
  let pending = '';
  stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop()!;
    written.push(...lines.map((line) => JSON.parse(line)));
  });
  const logged: string[] = [];
  const transport = new BoundedStdioTransport((line) => logged.push(line), stdin, stdout, CAP);
  const received: unknown[] = [];
  transport.onmessage = (message) => received.push(message);
  await transport.start();
  const feed = async (...chunks: string[]) => {
    for (const chunk of chunks) stdin.write(chunk);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { transport, feed, received, written, logged };
}

const ping = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });

describe('BoundedStdioTransport', () => {
  it('passes on messages split across chunks, several in a chunk, with CRLF or blank lines between', async () => {
    const { feed, received, written } = await harness();
    const [a, b] = [ping(1), ping(2)];
    await feed(a.slice(0, 5), a.slice(5), '\r\n\n', `${b}\n${ping(3)}`, '\n');
    expect(received).toEqual([JSON.parse(a), JSON.parse(b), JSON.parse(ping(3))]);
    expect(written).toEqual([]);
  });

  it('answers a line over the cap with -32600 and the id from either end, without holding it whole', async () => {
    const { feed, received, written, logged } = await harness();
    const padding = 'x'.repeat(CAP);
    await feed(`{"method":"tools/call","params":{"q":"${padding}`, padding, `"},"jsonrpc":"2.0","id":41}\n`);
    await feed(`{"jsonrpc":"2.0","id":"abc","method":"tools/call","params":{"q":"${padding}"}}\n`);
    await feed(`{"params":{"q":"${padding}"}}\n`, `${ping(43)}\n`);
    const refusal = (id: unknown) => ({
      jsonrpc: '2.0',
      id,
      error: {
        code: -32600,
        message: expect.stringMatching(
          /^Invalid Request: the request is [23] KB, more than the 1 KB a request may be$/,
        ),
      },
    });
    expect(written).toEqual([refusal(41), refusal('abc'), refusal(null)]);
    expect(received).toEqual([JSON.parse(ping(43))]);
    expect(logged).toHaveLength(3);
  });

  it('answers what is not JSON with -32700 and what is no JSON-RPC message with -32600', async () => {
    const { feed, received, written } = await harness();
    await feed('{"id":1,\n', '[1,2]\n', '{"id":"q","method":7}\n', `${ping(4)}\n`);
    expect(written).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the line is not JSON' } },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: not a JSON-RPC 2.0 message' } },
      { jsonrpc: '2.0', id: 'q', error: { code: -32600, message: 'Invalid Request: not a JSON-RPC 2.0 message' } },
    ]);
    expect(received).toEqual([JSON.parse(ping(4))]);
  });

  // Issue 22, item 17: was -32603 ("internal error") with zod's issues as a multi-line JSON dump.
  it('answers a known request with malformed params with -32602, one line naming the part, and passes on the rest', async () => {
    const { feed, received, written } = await harness();
    const call = (id: number, params: unknown) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params });
    await feed(
      `${call(5, { name: 'cn_find', arguments: [1, 2] })}\n`,
      `${call(6, { arguments: {} })}\n`,
      `${call(7, { name: 'cn_find', arguments: { query: 5 } })}\n`,
      `${JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'no/such/method', params: {} })}\n`,
    );
    expect(written).toEqual([
      {
        jsonrpc: '2.0',
        id: 5,
        error: {
          code: -32602,
          message: 'Invalid params: params.arguments: Invalid input: expected record, received array',
        },
      },
      {
        jsonrpc: '2.0',
        id: 6,
        error: {
          code: -32602,
          message: 'Invalid params: params.name: Invalid input: expected string, received undefined',
        },
      },
    ]);
    // A tool's own arguments are the tool's to check (a tool error naming the argument), an unknown method the SDK's.
    expect(received).toEqual([JSON.parse(call(7, { name: 'cn_find', arguments: { query: 5 } })), expect.anything()]);
  });
});
