import * as http from 'node:http';
import { readPortFile } from './cn.js';

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
    const request = http.request({ host: '127.0.0.1', port, method, path: route, headers: options.headers, agent: false }, (response) => {
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
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

/** POST with the daemon's own token, as a client would. */
export function daemonPost(root: string, route: string, payload: unknown): Promise<RawResponse> {
  const portFile = readPortFile(root)!;
  const body = JSON.stringify(payload);
  return rawRequest(portFile.port, 'POST', route, {
    headers: { 'content-type': 'application/json', 'x-cn-token': portFile.token, host: `127.0.0.1:${portFile.port}` },
    body,
  });
}
