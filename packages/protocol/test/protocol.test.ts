import { describe, expect, it } from 'vitest';
import { ROUTES, allDiagnostics, requestBody, type DiagnosticsResponse } from '../src/index.js';
import { ROUTE_SCHEMAS, findRequest, findResponse, jsonSchemaOf, mapResponse, unusedResponse } from '../src/schemas.js';

describe('schema → JSON Schema for Fastify', () => {
  it('a request keeps its required and optional fields, its bounds and enums, and refuses unknown fields', () => {
    const json = jsonSchemaOf(findRequest, 'input') as {
      required: string[];
      properties: Record<string, any>;
      additionalProperties: boolean;
    };
    expect(json.required).toEqual(['query']);
    expect(Object.keys(json.properties)).toEqual([
      'query',
      'kind',
      'limit',
      'in',
      'exact',
      'refs',
      'snippet',
      'role',
      'refsIn',
      'refsNotIn',
      'group',
      'maxTokens',
    ]);
    expect(json.additionalProperties).toBe(false);
    expect(json.properties.query).toMatchObject({ type: 'string', maxLength: 16384 });
    expect(json.properties.limit).toMatchObject({ type: 'integer', minimum: 1 });
    expect(json.properties.refs).toEqual({ type: 'string', enum: ['all', 'none', 'only'] });
    expect(json).not.toHaveProperty('$schema');
  });

  it('an answer keeps required vs optional, nullable, literal flags and records', () => {
    const find = jsonSchemaOf(findResponse, 'output') as { required: string[]; properties: Record<string, any> };
    expect(find.required).toEqual(['query', 'definition', 'references', 'totalReferences', 'candidates']);
    expect(find.properties.definition.anyOf).toEqual(expect.arrayContaining([{ type: 'null' }]));
    expect(find.properties.truncated).toEqual({ type: 'boolean', const: true });
    const map = jsonSchemaOf(mapResponse, 'output') as { properties: Record<string, any> };
    expect(map.properties.kinds).toMatchObject({ type: 'object', additionalProperties: { type: 'integer' } });
    const unused = jsonSchemaOf(unusedResponse, 'output') as { properties: Record<string, any> };
    expect(unused.properties.files.items.properties.unused.items.required).toEqual([
      'id',
      'name',
      'kind',
      'line',
      'exported',
    ]);
  });

  it('every route of the table has an answer schema that converts; exactly the GETs and shutdown take no body', () => {
    for (const name of Object.keys(ROUTES) as Array<keyof typeof ROUTES>) {
      const { request, response } = ROUTE_SCHEMAS[name];
      expect(() => jsonSchemaOf(response, 'output'), name).not.toThrow();
      if (request) expect(() => jsonSchemaOf(request, 'input'), name).not.toThrow();
      expect(request === undefined, name).toBe(ROUTES[name].method === 'GET' || name === 'shutdown');
    }
  });
});

describe('requestBody: one way to build a request from options', () => {
  it('leaves out undefined fields and defaults, so CLI and MCP send the same bytes', () => {
    expect(requestBody('find', { query: 'User', kind: undefined, exact: false, refs: 'all', limit: 5 })).toEqual({
      query: 'User',
      limit: 5,
    });
    expect(requestBody('find', { query: 'User', exact: true, refs: 'none' })).toEqual({
      query: 'User',
      exact: true,
      refs: 'none',
    });
    expect(requestBody('map', { file: '/r/a.ts', locals: false })).toEqual({ file: '/r/a.ts' });
    expect(requestBody('inspect', { id: 'a.ts:1', code: true })).toEqual({ id: 'a.ts:1' });
    expect(requestBody('inspect', { id: 'a.ts:1', code: false })).toEqual({ id: 'a.ts:1', code: false });
    expect(requestBody('calls', { target: 'f', targets: [], exact: false })).toEqual({ target: 'f' });
    expect(requestBody('calls', { target: 'f', targets: ['g'] })).toEqual({ target: 'f', targets: ['g'] });
    expect(requestBody('overview', { maxTokens: 0 })).toEqual({ maxTokens: 0 });
  });

  it('what it builds is what the route schema accepts', () => {
    expect(findRequest.safeParse(requestBody('find', { query: 'User', exact: false, refs: 'all' })).success).toBe(true);
  });
});

describe('allDiagnostics: the whole project in pages, merged', () => {
  it('asks page after page until no next offset, and reports progress between pages', async () => {
    const asked: Array<{ offset: number; limit: number }> = [];
    const pages: DiagnosticsResponse[] = [
      {
        diagnostics: [
          { id: 'a.ts::1::1', filePath: 'a.ts', line: 1, character: 1, severity: 'error', code: 'TS1', message: 'x' },
        ],
        filesChecked: 100,
        totalFiles: 150,
        nextOffset: 100,
      },
      { diagnostics: [], filesChecked: 50, totalFiles: 150 },
    ];
    const progress: number[] = [];
    const merged = await allDiagnostics(
      async (page) => {
        asked.push(page);
        return pages[asked.length - 1];
      },
      (soFar) => progress.push(soFar.filesChecked),
    );
    expect(asked).toEqual([
      { offset: 0, limit: 100 },
      { offset: 100, limit: 100 },
    ]);
    expect(progress).toEqual([100]);
    expect(merged).toEqual({ diagnostics: pages[0].diagnostics, filesChecked: 150, totalFiles: 150 });
  });
});
