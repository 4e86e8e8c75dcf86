import { describe, expect, it } from 'vitest';
import { lazyValidators } from '../src/http/lazy-validators.js';

type Validate = ((data: unknown) => boolean) & { errors?: Array<{ instancePath: string; keyword: string }> | null };

const OPTIONS = { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } };
const body = {
  type: 'object',
  properties: { query: { type: 'string' } },
  required: ['query'],
  additionalProperties: false,
};

function compilerOf(factory: ReturnType<typeof lazyValidators>) {
  return (factory as unknown as (schemas: unknown, options: unknown) => (route: unknown) => Validate)({}, OPTIONS);
}

describe('lazyValidators: each route validator compiled on its first request, answering as ajv does', () => {
  it('validates and reports errors as the compiled validator does', () => {
    const validate = compilerOf(lazyValidators())({ schema: body, method: 'POST', url: '/find', httpPart: 'body' });
    expect(validate({ query: 'User' })).toBe(true);
    expect(validate({ query: 1 })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: '/query', keyword: 'type' });
    expect(validate({ query: 'User' })).toBe(true);
    expect(validate.errors).toBeNull();
  });

  it('compiles nothing until the first request (a schema ajv refuses fails then, not when routes are registered)', () => {
    const refused = { type: 'object', properties: { query: { type: 'no-such-type' } } };
    const build = compilerOf(lazyValidators());
    const validate = build({ schema: refused, method: 'POST', url: '/find', httpPart: 'body' });
    expect(() => validate({ query: 'User' })).toThrow();
  });
});
