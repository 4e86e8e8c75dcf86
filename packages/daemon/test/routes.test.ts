import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_REQUEST_BYTES, ProjectPaths, SearchIndex, engineFailure, type ReferenceSite } from '@cn/core';
import { WARNING_HEADER } from '@cn/protocol';
import { DAEMON_PROOF_HEADER, NONCE_HEADER, daemonProof, sameProof } from '@cn/protocol/request-proof';
import { FakeFiles, FakeReferenceSyntax, ROOT } from '../../core/test/fakes.js';
import { codebaseFromText } from '../../core/test/call-fakes.js';
import { FakeImportGraph } from '../../core/test/navigation-fakes.js';
import { FakeRenaming, FakeWriter } from '../../core/test/rename-fakes.js';
import { FakeDeclarationSyntax, FakeSources, FakeTimer } from '../../core/test/search-fakes.js';
import { provenHeaders, rawRequest } from '../../../test/helpers/http.js';
import { AnswerCache } from '../src/answer-cache.js';
import { buildServer } from '../src/http/server.js';
import { fakeDaemonStatus } from './status-fixture.js';

/**
 * The daemon's HTTP surface in-process (app.inject: no socket, no language server): the refusals
 * that keep everyone but the port file's owner out, one answer per route family from fake engines,
 * and the error shape a client relies on.
 */
const TOKEN = 'k'.repeat(48);
// inject() never opens a socket; the port only has to agree between Host and the proof.
const PORT = 4321;
const SOURCES = {
  'src/greet.ts': [
    'export function greet(name) {',
    '  return shout(name)',
    '}',
    'export function shout(text) {',
    '  return text',
    '}',
  ].join('\n'),
  'src/main.ts': ["import { greet } from './greet'", "export const run = () => greet('x')"].join('\n'),
};

const STATUS = fakeDaemonStatus(PORT);

let app: FastifyInstance;
let routeDeps: Parameters<typeof buildServer>[0];
let engine: ReturnType<typeof codebaseFromText>['engine'];
let writer: FakeWriter;
const logged: string[] = [];
let activity = 0;
let warning: string | undefined;
/** What the answer cache is told the project's version is; a test bumps it as an edit would. */
let projectVersion = 0;

beforeEach(async () => {
  const codebase = codebaseFromText(SOURCES);
  const { navigation, files } = codebase;
  engine = codebase.engine;
  logged.length = 0;
  engine.symbols = [
    {
      name: 'greet',
      kind: 'Function',
      filePath: `${ROOT}/src/greet.ts`,
      range: { start: { line: 1, character: 1 }, end: { line: 3, character: 2 } },
    },
  ];
  const importGraph = new FakeImportGraph(
    { 'src/main.ts': [{ specifier: './greet', resolvedFile: 'src/greet.ts' }], 'src/greet.ts': [] },
    ['src/main.ts'],
  );
  navigation.hovers[`${ROOT}/src/greet.ts:1:17`] = { signature: 'function greet(name: any): any', documentation: '' };
  activity = 0;
  warning = undefined;
  const sources = new FakeSources(files);
  const paths = new ProjectPaths(ROOT);
  // The import and the two calls; every other reference reads as a plain use at the top level. find reads a site at
  // the name's start, calls and impact at its last character (where an outgoing call's callee expression ends).
  const referenceSyntax = new FakeReferenceSyntax();
  const site = (file: string, line: number, character: number, name: string, value: ReferenceSite) => {
    for (const at of [character, character + name.length - 1])
      referenceSyntax.sites[`${ROOT}/${file}:${line}:${at}`] = value;
  };
  site('src/main.ts', 1, 10, 'greet', { role: 'import' });
  site('src/greet.ts', 2, 10, 'shout', {
    role: 'call',
    enclosing: { name: 'greet', kind: 'Function', position: { line: 1, character: 17 } },
  });
  site('src/main.ts', 2, 26, 'greet', {
    role: 'call',
    enclosing: { name: 'run', kind: 'Function', position: { line: 2, character: 14 } },
  });
  const searchIndex = new SearchIndex({
    sources,
    files,
    paths,
    declarationSyntax: new FakeDeclarationSyntax(),
    sleep: new FakeTimer().sleep,
  });
  // cn rename greet → hello: the declaration and its import, the engine's edits given up front.
  const renaming = new FakeRenaming();
  const greetAt = `${ROOT}/src/greet.ts:1:17`;
  const nameRange = (line: number, character: number) => ({
    start: { line, character },
    end: { line, character: character + 'greet'.length },
  });
  renaming.preparations[greetAt] = { renameable: true, range: nameRange(1, 17) };
  renaming.editsAt[greetAt] = (newText) => [
    { filePath: `${ROOT}/src/greet.ts`, range: nameRange(1, 17), newText },
    { filePath: `${ROOT}/src/main.ts`, range: nameRange(1, 10), newText },
  ];
  // Its own copy of the texts: a rename applied in one test must not reach the others' sources.
  writer = new FakeWriter(new FakeFiles({ ...SOURCES }));
  routeDeps = {
    engine,
    symbols: engine,
    navigation,
    renaming,
    writer,
    importGraph,
    typeSyntax: { typeDeclarations: async () => [] },
    changes: { changedFiles: async () => [{ filePath: `${ROOT}/src/greet.ts`, lines: [{ start: 5, end: 5 }] }] },
    referenceSyntax,
    files,
    paths,
    sources,
    searchIndex,
    now: () => 0,
    pause: () => new Promise<void>((resolve) => setImmediate(resolve)),
    answers: new AnswerCache(async () => `version ${projectVersion}`),
    status: () => STATUS,
    ready: async () => STATUS,
    shutdown: () => undefined,
  };
  app = buildServer(routeDeps, {
    token: TOKEN,
    onActivity: () => activity++,
    warning: () => warning,
    log: (line: string) => logged.push(line),
  });
  await app.ready();
});
afterEach(() => app.close());

