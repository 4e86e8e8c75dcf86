import { CnError } from '@cn/core';
import type { AnswerOf, DaemonRecord, HttpMethod, RequestOf, RouteName } from '@cn/protocol';
import { HEALTH_TIMEOUT_MS, connectOrStart } from './daemon-connection.js';
import { recordedProcess } from './daemon-process.js';
import { checkEngine, requestedEngine } from './engine-request.js';
import { ConnectionFailure, callRoute, httpCall, type ProofWatch } from './http-call.js';
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
 * full find-or-start, so a warm call costs one round trip. A question waits on the daemon only once it
 * has proved itself (provenWithin).
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
  const ask = (record: DaemonRecord) => httpCall<T>(record, method, route, body, timeoutMs, provenWithin(record, root));
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

/**
 * A daemon proves itself within a few seconds, however long its answer takes (an interim 103 with its proof;
 * http-call.ts), so a question never waits --timeout on a server that is not ours: a port file and record
 * left by a daemon that was killed, whose pid and port others have taken since. When it has not, the record's
 * process decides: still our daemon and running, it is busy (its event loop blocked), and the question waits
 * on; stopped by a signal, it cannot answer (exit 3, as cn status says); anything else is stale, and a new
 * daemon is started (ConnectionFailure).
 */
function provenWithin(record: DaemonRecord, root: string): ProofWatch {
  return {
    withinMs: HEALTH_TIMEOUT_MS,
    unproven: async () => {
      const daemon = await recordedProcess(record, root);
      if (daemon === 'running') return undefined;
      if (daemon === 'stopped')
        return new CnError(
          'unavailable',
          `the daemon for ${root} (pid ${record.pid}) is stopped and does not respond`,
          `cn stop --root ${root} ends it`,
        );
      return new ConnectionFailure(
        new Error(`the server on port ${record.port} did not prove it is the daemon within ${HEALTH_TIMEOUT_MS} ms`),
      );
    },
  };
}
