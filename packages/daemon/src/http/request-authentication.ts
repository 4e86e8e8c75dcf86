import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CLIENT_PROOF_HEADER,
  DAEMON_PROOF_HEADER,
  NONCE_HEADER,
  clientProof,
  daemonProof,
  isNonce,
  sameProof,
} from '@cn/protocol/request-proof';

export interface AuthenticationOptions {
  token: string;
  /** A request that failed the proof: answered 401 (the caller logs and builds the answer). */
  refuse(request: FastifyRequest, message: string): { status: number; body: unknown };
  /** A request that passed: the idle timer and the connection cap listen. */
  onAccepted(request: FastifyRequest): void;
}

const EMPTY = Buffer.alloc(0);
/**
 * Well under the client's few seconds (daemon-request.ts), and above a warm answer's time, so the answers that
 * are fast anyway carry no interim answer (no extra bytes or writes on the common path).
 */
const PROOF_OF_LIFE_AFTER_MS = 200;
const EARLY_HINTS = 103;
/** Node writes a 103 only with a Link header; this one points at the daemon's own status route, harmlessly. */
const PROOF_OF_LIFE_LINK = '</status>; rel="x-cn-daemon"';

/** Cheap first look, before a byte of the body is read: both headers present and well formed. */
export function carriesProof(request: FastifyRequest): boolean {
  return isNonce(request.headers[NONCE_HEADER]) && typeof request.headers[CLIENT_PROOF_HEADER] === 'string';
}

/**
 * The client's proof covers the body, so bodies arrive as raw bytes; the proof is checked once they
 * are all in (before validation, before any handler), and only then are they parsed as JSON. Every
 * answer to a proven request carries the daemon's proof (request-proof.ts); one that takes a while is
 * preceded by an interim answer (103) carrying the proof of the same nonce for status 103 and no body,
 * so a client knows within moments that it waits on the daemon and not on some other server (a port
 * taken over after a daemon was killed): proveLifeWhenSlow.
 */
export function requireRequestProof(app: FastifyInstance, options: AuthenticationOptions): void {
  const proven = new WeakSet<FastifyRequest>();
  const answering = new WeakMap<FastifyRequest, () => void>();
  // JSON only, as raw bytes: any other type (text/plain has a default parser) is refused with 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.addHook('preValidation', async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : EMPTY;
    const nonce = request.headers[NONCE_HEADER] as string;
    const expected = clientProof(options.token, nonce, request.method, request.url, raw);
    if (!sameProof(expected, request.headers[CLIENT_PROOF_HEADER])) {
      const refusal = options.refuse(request, 'missing or wrong proof of the token');
      return reply.code(refusal.status).send(refusal.body);
    }
    proven.add(request);
    answering.set(request, proveLifeWhenSlow(reply.raw, options, nonce));
    options.onAccepted(request);
    if (raw.length === 0) return;
    try {
      request.body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw Object.assign(new Error('the body is not JSON'), { statusCode: 400 });
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!proven.has(request)) return payload;
    answering.get(request)?.();
    const bytes =
      typeof payload === 'string' ? Buffer.from(payload, 'utf8') : Buffer.isBuffer(payload) ? payload : EMPTY;
    reply.header(
      DAEMON_PROOF_HEADER,
      daemonProof(options.token, request.headers[NONCE_HEADER] as string, reply.statusCode, bytes),
    );
    return payload;
  });
}

/** Sends the interim proof once the answer has taken PROOF_OF_LIFE_AFTER_MS; the function returned cancels it. */
function proveLifeWhenSlow(response: ServerResponse, options: AuthenticationOptions, nonce: string): () => void {
  const timer = setTimeout(() => {
    if (response.headersSent || response.writableEnded || response.destroyed) return;
    try {
      response.writeEarlyHints({
        link: PROOF_OF_LIFE_LINK,
        [DAEMON_PROOF_HEADER]: daemonProof(options.token, nonce, EARLY_HINTS, EMPTY),
      });
    } catch {
      // The client went in between: nobody to prove anything to, and a throw here would end the daemon.
    }
  }, PROOF_OF_LIFE_AFTER_MS);
  const cancel = () => clearTimeout(timer);
  response.once('close', cancel);
  return cancel;
}