/** A request as a client that holds the token sends it. */
function proven(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const body = payload === undefined ? '' : JSON.stringify(payload);
  return app.inject({
    method,
    url,
    headers: provenHeaders(PORT, TOKEN, method, url, body),
    payload: body || undefined,
  });
}

describe('refusals, before any route runs', () => {
  it('refuses a request without proof of the token with 401, and the idle timer does not hear it', async () => {
    const answer = await app.inject({ method: 'GET', url: '/status', headers: { host: `127.0.0.1:${PORT}` } });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().error).toMatchObject({ kind: 'bad-input', message: 'missing or wrong proof of the token' });
    expect(activity).toBe(0);
  });

  it('refuses a rename that would write without the proof of the token: only the daemon’s owner makes cn write', async () => {
    const request = { target: 'greet', newName: 'hello', apply: true };
    const body = JSON.stringify(request);
    const stranger = provenHeaders(PORT, 'x'.repeat(48), 'POST', '/rename', body);
    for (const headers of [{ host: `127.0.0.1:${PORT}`, 'content-type': 'application/json' }, stranger]) {
      const answer = await app.inject({ method: 'POST', url: '/rename', headers, payload: body });
      expect(answer.statusCode).toBe(401);
    }
    expect(writer.writes).toBe(0);
    const owner = await proven('POST', '/rename', request);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ applied: true, editCount: 2 });
    expect(writer.writes).toBe(1);
  });

  it('refuses a proof made with another token with 401 and no daemon proof on the refusal', async () => {
    const headers = provenHeaders(PORT, 'x'.repeat(48), 'GET', '/status');
    const answer = await app.inject({ method: 'GET', url: '/status', headers });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers[DAEMON_PROOF_HEADER]).toBeUndefined();
  });

  it('refuses any request from a browser (an Origin header) with 403, even with a valid proof', async () => {
    const headers = { ...provenHeaders(PORT, TOKEN, 'GET', '/status'), origin: 'http://evil.example' };
    const answer = await app.inject({ method: 'GET', url: '/status', headers });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.message).toBe('requests from browsers are refused');
  });

  it('refuses a Host that is not loopback with 403 (DNS rebinding)', async () => {
    const headers = { ...provenHeaders(PORT, TOKEN, 'GET', '/status'), host: `evil.example:${PORT}` };
    const answer = await app.inject({ method: 'GET', url: '/status', headers });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.message).toBe(`host 'evil.example:${PORT}' is not loopback`);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const body = 'query=greet';
    const headers = { ...provenHeaders(PORT, TOKEN, 'POST', '/find', body), 'content-type': 'text/plain' };
    const answer = await app.inject({ method: 'POST', url: '/find', headers, payload: body });
    expect(answer.statusCode).toBe(415);
    expect(answer.json().error.kind).toBe('bad-input');
  });

  it('refuses a body over the request cap with 413', async () => {
    const answer = await proven('POST', '/find', { query: 'x'.repeat(MAX_REQUEST_BYTES) });
    expect(answer.statusCode).toBe(413);
    expect(answer.json().error.kind).toBe('bad-input');
  });
});

