import * as http from 'node:http';
import { TOKEN_HEADER, type ErrorBody } from '@cn/core';
import { CnError } from '@cn/core';

export interface Endpoint {
  port: number;
  token: string;
}

/**
 * One request over node:http: the one-shot CLI pays no import cost for a pooled client (see the
 * README's start-up figures). Errors in the daemon's error body become CliErrors.
 */
export function httpCall<T>(endpoint: Endpoint, method: 'GET' | 'POST', route: string, body: unknown, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port: endpoint.port,
        method,
        path: route,
        headers: {
          [TOKEN_HEADER]: endpoint.token,
          ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            return reject(new CnError('unavailable', `the daemon sent an unreadable answer (HTTP ${response.statusCode})`, 'run cn stop, then try again'));
          }
          if (response.statusCode === 200) return resolve(parsed as T);
          // Another process on that port, or a daemon that no longer owns the port file's token.
          if (response.statusCode === 401) return reject(new ConnectionFailure(new Error('the daemon refused the token')));
          const error = (parsed as Partial<ErrorBody>).error;
          reject(new CnError(error?.kind ?? 'internal', error?.message ?? `HTTP ${response.statusCode}`, error?.hint));
        });
      },
    );
    request.setTimeout(timeoutMs, () => {
      request.destroy(new CnError('engine-failure', `no answer from the daemon within ${timeoutMs} ms`, 'raise --timeout, or check cn status'));
    });
    request.on('error', (error) => reject(error instanceof CnError ? error : new ConnectionFailure(error)));
    request.end(payload);
  });
}

/** The daemon was not there (refused, reset): the caller may start a fresh one. */
export class ConnectionFailure extends Error {
  constructor(readonly reason: Error) {
    super(reason.message);
  }
}
