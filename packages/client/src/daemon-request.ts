import { connectOrStart } from './daemon-connection.js';
import { ConnectionFailure, httpCall } from './http-call.js';

export interface RequestOptions {
  root: string;
  timeoutMs: number;
}

/** One request to the root's daemon, starting it if needed; retried once if the daemon vanished. */
export async function daemonRequest<T>(options: RequestOptions, method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
  const endpoint = await connectOrStart(options.root);
  try {
    return await httpCall<T>(endpoint, method, route, body, options.timeoutMs);
  } catch (error) {
    if (!(error instanceof ConnectionFailure)) throw error;
    return httpCall<T>(await connectOrStart(options.root), method, route, body, options.timeoutMs);
  }
}
