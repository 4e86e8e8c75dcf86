import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * A schema as JSON Schema draft 7, what Fastify's ajv (requests) and fast-json-stringify (answers) read.
 * `input` for requests: a strict object keeps `additionalProperties: false`, so unknown fields are refused.
 * `output` for answers: without it, because fast-json-stringify picks a branch of a union or nullable by
 * validating the value, and a value with one field more than the branch names would match no branch and
 * fail the whole answer; fields the schema does not name are left out of the JSON either way.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-7',
    io,
    unrepresentable: 'throw',
    override: ({ jsonSchema }) => {
      if (io === 'output' && jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
    },
  }) as JsonSchema;
  // ajv knows draft 7 without being told; the URL is noise in every route's compiled schema.
  delete json.$schema;
  return json;
}
