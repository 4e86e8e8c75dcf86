// A daemon's start and its search index, as a user meets them: `cn start`, then `cn search` until an answer says
// `complete: true`. Shared by bench.mjs (a second start) and scaling.mjs (the first build and a second start).
import { cn } from './measure.mjs';

const LIMIT_MS = 120_000;

/**
 * Two starts on the unchanged root, each timed from the moment `cn start` returned (it returns once every project
 * is loaded) to the first search answering `complete: true`, at most two minutes each. The first start's daemon lives
 * until its index is built, then stops: the second start is one after a daemon that has done its work, and it may
 * keep what that daemon computed (a cold find's daemon, stopped at once, never builds the index). The second
 * daemon is left running: it is the warm one.
 */
export function startThenSearch(root, question, env) {
  const first = startAndSearch(root, question, env);
  stopCn({ root }, env.CN_ENGINE);
  return { ...startAndSearch(root, question, env), firstBuildMs: first.toCompleteMs };
}

function startAndSearch(root, question, env) {
  const search = () => cn(['search', question, '--format', 'json'], root, { env, allowExit: [0, 1] });
  const started = cn(['start', '--timeout', '600000'], root, { env });
  const returnedAt = performance.now();
  const first = search();
  const firstSearchComplete = JSON.parse(first.stdout).complete === true;
  let searches = 1;
  let complete = firstSearchComplete;
  while (!complete && performance.now() - returnedAt < LIMIT_MS) {
    complete = JSON.parse(search().stdout).complete === true;
    searches++;
  }
  return {
    startMs: started.ms,
    firstSearchMs: first.ms,
    firstSearchComplete,
    toCompleteMs: complete ? performance.now() - returnedAt : undefined,
    searches,
  };
}

/** Stops the root's daemon, if any (every exit code of `cn stop` is an answer here). */
export function stopCn(corpus, engine) {
  cn(['stop'], corpus.root, { allowExit: [0, 1, 2, 3, 4], env: { CN_ENGINE: engine } });
}
