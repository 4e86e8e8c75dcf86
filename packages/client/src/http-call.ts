import { connect } from 'node:net';
import { CnError, MAX_REQUEST_BYTES, answerOverdue, requestTooLarge, type ErrorBody } from '@cn/core';
import { ROUTES, WARNING_HEADER, type AnswerOf, type HttpMethod, type RequestOf, type RouteName } from '@cn/protocol';
import { NotAnAnswer, ResponseReader, type RawResponse } from './http-response-reader.js';

export interface Endpoint {
  port: number;
  token: string;
}

/**
 * How long the server may stay silent before the caller is asked what to make of it: by then the daemon
 * has sent its answer or an interim one (103) with its proof (request-authentication.ts), however long the
 * question takes. `unproven` returns the error to end the call with, or undefined to wait on until the
 * timeout (a daemon of ours that is merely busy: daemon-request.ts).
 */
export interface ProofWatch {
  withinMs: number;
  unproven(): Promise<Error | undefined>;
}

const NO_BODY = Buffer.alloc(0);

/** A transport: sends one request to the daemon, answers its JSON (the CLI's socket, the MCP server's undici). */
export type Send = (method: HttpMethod, path: string, body: unknown) => Promise<unknown>;

/**
 * The one typed call of a route of @cn/protocol's table, whatever the transport: the body's type and the
 * answer's come from the table, method and path too, so a caller names only the route.
 */
export function callRoute<Name extends RouteName, Body extends RequestOf<Name>>(
  send: Send,
  name: Name,
  body: Body,
): Promise<AnswerOf<Name, Body>> {
  const { method, path } = ROUTES[name];
  return send(method, path, body) as Promise<AnswerOf<Name, Body>>;
}

/** `callRoute` to a daemon already found (its port file): no start, no retry. */
export function endpointCall<Name extends RouteName, Body extends RequestOf<Name>>(
  endpoint: Endpoint,
  timeoutMs: number,
  name: Name,
  body: Body,
): Promise<AnswerOf<Name, Body>> {
  return callRoute((method, path, payload) => httpCall(endpoint, method, path, payload, timeoutMs), name, body);
}

/**
 * One HTTP/1.1 exchange with the daemon over a plain socket. The CLI is one-shot and its start-up is
 * the latency users feel: loading node:http costs more than this whole client (docs/performance.md, "Start-up";
 * measured in http-response-reader.ts).
 * The token never crosses the wire: the request carries a proof of it and the answer must carry the
 * daemon's proof (@cn/protocol/request-proof) before a byte of it is believed. `timeoutMs` bounds the
 * whole exchange, however the bytes trickle in.
 * Errors in the daemon's error body become CnErrors; no daemon there (nothing listening, or a server
 * that cannot prove it is the daemon) becomes ConnectionFailure, and the caller may start a fresh one.
 * With a `watch`, a server silent for its `withinMs` is judged by its `unproven`.
 */
export async function httpCall<T>(
  endpoint: Endpoint,
  method: HttpMethod,
  route: string,
  body: unknown,
  timeoutMs: number,
  watch?: ProofWatch,
): Promise<T> {
  const signing = signRequest(endpoint.token, method, route, body);
  // Connecting before the request is signed: the handshake and the daemon's accept overlap loading node:crypto.
  const request = signing.then((signed) =>
    Buffer.concat([
      Buffer.from(requestHead(endpoint.port, method, route, signed, body !== undefined), 'latin1'),
      signed.payload,
    ]),
  );
  // An interim answer comes only after the request went out, signed: its proof is checked like the answer's.
  const provesLife: LifeProof = async (status, headers) => {
    const [signed, proof] = await Promise.all([signing, import('@cn/protocol/request-proof')]);
    return proof.sameProof(
      proof.daemonProof(endpoint.token, signed.nonce, status, NO_BODY),
      headers.get(proof.DAEMON_PROOF_HEADER),
    );
  };
  const response = await exchange(endpoint.port, request, timeoutMs, provesLife, watch);
  const signed = await signing;
  const { DAEMON_PROOF_HEADER } = await import('@cn/protocol/request-proof');
  const answer = await readAnswer(
    endpoint,
    signed.nonce,
    response.status,
    response.body,
    response.headers.get(DAEMON_PROOF_HEADER),
  );
  if (response.status === 200) {
    // Printable ASCII only: nothing in it may steer the terminal.
    const warning = response.headers
      .get(WARNING_HEADER)
      ?.replace(/[^\x20-\x7e]/g, '?')
      .trim();
    if (warning) process.stderr.write(`cn: warning: ${warning}\n`);
  }
  return answer as T;
}

