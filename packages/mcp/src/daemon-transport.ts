import { Client } from 'undici';
import { CnError, MAX_ANSWER_BYTES, answerOverdue, answerTooLarge } from '@cn/core';
import { ConnectionFailure, callRoute, connectOrStart, readAnswer, signRequest, type Endpoint } from '@cn/client';
import { DAEMON_PROOF_HEADER } from '@cn/protocol/request-proof';
import type { AnswerOf, HttpMethod, RequestOf, RouteName } from '@cn/protocol';

/** Fastify keeps idle sockets for 72 s; closing ours a little earlier avoids writing into a closing socket. */
const KEEP_ALIVE_MS = 60_000;

/** undici and node socket codes that mean "the daemon we knew is gone": find or start it again. */
const CONNECTION_LOST = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
]);
const TIMED_OUT = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);
const TOO_LARGE = 'UND_ERR_RES_EXCEEDED_MAX_SIZE';

interface Connection {
  endpoint: Endpoint;
  /**
   * One keep-alive connection. A pool of several would open a second socket for calls in quick
   * succession (undici frees a socket a tick after the answer) and buys nothing: the daemon's one
   * language server answers one question at a time anyway.
   */
  http: Client;
}

/**
 * The MCP server's line to the root's daemon: one keep-alive connection to 127.0.0.1 opened lazily through
 * the same find-or-start as the CLI (port file, token, start lock). When the daemon restarted
 * (`cn stop`, idle timeout, crash) a request fails with a connection error; the port file is read
 * again, a daemon found or started, and the request sent once more. Queries are read-only, so
 * sending one twice is harmless.
 */
export class DaemonTransport {
  private connection: Promise<Connection> | undefined;

  constructor(
    private readonly root: string,
    private readonly timeoutMs: number,
    private readonly log: (line: string) => void,
  ) {}

  /** A route of @cn/protocol's table, typed by it (the same `callRoute` as the CLI's). */
  call<Name extends RouteName, Body extends RequestOf<Name>>(
    name: Name,
    body: Body,
    endpoint?: Endpoint,
  ): Promise<AnswerOf<Name, Body>> {
    return callRoute((method, path, payload) => this.request(method, path, payload, endpoint), name, body);
  }

  /**
   * ConnectionFailure means the daemon is not the one we connected to (gone, replaced by one with
   * another token, or never ours): find or start it again, once.
   */
  async request<T>(method: HttpMethod, route: string, body?: unknown, endpoint?: Endpoint): Promise<T> {
    const first = await this.connect(endpoint);
    try {
      return await this.send<T>(first, method, route, body);
    } catch (error) {
      if (!(error instanceof ConnectionFailure)) throw error;
      this.log(`daemon connection lost (${error.message}); reconnecting through the port file`);
      await this.forget(first);
      try {
        return await this.send<T>(await this.connect(), method, route, body);
      } catch (again) {
        if (!(again instanceof ConnectionFailure)) throw again;
        throw new CnError(
          'unavailable',
          `lost the connection to the daemon (${again.message})`,
          'check cn status, then try again',
        );
      }
    }
  }

  async close(): Promise<void> {
    const current = this.connection;
    this.connection = undefined;
    if (current) await current.then((connection) => connection.http.close()).catch(() => undefined);
  }

  /** The kept-alive connection; `known` is a daemon the caller already found (cn_status never starts one). */
  private connect(known?: Endpoint): Promise<Connection> {
    if (this.connection) {
      return this.connection.then((connection) =>
        known && !sameEndpoint(connection.endpoint, known) ? this.replace(connection, known) : connection,
      );
    }
    const opening = (known ? Promise.resolve(known) : connectOrStart(this.root)).then((endpoint) =>
      this.open(endpoint),
    );
    this.connection = opening;
    // A failed start must not stick: the next call tries again.
    opening.catch(() => {
      if (this.connection === opening) this.connection = undefined;
    });
    return opening;
  }

  private async replace(old: Connection, endpoint: Endpoint): Promise<Connection> {
    await this.forget(old);
    return this.connect(endpoint);
  }

  private open(endpoint: Endpoint): Connection {
    this.log(`connected to the daemon on 127.0.0.1:${endpoint.port}`);
    const http = new Client(`http://127.0.0.1:${endpoint.port}`, {
      keepAliveTimeout: KEEP_ALIVE_MS,
      keepAliveMaxTimeout: KEEP_ALIVE_MS,
      maxResponseSize: MAX_ANSWER_BYTES,
    });
    return { endpoint, http };
  }

  private async forget(connection: Connection): Promise<void> {
    if (this.connection) {
      const current = await this.connection.catch(() => undefined);
      if (current === connection) this.connection = undefined;
    }
    connection.http.destroy().catch(() => undefined);
  }

  /** Over the kept-alive undici connection; signing and reading the answer are the CLI's own (http-call.ts). */
  private async send<T>(connection: Connection, method: HttpMethod, route: string, body: unknown): Promise<T> {
    const signed = await signRequest(connection.endpoint.token, method, route, body);
    let status: number;
    let bytes: Buffer;
    let proof: unknown;
    try {
      const response = await connection.http.request({
        method,
        path: route,
        headers: signed.headers,
        body: body === undefined ? undefined : signed.payload,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
      status = response.statusCode;
      proof = response.headers[DAEMON_PROOF_HEADER];
      bytes = Buffer.from(await response.body.arrayBuffer());
    } catch (error) {
      throw this.translate(error);
    }
    // A daemon that restarted on the same port has a new token, and another server has none: both fail the proof.
    return (await readAnswer(connection.endpoint, signed.nonce, status, bytes, proof)) as T;
  }

  /**
   * undici's error codes in the CLI client's words (core http-limits.ts), so CLI and MCP report a timeout identically.
   */
  private translate(error: unknown): Error {
    const code = (error as { code?: string }).code ?? '';
    if (CONNECTION_LOST.has(code)) return new ConnectionFailure(new Error(code));
    if (TIMED_OUT.has(code)) return answerOverdue(this.timeoutMs);
    if (code === TOO_LARGE) return answerTooLarge();
    return error instanceof Error ? error : new Error(String(error));
  }
}

function sameEndpoint(a: Endpoint, b: Endpoint): boolean {
  return a.port === b.port && a.token === b.token;
}
