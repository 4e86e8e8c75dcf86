import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * A schema as JSON Schema draft 7, what Fastify's ajv (requests) and fast-json-stringify (answers) read.
 * `input` for requests (a strict object keeps `additionalProperties: false`), `output` for answers.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io, unrepresentable: 'throw' }) as JsonSchema;
  // ajv knows draft 7 without being told; the URL is noise in every route's compiled schema.
  delete json.$schema;
  return json;
}