describe('answers, one per route family', () => {
  it('status: the answer carries the daemon proof of this very nonce, status and body', async () => {
    const headers = provenHeaders(PORT, TOKEN, 'GET', '/status');
    const answer = await app.inject({ method: 'GET', url: '/status', headers });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ running: true, pid: 1234, root: ROOT, state: 'ready' });
    const expected = daemonProof(TOKEN, headers[NONCE_HEADER], 200, answer.rawPayload);
    expect(sameProof(expected, answer.headers[DAEMON_PROOF_HEADER])).toBe(true);
    expect(activity).toBe(1);
  });

  it('a warning goes out as one printable header line on answers', async () => {
    warning = 'tsserver restarted\n\u001b[2J twice';
    const answer = await proven('GET', '/status');
    expect(answer.headers[WARNING_HEADER]).toBe('tsserver restarted??[2J twice');
  });

  it('map lists the symbols of a file, and inspect reads one by the id map gave', async () => {
    const map = await proven('POST', '/map', { file: 'src/greet.ts' });
    expect(map.statusCode).toBe(200);
    const symbols: Array<{ id: string; name: string }> = map.json().symbols;
    expect(symbols.map((symbol) => symbol.name)).toEqual(['greet', 'shout']);
    const inspect = await proven('POST', '/inspect', { id: symbols[1].id });
    expect(inspect.statusCode).toBe(200);
    expect(inspect.json().result.code).toContain('return text');
  });

  it('inspect takes maxTokens and answers with its budget report (issue 13)', async () => {
    const id = 'src/greet.ts:1';
    const fitted = await proven('POST', '/inspect', { id, maxTokens: 20 });
    expect(fitted.statusCode).toBe(200);
    expect(fitted.json().result.code).toBeUndefined();
    expect(fitted.json().budget).toMatchObject({ maxTokens: 20, stage: 'no-previews' });
    const many = await proven('POST', '/inspect', { ids: [id], maxTokens: 20 });
    expect(many.json().budget).toMatchObject({ maxTokens: 20 });
  });

  it('find answers the definition and its references', async () => {
    const answer = await proven('POST', '/find', { query: 'greet' });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.definition).toMatchObject({ name: 'greet', filePath: 'src/greet.ts', line: 1 });
    expect(body.references.map((ref: { filePath: string }) => ref.filePath)).toContain('src/main.ts');
  });

  it('find takes roles, reference paths and a grouping, and its answer keeps role, in and the groups', async () => {
    const all = (await proven('POST', '/find', { query: 'greet' })).json();
    const listed = await proven('POST', '/find', { query: 'greet', role: ['read'], refsNotIn: 'src/greet.ts' });
    expect(listed.statusCode).toBe(200);
    const main = { name: '<module>', kind: 'Module', id: 'src/main.ts' };
    const references: Array<{ filePath: string; role: string; in: unknown }> = listed.json().references;
    expect(references.length).toBeGreaterThan(0);
    for (const reference of references)
      expect(reference).toMatchObject({ filePath: 'src/main.ts', role: 'read', in: main });
    expect(listed.json().filteredReferences ?? 0).toBe(all.totalReferences - references.length);
    const grouped = await proven('POST', '/find', { query: 'greet', group: 'file' });
    expect(grouped.json().referenceFiles).toEqual(
      expect.arrayContaining([{ filePath: 'src/main.ts', count: 3, roles: { import: 1, call: 1, read: 1 } }]),
    );
    const unknownRole = await proven('POST', '/find', { query: 'greet', role: ['poke'] });
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json().error.kind).toBe('bad-input');
  });

  it('calls follows the call graph out of a function', async () => {
    const answer = await proven('POST', '/calls', { target: 'greet', direction: 'out' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().nodes.map((node: { name: string }) => node.name)).toEqual(
      expect.arrayContaining(['greet', 'shout']),
    );
  });

  it('impact lists the files using a symbol, and those using what a git diff changed', async () => {
    const named = await proven('POST', '/impact', { target: 'greet' });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({
      root: 'src/greet.ts::1::17',
      // The fake engine counts `'./greet'` as a reference too.
      files: [{ filePath: 'src/main.ts', depth: 1, reasons: expect.arrayContaining(['calls', 'imports']) }],
      tests: [],
    });
    const since = await proven('POST', '/impact', { since: 'HEAD' });
    expect(since.json()).toMatchObject({ root: 'src/greet.ts::4::17', files: [] });
    const neither = await proven('POST', '/impact', {});
    expect(neither.statusCode).toBe(400);
  });

  it('impl and type answer for a function (no implementations, no type definitions)', async () => {
    const impl = await proven('POST', '/impl', { target: 'greet' });
    expect(impl.statusCode).toBe(200);
    expect(impl.json()).toMatchObject({ implementations: [], complete: true });
    const type = await proven('POST', '/type', { target: 'greet' });
    expect(type.statusCode).toBe(200);
    expect(type.json()).toMatchObject({ typeDefinitions: [] });
  });

  it('deps gives a file’s imports, and orphans the files nothing imports', async () => {
    const deps = await proven('POST', '/deps', { file: 'src/main.ts', direction: 'out' });
    expect(deps.statusCode).toBe(200);
    expect(deps.json().nodes.map((node: { id: string }) => node.id)).toEqual(
      expect.arrayContaining(['src/main.ts', 'src/greet.ts']),
    );
    const orphans = await proven('POST', '/deps/orphans', {});
    expect(orphans.statusCode).toBe(200);
    expect(orphans.json()).toMatchObject({ totalFiles: 2 });
  });

  it('diagnostics, unused and overview answer for the whole project', async () => {
    const diagnostics = await proven('POST', '/diagnostics', {});
    expect(diagnostics.statusCode).toBe(200);
    expect(diagnostics.json()).toMatchObject({ diagnostics: [], totalFiles: 2 });
    const unused = await proven('POST', '/unused', {});
    expect(unused.statusCode).toBe(200);
    expect(unused.json()).toMatchObject({ complete: true });
    const overview = await proven('POST', '/overview', {});
    expect(overview.statusCode).toBe(200);
    expect(overview.json().files.map((file: { filePath: string }) => file.filePath)).toEqual(
      expect.arrayContaining(['src/greet.ts']),
    );
  });

  it('overview and unused are answered again from the cache while the project version holds, afresh after', async () => {
    const outlines = vi.spyOn(engine, 'outline');
    const references = vi.spyOn(engine, 'references');
    const overview = await proven('POST', '/overview', {});
    const unused = await proven('POST', '/unused', {});
    const work = () => [outlines.mock.calls.length, references.mock.calls.length];
    const computed = work();
    expect(computed[0]).toBeGreaterThan(0);

    const overviewAgain = await proven('POST', '/overview', {});
    const unusedAgain = await proven('POST', '/unused', {});
    expect(work()).toEqual(computed);
    expect(overviewAgain.json()).toEqual(overview.json());
    expect(unusedAgain.json()).toEqual(unused.json());
    // Another request is another answer.
    await proven('POST', '/overview', { limit: 1 });
    expect(work()[0]).toBeGreaterThan(computed[0]);

    const before = work();
    projectVersion++;
    expect((await proven('POST', '/overview', {})).json()).toEqual(overview.json());
    await proven('POST', '/unused', {});
    expect(work()[0]).toBeGreaterThan(before[0]);
  });
});

