import { connect } from 'node:net';
import { CnError, MAX_REQUEST_BYTES, WARNING_HEADER, answerOverdue, requestTooLarge, type ErrorBody } from '@cn/core';
import { NotAnAnswer, ResponseReader, type RawResponse } from './http-response-reader.js';

export interface Endpoint {
  port: number;
  token: string;
}

/**
 * One HTTP/1.1 exchange with the daemon over a plain socket. The CLI is one-shot and its start-up is
 * the latency users feel: loading node:http costs more than this whole client (README, "Start-up").
 * The token never crosses the wire: the request carries a proof of it and the answer must carry the
 * daemon's proof (@cn/core/request-proof) before a byte of it is believed. `timeoutMs` bounds the
 * whole exchange, however the bytes trickle in.
 * Errors in the daemon's error body become CnErrors; no daemon there (nothing listening, or a server
 * that cannot prove it is the daemon) becomes ConnectionFailure, and the caller may start a fresh one.
 */
export async function httpCall<T>(endpoint: Endpoint, method: 'GET' | 'POST', route: string, body: unknown, timeoutMs: number): Promise<T> {
  // Loaded here, not at the top: node:crypto (2.2 ms, see request-proof.ts) only for commands that talk to a daemon.
  const proof = await import('@cn/core/request-proof');
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body), 'utf8');
  if (payload.length > MAX_REQUEST_BYTES) throw requestTooLarge();
  const nonce = proof.newNonce();
  const head = [
    `${method} ${route} HTTP/1.1`,
    `host: 127.0.0.1:${endpoint.port}`,
    `${proof.NONCE_HEADER}: ${nonce}`,
    `${proof.CLIENT_PROOF_HEADER}: ${proof.clientProof(endpoint.token, nonce, method, route, payload)}`,
    'connection: close',
    ...(body === undefined ? [] : ['content-type: application/json', `content-length: ${payload.length}`]),
    '',
    '',
  ].join('\r\n');
  const response = await exchange(endpoint.port, Buffer.concat([Buffer.from(head, 'latin1'), payload]), timeoutMs);
  const expected = proof.daemonProof(endpoint.token, nonce, response.status, response.body);
  if (!proof.sameProof(expected, response.headers.get(proof.DAEMON_PROOF_HEADER))) {
    // Another process on that port, or a daemon that no longer owns the port file's token: its answer is never shown.
    throw new ConnectionFailure(new Error(`the server on port ${endpoint.port} did not prove it is the daemon`));
  }
  return settle<T>(response);
}

function exchange(port: number, request: Buffer, timeoutMs: number): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const reader = new ResponseReader();
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      socket.destroy();
      outcome();
    };
    const fail = (error: unknown) => finish(() => reject(error instanceof NotAnAnswer ? new ConnectionFailure(error) : error));
    const deadline = setTimeout(() => finish(() => reject(answerOverdue(timeoutMs))), timeoutMs);
    const socket = connect({ host: '127.0.0.1', port }, () => socket.write(request));
    socket.on('data', (chunk: Buffer) => {
      let response: RawResponse | undefined;
      try {
        response = reader.push(chunk);
      } catch (error) {
        return fail(error);
      }
      if (response) finish(() => resolve(response));
    });
    socket.on('end', () => {
      const response = reader.end();
      finish(() => (response ? resolve(response) : reject(new ConnectionFailure(new Error('the daemon closed the connection without an answer')))));
    });
    socket.on('error', (error) => fail(new ConnectionFailure(error)));
  });
}

function settle<T>(response: RawResponse): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body.toString('utf8'));
  } catch {
    throw new CnError('unavailable', `the daemon sent an unreadable answer (HTTP ${response.status})`, 'run cn stop, then try again');
  }
  if (response.status === 200) {
    // Printable ASCII only: nothing in it may steer the terminal.
    const warning = response.headers.get(WARNING_HEADER)?.replace(/[^\x20-\x7e]/g, '?').trim();
    if (warning) process.stderr.write(`cn: warning: ${warning}\n`);
    return parsed as T;
  }
  const error = (parsed as Partial<ErrorBody>).error;
  throw new CnError(error?.kind ?? 'internal', error?.message ?? `HTTP ${response.status}`, error?.hint);
}

/** The daemon was not there (refused, reset, no proof of the token): the caller may start a fresh one. */
export class ConnectionFailure extends Error {
  constructor(readonly reason: Error) {
    super(reason.message);
  }
}
