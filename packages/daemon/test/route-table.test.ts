import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProjectPaths, type StatusResponse } from '@cn/core';
import { ROUTES } from '@cn/protocol';
import { ROUTE_SCHEMAS, findResponse, jsonSchemaOf, statusResponse } from '@cn/protocol/schemas';
import { ROOT } from '../../core/test/fakes.js';
import { codebaseFromText } from '../../core/test/call-fakes.js';
import { FakeImportGraph } from '../../core/test/navigation-fakes.js';
import { provenHeaders } from '../../../test/helpers/http.js';
import { registerRoutes, type RouteSchemaTable } from '../src/http/route-table.js';
import type { RouteDeps } from '../src/http/route-deps.js';
import { buildServer } from '../src/http/server.js';
import { AnswerCache } from '../src/answer-cache.js';
import { fakeDaemonStatus } from './status-fixture.js';

/**
 * The daemon's routes come from @cn/protocol's table: what a route validates and what its answer
 * carries is decided by the schema there and nothing else, so adding a field to an answer is an edit of
 * one schema file. Run through real Fastify (app.inject), where ajv and fast-json-stringify apply them.
 */
const TOKEN = 'k'.repeat(48);
const PORT = 4321;

// Every optional field set, so the serializer is seen to keep them all.
const STATUS = fakeDaemonStatus(PORT, {
  maxTsServerMemory: 512,
  projects: ['tsconfig.json'],
  lastError: 'none',
  engineMode: 'auto',
  engineReason: 'no tsconfig/jsconfig needs tsserver',
  engineFallback: { from: 'native', reason: 'the native engine crashed 6 times within a minute' },
  notHonoured: [{ config: 'test/ui/tsconfig.json', option: 'baseUrl', files: 43 }],
  looseFilesLeftOut: 2500,
  configErrors: [{ file: 'tsconfig.json', line: 1, character: 2, code: 'TS1005', message: "',' expected." }],
  progress: { phase: 'loading', projectsLoaded: 1, projectsTotal: 2, sourceFiles: 30 },
});