describe('search and grep (issue 15)', () => {
  it('search ranks declarations by the words of a question, with what matched', async () => {
    const response = await proven('POST', '/search', { query: 'which function shouts the text?' });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ words: ['shouts', 'text'], total: 2, complete: true });
    expect(answer.results[0]).toMatchObject({
      id: 'src/greet.ts::4::17',
      name: 'shout',
      kind: 'Function',
      preview: 'export function shout(text) {',
      endLine: 6,
      matched: { name: ['shouts'], signature: ['shouts', 'text'], identifiers: ['text'] },
    });
  });

  it('grep groups matching lines by their declaration; a bad pattern is a 400 naming the problem', async () => {
    const response = await proven('POST', '/grep', { pattern: 'shout\\(', paths: ['src'] });
    expect(response.statusCode).toBe(200);
    expect(response.json().groups).toEqual([
      {
        filePath: 'src/greet.ts',
        in: { name: 'greet', kind: 'Function', id: 'src/greet.ts::1::17' },
        matches: [{ line: 2, character: 10, preview: 'return shout(name)' }],
        count: 1,
      },
      {
        filePath: 'src/greet.ts',
        in: { name: 'shout', kind: 'Function', id: 'src/greet.ts::4::17' },
        matches: [{ line: 4, character: 17, preview: 'export function shout(text) {' }],
        count: 1,
      },
    ]);
    const refused = await proven('POST', '/grep', { pattern: '(a' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/bad pattern: missing closing \)/);
  });
});

