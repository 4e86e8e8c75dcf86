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

/** Cheap first look, before a byte of the body is read: both headers present and well formed. */
export function carriesProof(request: FastifyRequest): boolean {
  return isNonce(request.headers[NONCE_HEADER]) && typeof request.headers[CLIENT_PROOF_HEADER] === 'string';
}

/**
 * The client's proof covers the body, so bodies arrive as raw bytes; the proof is checked once they
 * are all in (before validation, before any handler), and only then are they parsed as JSON. Every
 * answer to a proven request carries the daemon's proof (request-proof.ts).
 */
export function requireRequestProof(app: FastifyInstance, options: AuthenticationOptions): void {
  const proven = new WeakSet<FastifyRequest>();
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
    const bytes =
      typeof payload === 'string' ? Buffer.from(payload, 'utf8') : Buffer.isBuffer(payload) ? payload : EMPTY;
    reply.header(
      DAEMON_PROOF_HEADER,
      daemonProof(options.token, request.headers[NONCE_HEADER] as string, reply.statusCode, bytes),
    );
    return payload;
  });
}