function fakeDeps(status: () => StatusResponse): RouteDeps {
  const { engine, navigation, files } = codebaseFromText({ 'src/a.ts': 'export const a = 1' });
  return {
    engine,
    symbols: engine,
    navigation,
    importGraph: new FakeImportGraph({ 'src/a.ts': [] }, ['src/a.ts']),
    typeSyntax: { typeDeclarations: async () => [] },
    changes: { changedFiles: async () => [] },
    referenceSyntax: { classify: async (_file, _text, positions) => positions.map(() => ({ role: 'read' as const })) },
    files,
    paths: new ProjectPaths(ROOT),
    answers: new AnswerCache(async () => 'unchanged'),
    status,
    ready: async () => status(),
    shutdown: () => undefined,
  };
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function bareApp(status: () => StatusResponse, schemas?: RouteSchemaTable): Promise<FastifyInstance> {
  app = Fastify({ logger: false });
  registerRoutes(app, fakeDeps(status), schemas);
  await app.ready();
  return app;
}

describe('routes registered from the protocol table', () => {
  it('serves every route of the table at its method and path', async () => {
    const served = await bareApp(() => STATUS);
    for (const { method, path } of Object.values(ROUTES))
      expect(served.hasRoute({ method, url: path }), `${method} ${path}`).toBe(true);
  });

  it('an answer carries every field its schema names, optional ones included', async () => {
    const answer = await (await bareApp(() => STATUS)).inject({ method: 'GET', url: '/status' });
    expect(answer.statusCode).toBe(200);
    expect(Object.keys(answer.json()).sort()).toEqual(Object.keys(statusResponse.shape).sort());
    expect(answer.json()).toEqual(STATUS);
  });

  it('a field added to the answer schema reaches the client, one left out of it does not', async () => {
    const withNewField = { ...STATUS, queueDepth: 3 } as StatusResponse;
    // The serializer writes what the schema names: without the field in the schema, it is dropped silently.
    const before = await (await bareApp(() => withNewField)).inject({ method: 'GET', url: '/status' });
    expect(before.json()).not.toHaveProperty('queueDepth');
    await app?.close();
    // The one edit a new field needs: the schema in packages/protocol/src/status.ts (here a variant of it).
    const extended = {
      ...ROUTE_SCHEMAS,
      status: { response: statusResponse.extend({ queueDepth: z.int().optional() }) },
    } as RouteSchemaTable;
    const after = await (await bareApp(() => withNewField, extended)).inject({ method: 'GET', url: '/status' });
    expect(after.statusCode).toBe(200);
    expect(after.json().queueDepth).toBe(3);
  });
});

describe('answers in a union or nullable branch', () => {
  it('serialize with a field the branch does not name (left out), instead of failing the whole answer', async () => {
    app = Fastify({ logger: false });
    const definition = {
      id: 'src/a.ts::1::14',
      filePath: 'src/a.ts',
      line: 1,
      character: 14,
      kind: 'Variable',
      preview: 'export const a = 1',
      name: 'a',
      internalScore: 0.9,
    };
    app.get('/find-like', { schema: { response: { 200: jsonSchemaOf(findResponse, 'output') } } }, async () => ({
      query: 'a',
      definition,
      references: [],
      totalReferences: 0,
      candidates: [definition],
    }));
    const answer = await app.inject({ method: 'GET', url: '/find-like' });
    expect(answer.statusCode).toBe(200);
    const { internalScore: _left, ...named } = definition;
    expect(answer.json().definition).toEqual(named);
  });
});

describe('requests the schemas refuse, through the whole server', () => {
  async function post(url: string, payload: unknown) {
    app = buildServer(
      fakeDeps(() => STATUS),
      { token: TOKEN, onActivity: () => undefined },
    );
    await app.ready();
    const body = JSON.stringify(payload);
    return app.inject({ method: 'POST', url, headers: provenHeaders(PORT, TOKEN, 'POST', url, body), payload: body });
  }

  it.each([
    ['/find', { query: 'a', bogus: true }],
    ['/map', { file: 'src/a.ts', extra: 1 }],
    ['/inspect', { id: 'src/a.ts:1', ids: ['src/a.ts:1'] }],
    ['/inspect', { ids: ['src/a.ts:1'], nope: 1 }],
    ['/deps/orphans', { file: 'src/a.ts' }],
  ])('%s refuses an unknown field with bad-input: %j', async (url, payload) => {
    const answer = await post(url, payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toMatchObject({ kind: 'bad-input', message: expect.stringMatching(/^bad request: /) });
  });

  it.each([
    ['/find', { query: 'a', refs: 'some' }],
    ['/calls', { target: 'a', depth: 0 }],
    ['/find', {}],
  ])('%s refuses a wrong enum, bound or missing field with bad-input: %j', async (url, payload) => {
    const answer = await post(url, payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.kind).toBe('bad-input');
  });

  // Issue 22, item 17: was "body/direction must be equal to one of the allowed values", and for inspect every branch
  // of its anyOf joined into one sentence.
  it.each([
    [
      '/calls',
      { target: 'a', direction: 'sideways' },
      "bad request: direction must be one of in, out, both, not 'sideways'",
    ],
    [
      '/inspect',
      { id: 'a.ts:1', expand: 'sideways' },
      "bad request: expand must be one of block, declaration, surround, not 'sideways'",
    ],
    [
      '/find',
      { query: 'a', role: ['call', 'poke'] },
      /^bad request: role\.1 must be one of declaration, import, .*, not 'poke'$/,
    ],
    ['/find', { query: 'a', bogus: true }, "bad request: no field 'bogus'"],
    ['/find', {}, "bad request: 'query' is required"],
    ['/find', { query: 'a', kind: 'k'.repeat(100) }, 'bad request: kind must NOT have more than 64 characters'],
    [
      '/calls',
      { target: 'a', direction: '\u001b[2J'.repeat(20) },
      /^bad request: direction must be one of in, out, both, not '(\\u001b\[2J)+…'$/,
    ],
  ])('%s says what is wrong in one line, naming the field: %j', async (url, payload, message) => {
    const answer = await post(url, payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  });
});