describe('bad input', () => {
  it('a body the schema refuses is a 400 with {error:{kind,message}} and still carries the daemon proof', async () => {
    const answer = await proven('POST', '/find', { query: 'greet', bogus: true });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toMatchObject({ kind: 'bad-input', message: expect.stringMatching(/^bad request: /) });
    expect(answer.headers[DAEMON_PROOF_HEADER]).toEqual(expect.any(String));
  });

  it('a use case refusing the input is a 400 with kind, message and hint', async () => {
    const answer = await proven('POST', '/find', { query: '' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error: { kind: 'bad-input', message: 'empty query', hint: 'pass a symbol name, e.g. cn find User' },
    });
  });

  it('an unknown route is a 404 with the same error shape', async () => {
    const answer = await proven('POST', '/nope', {});
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error).toMatchObject({ kind: 'bad-input', message: 'no route POST /nope' });
  });

  it('a body that is not JSON at all (with a JSON content type) is a 400, not a 500', async () => {
    const body = '{"query": "greet"';
    const answer = await app.inject({
      method: 'POST',
      url: '/find',
      headers: provenHeaders(PORT, TOKEN, 'POST', '/find', body),
      payload: body,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.kind).toBe('bad-input');
  });

  it('a known path asked with the wrong method is a 404 naming method and path', async () => {
    const answer = await proven('GET', '/find');
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error).toMatchObject({ kind: 'bad-input', message: 'no route GET /find' });
  });

  it('a well-formed question with no answer is a 404 of kind not-found', async () => {
    const answer = await proven('POST', '/type', { target: 'NoSuchThing' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error).toMatchObject({ kind: 'not-found', message: expect.stringContaining('NoSuchThing') });
  });
});

