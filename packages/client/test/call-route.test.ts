import { describe, expect, it } from 'vitest';
import { ROUTES } from '@cn/protocol';
import { callRoute, type Send } from '../src/http-call.js';

describe('callRoute: the one typed call, whatever the transport', () => {
  it('sends each route of the table with its own method and path, and the body as given', async () => {
    const sent: Array<[string, string, unknown]> = [];
    const send: Send = async (method, path, body) => {
      sent.push([method, path, body]);
      return { ok: true };
    };
    await callRoute(send, 'find', { query: 'User' });
    await callRoute(send, 'orphans', {});
    await callRoute(send, 'status', undefined);
    expect(sent).toEqual([
      ['POST', ROUTES.find.path, { query: 'User' }],
      ['POST', '/deps/orphans', {}],
      ['GET', '/status', undefined],
    ]);
  });
});
