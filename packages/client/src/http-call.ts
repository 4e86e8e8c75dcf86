import { connect } from 'node:net';
import { CnError, TOKEN_HEADER, WARNING_HEADER, type ErrorBody } from '@cn/core';

export interface Endpoint {
  port: number;
  token: string;
}

/**
 * One HTTP/1.1 exchange with the daemon over a plain socket. The CLI is one-shot and its start-up is
 * the latency users feel: loading node:http costs more than this whole client (README, "Start-up").
 * The peer is always our own daemon on loopback, which answers with Content-Length and closes.
 * Errors in the daemon's error body become CnErrors; no daemon there becomes ConnectionFailure.
 */
export function httpCall<T>(endpoint: Endpoint, method: 'GET' | 'POST', route: string, body: unknown, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body), 'utf8');
    const head = [
      `${method} ${route} HTTP/1.1`,
      `host: 127.0.0.1:${endpoint.port}`,
      `${TOKEN_HEADER}: ${endpoint.token}`,
      'connection: close',
      ...(payload ? ['content-type: application/json', `content-length: ${payload.length}`] : []),
      '',
      '',
    ].join('\r\n');
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      outcome();
    };
    const socket = connect({ host: '127.0.0.1', port: endpoint.port }, () => {
      socket.write(payload ? Buffer.concat([Buffer.from(head, 'latin1'), payload]) : head);
    });
    socket.setTimeout(timeoutMs, () =>
      finish(() => reject(new CnError('engine-failure', `no answer from the daemon within ${timeoutMs} ms`, 'raise --timeout, or check cn status'))),
    );
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const response = parseResponse(Buffer.concat(chunks));
      if (response) finish(() => settle(response, resolve, reject));
    });
    socket.on('end', () => finish(() => reject(new ConnectionFailure(new Error('the daemon closed the connection without an answer')))));
    socket.on('error', (error) => finish(() => reject(new ConnectionFailure(error))));
  });
}

interface RawResponse {
  status: number;
  body: string;
  /** The daemon's warning header (a broken tsconfig …), for stderr. */
  warning?: string;
}

/** A complete response, or undefined while bytes are still missing. */
function parseResponse(data: Buffer): RawResponse | undefined {
  const headerEnd = data.indexOf('\r\n\r\n');
  if (headerEnd < 0) return undefined;
  const head = data.subarray(0, headerEnd).toString('latin1');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  const rest = data.subarray(headerEnd + 4);
  const response = (raw: RawResponse | undefined) => raw && { ...raw, warning: warningIn(head) };
  if (length) {
    const size = Number(length[1]);
    return response(rest.length >= size ? { status, body: rest.subarray(0, size).toString('utf8') } : undefined);
  }
  if (/\r\ntransfer-encoding: *chunked/i.test(head)) return response(decodeChunked(rest, status));
  return undefined;
}

function warningIn(head: string): string | undefined {
  const match = new RegExp(`\\r\\n${WARNING_HEADER}: *([^\\r]*)`, 'i').exec(head);
  // Printable ASCII only: nothing in it may steer the terminal.
  return match?.[1].replace(/[^\x20-\x7e]/g, '?').trim() || undefined;
}

function decodeChunked(data: Buffer, status: number): RawResponse | undefined {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', offset);
    if (lineEnd < 0) return undefined;
    const size = parseInt(data.subarray(offset, lineEnd).toString('latin1'), 16);
    if (Number.isNaN(size)) return { status, body: '' };
    if (size === 0) return { status, body: Buffer.concat(parts).toString('utf8') };
    if (data.length < lineEnd + 2 + size + 2) return undefined;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}

function settle<T>(response: RawResponse, resolve: (value: T) => void, reject: (error: Error) => void): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body);
  } catch {
    return reject(new CnError('unavailable', `the daemon sent an unreadable answer (HTTP ${response.status})`, 'run cn stop, then try again'));
  }
  if (response.status === 200) {
    if (response.warning) process.stderr.write(`cn: warning: ${response.warning}\n`);
    return resolve(parsed as T);
  }
  // Another process on that port, or a daemon that no longer owns the port file's token.
  if (response.status === 401) return reject(new ConnectionFailure(new Error('the daemon refused the token')));
  const error = (parsed as Partial<ErrorBody>).error;
  reject(new CnError(error?.kind ?? 'internal', error?.message ?? `HTTP ${response.status}`, error?.hint));
}

/** The daemon was not there (refused, reset, wrong token): the caller may start a fresh one. */
export class ConnectionFailure extends Error {
  constructor(readonly reason: Error) {
    super(reason.message);
  }
}
