import { PassThrough } from 'node:stream';
import { createMessageConnection, RequestType, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node.js';
import { describe, expect, it } from 'vitest';
import { CnError } from '@cn/core';
import { LspConnection } from '../src/lsp-connection.js';
import type { ServerChild } from '../src/language-server-process.js';

/** A JSON-RPC peer on in-memory pipes that answers nothing, so deadlines and cancellation show. */
function silentServer() {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const server = createMessageConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
  const cancelled: string[] = [];
  // jsonrpc consumes $/cancelRequest itself and cancels the handler's token: that is what shows.
  server.onRequest(
    'slow/request',
    (_params: unknown, token) =>
      new Promise((resolve) => {
        token.onCancellationRequested(() => {
          cancelled.push('slow/request');
          resolve(null);
        });
      }),
  );
  server.listen();
  const child = { stdin: toServer, stdout: toClient } as unknown as ServerChild;
  return { child, cancelled, close: () => toClient.end() };
}

const slowRequest = new RequestType<object, null, void>('slow/request');
const hooks = { onLogMessage: () => undefined, onProgress: () => undefined, onClose: () => undefined };

describe('LspConnection deadlines', () => {
  it('fails a request that outlives its deadline and sends $/cancelRequest for it', async () => {
    const { child, cancelled } = silentServer();
    const connection = new LspConnection(child, hooks);
    const error = await connection.request(slowRequest, {}, 50).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CnError);
    expect((error as CnError).kind).toBe('engine-failure');
    expect((error as CnError).message).toBe('language server did not answer slow/request within 50 ms');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cancelled).toHaveLength(1);
    connection.close('test over');
  });

  it('fails every pending request at once when the server goes away', async () => {
    const { child, close } = silentServer();
    const connection = new LspConnection(child, hooks);
    const pending = connection.request(slowRequest, {}, 60_000).catch((caught: unknown) => caught);
    close();
    const error = (await pending) as CnError;
    expect(error.kind).toBe('engine-failure');
    expect(error.message).toMatch(/^language server unavailable/);
    expect(error.hint).toMatch(/restarts by itself/);
  });
});

describe('LspConnection: a language server whose stdin is gone', () => {
  it('a request written after its stdin was destroyed fails as the engine, and leaves no rejection unhandled', async () => {
    const { child } = silentServer();
    const connection = new LspConnection(child, hooks);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      // The process died: its stdin is destroyed before cn hears the connection close.
      child.stdin.destroy();
      const error = await connection.request(slowRequest, {}, 200).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(CnError);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
