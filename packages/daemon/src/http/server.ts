import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { CnError, MAX_REQUEST_BYTES, printable, toErrorBody } from '@cn/core';
import { WARNING_HEADER } from '@cn/protocol';
import { capConnections, REQUEST_TIMEOUT_MS } from './connection-cap.js';
import { STATUS_BY_KIND } from './error-status.js';
import { carriesProof, requireRequestProof } from './request-authentication.js';
import type { RouteDeps } from './route-deps.js';
import { lazyCompilers } from './lazy-compilers.js';
import { registerRoutes } from './route-table.js';
import { validationMessage, type SchemaIssue } from './validation-message.js';

export interface ServerOptions {
  token: string;
  /** Called on every authenticated request (the idle timer listens). */
  onActivity(): void;
  log?: (line: string) => void;
  /** A warning for the client to print with this answer, if there is one now. */
  warning?: () => string | undefined;
  /** Told of each connection and of each proven question's start and end (stamps-on-connect.ts). */
  questions?: QuestionListener;
  /**
   * Awaited once a question is proven, before its route runs: the file events queued before it arrive first, so its
   * stats can be vouched for (lsp file-event-ledger.ts).
   */
  beforeAnswer?: () => Promise<void>;
}

export interface QuestionListener {
  connected(socket: Socket): void;
  questionStarted(question: Question, socket: Socket): void;
  questionEnded(question: Question): void;
}

/** A proven question (the request object itself, which listeners may key maps on). */
export interface Question {
  readonly url: string;
}

const MAX_WARNING_LENGTH = 500;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
// Request lines and headers come from anyone who can connect: logged escaped and cut (printable).
const MAX_LOGGED_URL_CHARS = 200;
const MAX_LOGGED_HOST_CHARS = 100;
const MAX_LOGGED_STACK_CHARS = 2_000;

/**
 * The daemon's HTTP surface: thin adapters from JSON to use cases. Only the owner of the port file
 * gets in: every request must prove it holds the token (request-authentication.ts), browsers (any
 * Origin header) are refused, and so are Host headers that are not loopback (DNS rebinding).
 */
export function buildServer(deps: RouteDeps, options: ServerOptions): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: MAX_REQUEST_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
    schemaController: { compilersFactory: lazyCompilers() },
  });

  const connections = capConnections(app.server);
  const questions = options.questions;
  const questionEnds = new WeakMap<FastifyRequest, () => void>();
  if (questions) app.server.on('connection', (socket: Socket) => questions.connected(socket));
  // A failed accept (EMFILE under a flood) is emitted on the server; unheard, it would end the process.
  app.server.on('error', (error) => options.log?.(`server: ${error.message}`));
  const refusalBody = (request: FastifyRequest, refusal: { status: number; message: string }) => {
    options.log?.(
      `refused ${printable(request.method, 16)} ${printable(request.url, MAX_LOGGED_URL_CHARS)}: ${refusal.message}`,
    );
    return { status: refusal.status, body: toErrorBody(new CnError('bad-input', refusal.message)) };
  };
  app.addHook('onRequest', async (request, reply) => {
    const refusal = refuse(request);
    if (refusal) {
      const answer = refusalBody(request, refusal);
      return reply.code(answer.status).send(answer.body);
    }
  });
  requireRequestProof(app, {
    token: options.token,
    refuse: (request, message) => refusalBody(request, { status: 401, message }),
    onAccepted: (request) => {
      const socket = request.raw.socket;
      connections.busy(socket);
      if (questions) {
        questions.questionStarted(request, socket);
        // Once, whichever comes first: its answer sent, or the client gone (then there is no onResponse).
        let ended = false;
        const end = () => {
          if (ended) return;
          ended = true;
          socket.off('close', end);
          questions.questionEnded(request);
        };
        questionEnds.set(request, end);
        socket.once('close', end);
      }
      options.onActivity();
    },
  });
  const beforeAnswer = options.beforeAnswer;
  if (beforeAnswer) app.addHook('preHandler', async () => beforeAnswer());
  app.addHook('onResponse', async (request) => {
    connections.idle(request.raw.socket);
    questionEnds.get(request)?.();
  });

  app.addHook('onSend', async (_request, reply) => {
    // Only an answer (never a refusal or an error) carries it, so only our own clients see it.
    if (reply.statusCode !== 200) return;
    const warning = options.warning?.();
    // A header holds one line of printable ASCII; anything else would make the answer fail.
    if (warning) reply.header(WARNING_HEADER, warning.replace(/[^\x20-\x7e]/g, '?').slice(0, MAX_WARNING_LENGTH));
  });

  app.setErrorHandler((error: unknown, request, reply) => {
    const validation = (error as { validation?: SchemaIssue[] }).validation;
    if (validation)
      return reply.code(400).send(toErrorBody(new CnError('bad-input', validationMessage(validation, request.body))));
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (!(error instanceof CnError) && statusCode && statusCode >= 400 && statusCode < 500) {
      return reply.code(statusCode).send(toErrorBody(new CnError('bad-input', (error as Error).message)));
    }
    const body = toErrorBody(error);
    if (body.error.kind === 'internal')
      options.log?.(`internal error: ${printable((error as Error)?.stack ?? String(error), MAX_LOGGED_STACK_CHARS)}`);
    return reply.code(STATUS_BY_KIND[body.error.kind]).send(body);
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(toErrorBody(new CnError('bad-input', `no route ${request.method} ${request.url}`))),
  );

  registerRoutes(app, deps);
  return app;
}

function refuse(request: FastifyRequest): { status: number; message: string } | undefined {
  if (request.headers.origin !== undefined) return { status: 403, message: 'requests from browsers are refused' };
  const host = request.headers.host ?? '';
  const hostname = host.replace(/:\d+$/, '');
  if (!LOOPBACK_HOSTS.has(hostname))
    return { status: 403, message: `host '${printable(host, MAX_LOGGED_HOST_CHARS)}' is not loopback` };
  // The proof itself is checked once the body is in (it covers the body); this refuses before reading it.
  if (!carriesProof(request)) return { status: 401, message: 'missing or wrong proof of the token' };
  return undefined;
}
