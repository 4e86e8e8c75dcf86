// The cost of a run from the runner's log (one entry per command): the whole run's calls, refused
// calls, output tokens and bytes, milliseconds in commands; and the same split over the questions
// each call served (the runner's `--q`, logged as `questions`).
//
// Split rule: a call that served k questions counts 1/k call and 1/k of its tokens and ms to each
// of them; a question's category gets the sum of its questions' shares. A call with no questions
// (no --q, or a log from before --q existed) is unattributed, and so is the share of an id that is
// not among the scored questions (e.g. left out by score.mjs --only), so the category rows plus the
// unattributed row always add up to the run's totals.

/** Totals of a list of log entries. */
export function costOf(log) {
  const sum = (field) => log.reduce((total, entry) => total + (entry[field] ?? 0), 0);
  return {
    calls: log.length,
    refused: log.filter((entry) => entry.refused).length,
    outputTokens: sum('tokens'),
    outputBytes: sum('bytes'),
    commandMs: sum('ms'),
  };
}

const emptyShare = () => ({ calls: 0, outputTokens: 0, commandMs: 0 });

function addShare(share, entry, fraction) {
  share.calls += fraction;
  share.outputTokens += (entry.tokens ?? 0) * fraction;
  share.commandMs += (entry.ms ?? 0) * fraction;
}

/**
 * Each log entry's calls/tokens/ms split over the questions it served: `byQuestion` (id → share,
 * every id of `questionIds` present) and `unattributed`.
 */
export function attributeCost(log, questionIds) {
  const byQuestion = new Map(questionIds.map((id) => [id, emptyShare()]));
  const unattributed = emptyShare();
  for (const entry of log) {
    const served = [...new Set(Array.isArray(entry.questions) ? entry.questions.map(String) : [])];
    if (served.length === 0) {
      addShare(unattributed, entry, 1);
      continue;
    }
    for (const id of served) addShare(byQuestion.get(id) ?? unattributed, entry, 1 / served.length);
  }
  return { byQuestion, unattributed };
}

/** The sum of several shares (a category's questions). */
export function sumShares(shares) {
  const total = emptyShare();
  for (const share of shares) {
    total.calls += share.calls;
    total.outputTokens += share.outputTokens;
    total.commandMs += share.commandMs;
  }
  return total;
}
