import type { FastifyInstance, FastifySchema } from 'fastify';
import * as core from '@cn/core';
import { ROUTES, type RouteName } from '@cn/protocol';
import * as protocol from '@cn/protocol';
import { ROUTE_SCHEMAS, errorBody, jsonSchemaOf } from '@cn/protocol/schemas';

/** The schemas registered: the protocol's; a test may pass a variant to see what the schema alone decides. */
export type RouteSchemaTable = typeof ROUTE_SCHEMAS;
import type { RouteDeps } from './route-deps.js';
import { serializableSchema } from './serializable-schema.js';
import { USE_CASES } from './routes/index.js';

/**
 * Registers every route of @cn/protocol's table: its method and path, its request schema (ajv refuses a
 * body that does not match, unknown fields included, before a use case sees it) and its answer schema
 * (fast-json-stringify writes exactly the fields the schema names: a field the use case adds but the
 * schema lacks would be dropped, which is why the answer types are inferred from those same schemas).
 */
export function registerRoutes(app: FastifyInstance, deps: RouteDeps, schemas: RouteSchemaTable = ROUTE_SCHEMAS): void {
  const failure = jsonSchemaOf(errorBody, 'output');
  for (const name of Object.keys(ROUTES) as RouteName[]) {
    const { method, path } = ROUTES[name];
    const { request, response } = schemas[name];
    const schema: FastifySchema = {
      ...(request ? { body: jsonSchemaOf(request, 'input') } : {}),
      response: { 200: serializableSchema(jsonSchemaOf(response, 'output')), '4xx': failure, '5xx': failure },
    };
    const useCase = USE_CASES[name] as (deps: RouteDeps, body: unknown, reply: unknown) => unknown;
    app.route({ method, url: path, schema, handler: async (request, reply) => useCase(deps, request.body, reply) });
  }
}

/**
 * The request schemas' bounds and the use cases' own checks are one fact written in two packages (core
 * may not load @cn/protocol at run time): a difference fails to compile here.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const LIMITS_AGREE: [
  Same<typeof core.MAX_DEPTH, typeof protocol.MAX_DEPTH>,
  Same<typeof core.MAX_CALL_TARGETS, typeof protocol.MAX_CALL_TARGETS>,
  Same<typeof core.MAX_NAMED_FILES, typeof protocol.MAX_NAMED_FILES>,
  Same<typeof core.MAX_ID_LENGTH, typeof protocol.MAX_ID_LENGTH>,
  Same<typeof core.MAX_INSPECT_IDS, typeof protocol.MAX_INSPECT_IDS>,
  Same<typeof core.MAX_PATTERN_LENGTH, typeof protocol.MAX_PATTERN_LENGTH>,
] = [true, true, true, true, true, true];