function requestHead(port: number, method: HttpMethod, route: string, signed: SignedRequest, hasBody: boolean): string {
  return [
    `${method} ${route} HTTP/1.1`,
    `host: 127.0.0.1:${port}`,
    ...Object.entries(signed.headers).map(([name, value]) => `${name}: ${value}`),
    'connection: close',
    ...(hasBody ? [`content-length: ${signed.payload.length}`] : []),
    '',
    '',
  ].join('\r\n');
}

/** What a request carries besides method and path, the same from the CLI's socket and the MCP server's undici. */
export interface SignedRequest {
  nonce: string;
  /** The JSON body; empty when there is none (a GET). */
  payload: Buffer;
  headers: Record<string, string>;
}

/** The body as JSON and the proof of the token over it; refused here when the daemon would refuse its size. */
export async function signRequest(
  token: string,
  method: HttpMethod,
  route: string,
  body: unknown,
): Promise<SignedRequest> {
  // Loaded here, not at the top: node:crypto (2.2 ms, see request-proof.ts) only for commands that talk to a daemon.
  const proof = await import('@cn/protocol/request-proof');
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body), 'utf8');
  if (payload.length > MAX_REQUEST_BYTES) throw requestTooLarge();
  const nonce = proof.newNonce();
  const headers: Record<string, string> = {
    [proof.NONCE_HEADER]: nonce,
    [proof.CLIENT_PROOF_HEADER]: proof.clientProof(token, nonce, method, route, payload),
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  };
  return { nonce, payload, headers };
}

/**
 * The daemon's answer from status, bytes and proof, the same for both transports: without the daemon's
 * proof of the token it is never believed (ConnectionFailure: another process on that port, or a daemon
 * that no longer owns the port file's token); an error body becomes its CnError.
 */
export async function readAnswer(
  endpoint: Endpoint,
  nonce: string,
  status: number,
  bytes: Buffer,
  proofHeader: unknown,
): Promise<unknown> {
  const proof = await import('@cn/protocol/request-proof');
  if (!proof.sameProof(proof.daemonProof(endpoint.token, nonce, status, bytes), proofHeader)) {
    throw new ConnectionFailure(new Error(`the server on port ${endpoint.port} did not prove it is the daemon`));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new CnError(
      'unavailable',
      `the daemon sent an unreadable answer (HTTP ${status})`,
      'run cn stop, then try again',
    );
  }
  if (status === 200) return parsed;
  const error = (parsed as Partial<ErrorBody>).error;
  throw new CnError(error?.kind ?? 'internal', error?.message ?? `HTTP ${status}`, error?.hint);
}

/** Whether an interim answer carries the daemon's proof for this request. */
type LifeProof = (status: number, headers: Map<string, string>) => Promise<boolean>;

/**
 * Connects at once and writes the request when it is ready (node holds a write until the socket is connected); a
 * request that cannot be made (too large) fails the exchange with its own error. An interim answer without the
 * daemon's proof is not our daemon's (ConnectionFailure); one with it satisfies the watch.
 */
function exchange(
  port: number,
  request: Promise<Buffer>,
  timeoutMs: number,
  provesLife: LifeProof,
  watch: ProofWatch | undefined,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let unproven: NodeJS.Timeout | undefined;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearTimeout(unproven);
      socket.destroy();
      outcome();
    };
    const fail = (error: Error) =>
      finish(() => reject(error instanceof NotAnAnswer ? new ConnectionFailure(error) : error));
    const reader = new ResponseReader((status, headers) => {
      void provesLife(status, headers).then((proven) => {
        if (proven) clearTimeout(unproven);
        else fail(new NotAnAnswer(`the server on port ${port} sent an interim answer without the daemon's proof`));
      }, fail);
    });
    const deadline = setTimeout(() => finish(() => reject(answerOverdue(timeoutMs))), timeoutMs);
    if (watch && watch.withinMs < timeoutMs) {
      unproven = setTimeout(() => {
        watch.unproven().then(
          (error) => error && fail(error),
          () => undefined,
        );
      }, watch.withinMs);
    }
    const socket = connect({ host: '127.0.0.1', port });
    request.then(
      (bytes) => {
        if (!settled) socket.write(bytes);
      },
      (error: Error) => finish(() => reject(error)),
    );
    socket.on('data', (chunk: Buffer) => {
      let response: RawResponse | undefined;
      try {
        response = reader.push(chunk);
      } catch (error) {
        return fail(error instanceof Error ? error : new Error(String(error)));
      }
      if (response) finish(() => resolve(response));
    });
    socket.on('end', () => {
      const response = reader.end();
      finish(() =>
        response
          ? resolve(response)
          : reject(new ConnectionFailure(new Error('the daemon closed the connection without an answer'))),
      );
    });
    socket.on('error', (error) => fail(new ConnectionFailure(error)));
  });
}

/** The daemon was not there (refused, reset, no proof of the token): the caller may start a fresh one. */
export class ConnectionFailure extends Error {
  constructor(readonly reason: Error) {
    super(reason.message);
  }
}
