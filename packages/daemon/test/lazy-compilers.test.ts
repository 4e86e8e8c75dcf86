import { describe, expect, it } from 'vitest';
import { lazyCompilers } from '../src/http/lazy-compilers.js';

type Validate = ((data: unknown) => boolean) & { errors?: Array<{ instancePath: string; keyword: string }> | null };

const OPTIONS = { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } };
const body = {
  type: 'object',
  properties: { query: { type: 'string' } },
  required: ['query'],
  additionalProperties: false,
};
const route = (schema: unknown) => ({ schema, method: 'POST', url: '/find', httpPart: 'body', httpStatus: '200' });

function validators() {
  const { buildValidator } = lazyCompilers();
  return (buildValidator as unknown as (schemas: unknown, options: unknown) => (route: unknown) => Validate)(
    {},
    OPTIONS,
  );
}

function serializers() {
  const { buildSerializer } = lazyCompilers();
  return (
    buildSerializer as unknown as (schemas: unknown, options: unknown) => (route: unknown) => (data: unknown) => string
  )({}, {});
}

describe('lazyCompilers: each route validator and serializer compiled on first use, working as Fastify’s own', () => {
  it('validates and reports errors as the compiled validator does', () => {
    const validate = validators()(route(body));
    expect(validate({ query: 'User' })).toBe(true);
    expect(validate({ query: 1 })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: '/query', keyword: 'type' });
    expect(validate({ query: 'User' })).toBe(true);
    expect(validate.errors).toBeNull();
  });

  it('writes exactly the fields the answer schema names', () => {
    const serialize = serializers()(route({ type: 'object', properties: { query: { type: 'string' } } }));
    expect(serialize({ query: 'User', extra: 1 })).toBe('{"query":"User"}');
  });

  it('compiles nothing until the first use (a schema the compilers refuse fails then, not when routes register)', () => {
    const refused = { type: 'object', properties: { query: { type: 'no-such-type' } } };
    const validate = validators()(route(refused));
    expect(() => validate({ query: 'User' })).toThrow();
    const serialize = serializers()(route(refused));
    expect(() => serialize({ query: 'User' })).toThrow();
  });
});