describe('failures behind the routes', () => {
  it('an engine failure is a 502 of kind engine-failure, with its message and hint', async () => {
    engine.searchSymbols = async () => {
      throw engineFailure('the language server crashed', 'run cn status');
    };
    const answer = await proven('POST', '/find', { query: 'greet' });
    expect(answer.statusCode).toBe(502);
    expect(answer.json()).toEqual({
      error: { kind: 'engine-failure', message: 'the language server crashed', hint: 'run cn status' },
    });
  });

  it('a bug (a plain exception) is a 500 of kind internal: the stack goes to the log, never to the client', async () => {
    engine.searchSymbols = async () => {
      throw new TypeError('cannot read properties of undefined');
    };
    const answer = await proven('POST', '/find', { query: 'greet' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({ error: { kind: 'internal', message: 'cannot read properties of undefined' } });
    expect(answer.body).not.toMatch(/\bat .*\.ts:\d+/);
    // The log line is one printable line: the stack's newlines are escaped.
    expect(logged.join('\n')).toMatch(/internal error: TypeError: cannot read properties of undefined\\u000a\s+at /);
  });
});

describe('questions over real connections', () => {
  it('tells the listener of each connection, and of each proven question’s start and end (never a refused one)', async () => {
    const events: string[] = [];
    const sockets = new Map<object, number>();
    const id = (socket: object) => sockets.get(socket) ?? sockets.set(socket, sockets.size + 1).get(socket)!;
    const listening = buildServer(routeDeps, {
      token: TOKEN,
      onActivity: () => undefined,
      questions: {
        connected: (socket) => events.push(`connected ${id(socket)}`),
        questionStarted: (_question, socket) => events.push(`started on ${id(socket)}`),
        questionEnded: () => events.push('ended'),
      },
    });
    try {
      await listening.listen({ port: 0, host: '127.0.0.1' });
      const { port } = listening.server.address() as AddressInfo;
      const proven = await rawRequest(port, 'GET', '/status', {
        headers: provenHeaders(port, TOKEN, 'GET', '/status'),
      });
      expect(proven.status).toBe(200);
      const refused = await rawRequest(port, 'GET', '/status', { headers: { host: `127.0.0.1:${port}` } });
      expect(refused.status).toBe(401);
      await vi.waitFor(() => expect(events).toEqual(['connected 1', 'started on 1', 'ended', 'connected 2']));
    } finally {
      await listening.close();
    }
  });
});

describe('before the answer', () => {
  it('awaits beforeAnswer once a question is proven, before its route runs; a refused one never asks', async () => {
    const events: string[] = [];
    let release: () => void = () => undefined;
    const listening = buildServer(
      {
        ...routeDeps,
        status: async () => {
          events.push('route');
          return routeDeps.status();
        },
      },
      {
        token: TOKEN,
        onActivity: () => undefined,
        beforeAnswer: () => {
          events.push('before');
          return new Promise((resolve) => (release = () => resolve()));
        },
      },
    );
    try {
      await listening.listen({ port: 0, host: '127.0.0.1' });
      const { port } = listening.server.address() as AddressInfo;
      const refused = await rawRequest(port, 'GET', '/status', { headers: { host: `127.0.0.1:${port}` } });
      expect(refused.status).toBe(401);
      expect(events).toEqual([]);
      const answer = rawRequest(port, 'GET', '/status', { headers: provenHeaders(port, TOKEN, 'GET', '/status') });
      await vi.waitFor(() => expect(events).toEqual(['before']));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(events).toEqual(['before']);
      release();
      expect((await answer).status).toBe(200);
      expect(events).toEqual(['before', 'route']);
    } finally {
      await listening.close();
    }
  });
});

describe('proof of life', () => {
  /** One request over a real socket: each interim answer's status and proof as they come, then the answer's status. */
  function request(port: number, route: string) {
    const headers = provenHeaders(port, TOKEN, 'GET', route);
    const interim: Array<[number, unknown]> = [];
    const status = new Promise<number>((resolve, reject) => {
      const sent = http.get({ host: '127.0.0.1', port, path: route, headers, agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      sent.on('information', (info) => interim.push([info.statusCode, info.headers[DAEMON_PROOF_HEADER]]));
      sent.on('error', reject);
    });
    return { interim, status, nonce: headers[NONCE_HEADER] };
  }

  it('a question unanswered after a moment gets one interim 103 with the proof of its nonce first; a quick one none', async () => {
    let release: () => void = () => undefined;
    const slow = buildServer(
      { ...routeDeps, ready: () => new Promise((resolve) => (release = () => resolve(STATUS))) },
      { token: TOKEN, onActivity: () => undefined },
    );
    try {
      await slow.listen({ port: 0, host: '127.0.0.1' });
      const { port } = slow.server.address() as AddressInfo;
      const quick = request(port, '/status');
      expect(await quick.status).toBe(200);
      expect(quick.interim).toEqual([]);
      const held = request(port, '/ready');
      await vi.waitFor(() => expect(held.interim).toHaveLength(1), { timeout: 5_000 });
      release();
      expect(await held.status).toBe(200);
      expect(held.interim[0][0]).toBe(103);
      expect(sameProof(daemonProof(TOKEN, held.nonce, 103, Buffer.alloc(0)), held.interim[0][1])).toBe(true);
    } finally {
      await slow.close();
    }
  });
});
