// How answers are compared with the truth (also how build-truth compares its two methods). The
// rules are documented in scripts/agent-eval/README.md ("Scoring"); keep the two in step.

/**
 * One answer string to a canonical form: paths relative to the corpus root with `/`, no leading
 * `./`; a cn id `path::line::char` or `path:line:col` becomes `path:line`.
 */
export function normalizeAnswer(kind, raw, corpusRoot) {
  let text = String(raw).trim().replace(/\\/g, '/');
  if (corpusRoot && text.startsWith(`${corpusRoot}/`)) text = text.slice(corpusRoot.length + 1);
  text = text.replace(/^\.\//, '');
  if (kind === 'names') return text.replace(/\(\)$/, '');
  text = text
    .replace(/::(\d+)::\d+$/, ':$1')
    .replace(/::(\d+)$/, ':$1')
    .replace(/:(\d+):\d+$/, ':$1');
  if (kind === 'files') return text.replace(/:\d+(?:-\d+)?$/, '');
  return text;
}

/** `path:line` or `path:from-to` → { path, from, to }; undefined when it is neither. */
export function parseLocation(text) {
  const match = /^(.+?):(\d+)(?:-(\d+))?$/.exec(text);
  if (!match) return undefined;
  const from = Number(match[2]);
  const to = match[3] ? Number(match[3]) : from;
  return { path: match[1], from: Math.min(from, to), to: Math.max(from, to) };
}

const overlaps = (a, b) => a.path === b.path && a.from <= b.to && b.from <= a.to;

function prf(truePositivesOfAnswers, answers, matchedTruth, truth) {
  const precision = answers === 0 ? (truth === 0 ? 1 : 0) : truePositivesOfAnswers / answers;
  const recall = truth === 0 ? 1 : matchedTruth / truth;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

function scoreLocations(truth, answers) {
  const expected = truth.map(parseLocation);
  const used = new Set();
  let hits = 0;
  for (const answer of answers.map(parseLocation)) {
    const index = answer ? expected.findIndex((entry, i) => !used.has(i) && overlaps(entry, answer)) : -1;
    if (index >= 0) {
      used.add(index);
      hits += 1;
    }
  }
  return prf(hits, answers.length, used.size, expected.length);
}

function scoreSets(truth, answers) {
  const expected = new Set(truth);
  const hits = answers.filter((answer) => expected.has(answer)).length;
  return prf(hits, answers.length, hits, expected.size);
}

function linesOf(ranges) {
  const lines = new Set();
  for (const range of ranges.map(parseLocation).filter(Boolean))
    for (let line = range.from; line <= range.to; line++) lines.add(`${range.path}:${line}`);
  return [...lines];
}

/**
 * P/R/F1 of one question. `answers` are raw strings; duplicates (after normalisation) count once.
 * locations: an answer matches an unmatched truth entry of the same file whose line range it
 * touches (a declaration's range runs from its JSDoc/decorator to its name line);
 * files, names: exact set membership; line-range: overlap of the line sets.
 */
export function scoreAnswers(kind, truth, rawAnswers, corpusRoot) {
  const answers = [...new Set(rawAnswers.map((answer) => normalizeAnswer(kind, answer, corpusRoot)))];
  if (kind === 'locations') return scoreLocations(truth, answers);
  if (kind === 'line-range') return scoreSets(linesOf(truth), linesOf(answers));
  return scoreSets(truth, answers);
}
