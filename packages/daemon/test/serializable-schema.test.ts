import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import { ROUTE_SCHEMAS, jsonSchemaOf } from '@cn/protocol/schemas';
import { describe, expect, it } from 'vitest';
import { serializableSchema } from '../src/http/serializable-schema.js';

type Serialize = (data: unknown) => string;
const compile = (
  SerializerSelector() as unknown as (schemas: unknown, options: unknown) => (route: unknown) => Serialize
)({}, {});
const serializerOf = (schema: unknown) => compile({ schema, method: 'POST', url: '/find', httpStatus: '200' });

const definition = {
  id: 'src/a.ts::1::17',
  filePath: 'src/a.ts',
  line: 1,
  character: 17,
  name: 'isStaff',
  kind: 'Function',
  preview: 'export function isStaff(user: User): boolean {',
};
const answer = (over: Record<string, unknown>) => ({
  query: 'isStaff',
  definition,
  references: [],
  totalReferences: 0,
  candidates: [],
  ...over,
});

describe('serializableSchema: nullable objects as fast-json-stringify writes them without an ajv union', () => {
  it('turns anyOf [X, null] of an object or array into X with nullable, and leaves every other union alone', () => {
    const object = { type: 'object', properties: { a: { type: 'string' } } };
    expect(serializableSchema({ anyOf: [object, { type: 'null' }], description: 'd' })).toEqual({
      ...object,
      description: 'd',
      nullable: true,
    });
    expect(serializableSchema({ properties: { x: { anyOf: [{ type: 'null' }, { type: 'array' }] } } })).toEqual({
      properties: { x: { type: 'array', nullable: true } },
    });
    const strings = { anyOf: [{ type: 'string' }, { type: 'null' }] };
    expect(serializableSchema(strings)).toEqual(strings);
    const union = { anyOf: [object, { type: 'array' }] };
    expect(serializableSchema(union)).toEqual(union);
  });

  it("writes find's answers exactly as the schema zod wrote does, a definition or none, and drops unknown fields", () => {
    const original = jsonSchemaOf(ROUTE_SCHEMAS.find.response, 'output');
    const before = serializerOf(original);
    const after = serializerOf(serializableSchema(original));
    expect(JSON.stringify(serializableSchema(original))).not.toContain('"anyOf"');
    for (const data of [answer({}), answer({ definition: null }), answer({ definition: { ...definition, extra: 1 } })])
      expect(after(data)).toBe(before(data));
    expect(after(answer({ definition: null }))).toContain('"definition":null');
  });
});
