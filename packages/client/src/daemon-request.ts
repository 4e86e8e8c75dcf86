import type { AnswerOf, DaemonRecord, HttpMethod, RequestOf, RouteName } from '@cn/protocol';
import { connectOrStart } from './daemon-connection.js';
import { checkEngine, requestedEngine } from './engine-request.js';
import { ConnectionFailure, callRoute, httpCall } from './http-call.js';
import { recordedDaemon } from './known-daemon.js';

export interface RequestOptions {
  root: string;
  timeoutMs: number;
  /** Called as a request starts (the CLI's progress on a cold start); what it returns, once it has ended. */
  watch?: () => () => void;
}

/** `callRoute` through the CLI's transport: the root's daemon, started if needed (daemonRequest). */
export function daemonCall<Name extends RouteName, Body extends RequestOf<Name>>(
  options: RequestOptions,
  name: Name,
  body: Body,
): Promise<AnswerOf<Name, Body>> {
  return callRoute((method, path, payload) => daemonRequest(options, method, path, payload), name, body);
}

/**
 * One request to the root's daemon, starting it if needed; retried once if the daemon vanished.
 * The recorded daemon (known-daemon.ts) is asked first without a health check: the answer's proof of
 * the token shows it is our daemon (http-call.ts), and any refusal or missing proof falls back to the
 * full find-or-start, so a warm call costs one round trip.
 */
export async function daemonRequest<T>(
  options: RequestOptions,
  method: HttpMethod,
  route: string,
  body?: unknown,
): Promise<T> {
  const ended = options.watch?.();
  try {
    return await requestStartingIfNeeded<T>(options, method, route, body);
  } finally {
    ended?.();
  }
}

async function requestStartingIfNeeded<T>(
  options: RequestOptions,
  method: HttpMethod,
  route: string,
  body?: unknown,
): Promise<T> {
  const { root, timeoutMs } = options;
  const engine = requestedEngine();
  const ask = (record: DaemonRecord) => httpCall<T>(record, method, route, body, timeoutMs);
  const known = recordedDaemon(root);
  if (known) {
    checkEngine(known, engine);
    try {
      return await ask(known);
    } catch (error) {
      if (!(error instanceof ConnectionFailure)) throw error;
    }
  }
  try {
    return await ask(await connectOrStart(root, { engine }));
  } catch (error) {
    if (!(error instanceof ConnectionFailure)) throw error;
    return ask(await connectOrStart(root, { engine }));
  }
}
