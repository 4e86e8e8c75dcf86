import * as http from 'node:http';
import { CLIENT_PROOF_HEADER, NONCE_HEADER, clientProof, newNonce } from '@cn/protocol/request-proof';
import { readDaemonRecord } from './cn.js';

export interface RawResponse {
  status: number;
  body: any;
}

/** A raw HTTP request to a root's daemon, with full control over headers (for security tests). */
export function rawRequest(
  port: number,
  method: string,
  route: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method, path: route, headers: options.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON: keep the text.
          }
          resolve({ status: response.statusCode ?? 0, body });
        });
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** The headers a client sends to prove it holds `token` (the daemon's own scheme, @cn/protocol/request-proof). */
export function provenHeaders(
  port: number,
  token: string,
  method: string,
  route: string,
  body = '',
): Record<string, string> {
  const nonce = newNonce();
  return {
    host: `127.0.0.1:${port}`,
    [NONCE_HEADER]: nonce,
    [CLIENT_PROOF_HEADER]: clientProof(token, nonce, method, route, Buffer.from(body, 'utf8')),
    ...(body ? { 'content-type': 'application/json' } : {}),
  };
}

/** POST with a proof of the daemon's own token (from its private record), as a client would. */
export function daemonPost(root: string, route: string, payload: unknown): Promise<RawResponse> {
  const record = readDaemonRecord(root)!;
  const body = JSON.stringify(payload);
  return rawRequest(record.port, 'POST', route, {
    headers: provenHeaders(record.port, record.token, 'POST', route, body),
    body,
  });
}
