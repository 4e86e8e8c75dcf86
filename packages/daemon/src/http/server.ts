import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { CnError, MAX_REQUEST_BODY_BYTES, TOKEN_HEADER, toErrorBody } from '@cn/core';
import { STATUS_BY_KIND } from './error-status.js';
import type { RouteDeps } from './route-deps.js';
import { ROUTES } from './routes/index.js';

export interface ServerOptions {
  token: string;
  /** Called on every authenticated request (the idle timer listens). */
  onActivity(): void;
  log?: (line: string) => void;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The daemon's HTTP surface: thin adapters from JSON to use cases. Only the owner of the port file
 * gets in: a token is required, browsers (any Origin header) are refused, and so are Host headers
 * that are not loopback (DNS rebinding).
 */
export function buildServer(deps: RouteDeps, options: ServerOptions): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: MAX_REQUEST_BODY_BYTES,
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  });

  app.addHook('onRequest', async (request, reply) => {
    const refusal = refuse(request, options.token);
    if (refusal) {
      options.log?.(`refused ${request.method} ${request.url}: ${refusal.message}`);
      return reply.code(refusal.status).send(toErrorBody(new CnError('bad-input', refusal.message)));
    }
    options.onActivity();
  });

  app.setErrorHandler((error: unknown, _request, reply) => {
    const validation = (error as { validation?: unknown; message?: string }).validation;
    if (validation) return reply.code(400).send(toErrorBody(new CnError('bad-input', `bad request: ${(error as Error).message}`)));
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (!(error instanceof CnError) && statusCode && statusCode >= 400 && statusCode < 500) {
      return reply.code(statusCode).send(toErrorBody(new CnError('bad-input', (error as Error).message)));
    }
    const body = toErrorBody(error);
    if (body.error.kind === 'internal') options.log?.(`internal error: ${(error as Error)?.stack ?? String(error)}`);
    return reply.code(STATUS_BY_KIND[body.error.kind]).send(body);
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(toErrorBody(new CnError('bad-input', `no route ${request.method} ${request.url}`))),
  );

  for (const route of ROUTES) route(app, deps);
  return app;
}

function refuse(request: FastifyRequest, token: string): { status: number; message: string } | undefined {
  if (request.headers.origin !== undefined) return { status: 403, message: 'requests from browsers are refused' };
  const host = request.headers.host ?? '';
  const hostname = host.replace(/:\d+$/, '');
  if (!LOOPBACK_HOSTS.has(hostname)) return { status: 403, message: `host '${host}' is not loopback` };
  if (!sameToken(request.headers[TOKEN_HEADER], token)) return { status: 401, message: 'missing or wrong token' };
  return undefined;
}

function sameToken(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
