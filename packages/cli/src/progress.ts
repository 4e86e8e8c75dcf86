import { endpointCall, recordedDaemon } from '@cn/client';
import { describeProgress, type StatusResponse } from '@cn/core';

/** A warm answer takes ~100 ms; only a call still waiting after this long says what it waits for. */
export const PROGRESS_AFTER_MS = 1000;
const POLL_MS = 250;
/** A /status that does not answer this fast is skipped; the next poll asks again. */
const STATUS_WAIT_MS = 1000;

/** Where the progress goes: stderr, when it is a terminal. */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

/** What the daemon of a root is doing, or undefined when it answers requests (nothing to wait for). */
export type LoadingState = { daemon: 'none' } | { daemon: 'running'; status: StatusResponse };

/**
 * A cold start (daemon spawn, language server start, projects loading) can take seconds to minutes; a
 * person at a terminal should see why. One line on stderr, rewritten in place and erased when the
 * answer comes, only when stderr is a terminal: an agent's tool output (stderr captured, often merged
 * into the result) or a CI log gets nothing, so it is never flooded and stderr stays for errors.
 * Returns the function that stops it.
 */
export function showProgress(
  stream: ProgressStream,
  readState: () => Promise<LoadingState>,
  { afterMs = PROGRESS_AFTER_MS, pollMs = POLL_MS } = {},
): () => void {
  if (!stream.isTTY) return () => undefined;
  const started = Date.now();
  const line = statusLine(stream);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (ms: number) => {
    timer = setTimeout(() => void poll(), ms);
    // Never the reason the process stays alive.
    timer.unref();
  };
  const poll = async () => {
    const state = await readState().catch(() => undefined);
    if (stopped) return;
    const text = state && loadingLine(state);
    line.show(text ? `${text} … ${((Date.now() - started) / 1000).toFixed(0)} s` : '');
    schedule(pollMs);
  };
  schedule(afterMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
    line.end();
  };
}

/**
 * The one line a long wait shows on a terminal's stderr: rewritten in place when its text changes (an empty text
 * erases it), erased by `end`, and never prefixed `cn:` as errors are. Anywhere but a terminal it writes nothing:
 * stderr is for errors there.
 */
export function statusLine(stream: ProgressStream): { show(text: string): void; end(): void } {
  let shown = '';
  return {
    show(text) {
      if (!stream.isTTY || text === shown) return;
      stream.write(`\r\x1b[K${text}`);
      shown = text;
    },
    end() {
      if (shown) stream.write('\r\x1b[K');
      shown = '';
    },
  };
}

/**
 * One progress line however many requests wait at once (`cn find A B C` asks concurrently): the first
 * to start starts it, the last to end stops it.
 */
export function sharedProgress(start: () => () => void): () => () => void {
  let waiting = 0;
  let stop: (() => void) | undefined;
  return () => {
    if (waiting++ === 0) stop = start();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--waiting === 0) stop?.();
    };
  };
}

/**
 * `loading projects 3/12 (4,210 source files)`; undefined once the engine is ready (or has failed: the
 * answer says why).
 */
export function loadingLine(state: LoadingState): string | undefined {
  if (state.daemon === 'none') return 'starting the cn daemon';
  const { state: engine, progress } = state.status;
  if (engine === 'ready' || engine === 'failed' || engine === 'stopped' || engine === 'unresponsive') return undefined;
  const prefix = engine === 'restarting' ? 'restarting the language server: ' : '';
  return `${prefix}${progress ? describeProgress(progress) : 'starting the language server'}`;
}

/** The root's daemon as its private record names it: none yet, or its /status. */
export async function daemonLoadingState(root: string): Promise<LoadingState> {
  const record = recordedDaemon(root);
  if (!record) return { daemon: 'none' };
  return { daemon: 'running', status: await endpointCall(record, STATUS_WAIT_MS, 'status', undefined) };
}
