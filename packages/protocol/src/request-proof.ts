/**
 * How the daemon and its clients prove to each other that they hold the port file's token, without the
 * token ever crossing the wire. The client sends a fresh nonce and an HMAC of (nonce, method, route,
 * body) keyed with the token; the daemon answers only if that HMAC is right, and signs its answer with
 * an HMAC of (nonce, status, body). A server that is not the daemon (a stale port file naming a port
 * someone else now holds) never sees the token, cannot use a proof for any other request, and its
 * answer is never believed.
 *
 * Its own entry point (`@cn/protocol/request-proof`), not part of the index: it loads node:crypto, which the
 * CLI loads only when it talks to a daemon. Measured on the shared 2-core VM, Node 20.20.2: loading
 * node:crypto, drawing a nonce and computing one HMAC takes 2.2 ms inside a fresh process (median of 21;
 * min 2.0); whole `node` runs with and without it, 30 interleaved: 86.3 vs 88.0 ms median. node:http
 * costs 13 ms. A hand-written SHA-256 could save at most those 2 ms (~2% of a warm call); not worth
 * owning crypto code for.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const NONCE_HEADER = 'x-cn-nonce';
export const CLIENT_PROOF_HEADER = 'x-cn-auth';
export const DAEMON_PROOF_HEADER = 'x-cn-proof';

const NONCE_PATTERN = /^[0-9a-f]{32}$/;
const PROOF_PATTERN = /^[0-9a-f]{64}$/;

export function newNonce(): string {
  return randomBytes(16).toString('hex');
}

export function isNonce(value: unknown): value is string {
  return typeof value === 'string' && NONCE_PATTERN.test(value);
}

/** What a client sends: binds the request itself, so a captured proof cannot carry another question. */
export function clientProof(token: string, nonce: string, method: string, route: string, body: Uint8Array): string {
  return hmac(token, ['cn-client', nonce, method, route], body);
}

/** What the daemon answers with: binds the client's nonce, the status and every byte of the body. */
export function daemonProof(token: string, nonce: string, status: number, body: Uint8Array): string {
  return hmac(token, ['cn-daemon', nonce, String(status)], body);
}

/**
 * Timing-safe comparison of an expected proof with whatever arrived in a header. Anything that is not
 * 64 lowercase hex digits (missing, repeated, non-ASCII, another length) is simply wrong.
 */
export function sameProof(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !PROOF_PATTERN.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

function hmac(token: string, fields: string[], body: Uint8Array): string {
  // Fields never contain a newline (hex, a method, a route, a number), so the framing is unambiguous.
  return createHmac('sha256', token)
    .update(`${fields.join('\n')}\n`)
    .update(body)
    .digest('hex');
}
