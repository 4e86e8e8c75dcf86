// One run directory scored: meta.json (agent, corpus, root), answers.json, log.jsonl, against the
// corpus's questions and truth. score.mjs prints and stores one run; compare.mjs sets runs side by
// side; both score through here, so a comparison never reads a stale summary.json.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AGENT_EVAL_DIR, DEFAULT_CORPUS } from '../corpus.mjs';
import { loadQuestions, questionsPath } from './questions.mjs';
import { summarize } from './summary.mjs';

/** A run that cannot be scored; the message says what is missing. */
export class RunError extends Error {}

function readJson(file, what) {
  if (!existsSync(file)) throw new RunError(`no ${what} at ${file}`);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new RunError(`${what} ${file} is not JSON: ${error.message}`);
  }
}

/** The run's log entries (none when it has no log yet). */
export function readLog(run) {
  const file = path.join(run, 'log.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line, index) => {
      try {
        return JSON.parse(line);
      } catch {
        throw new RunError(`${file}: line ${index + 1} is not JSON`);
      }
    });
}

/**
 * The summary of one run. Runs from before meta.json named a corpus are hono's. `questionsFile` and
 * `truthFile` replace the corpus's own (the tests' fixtures); `only` scores those question ids.
 */
export function scoreRun(run, { questionsFile, truthFile, only } = {}) {
  const metaFile = path.join(run, 'meta.json');
  const meta = existsSync(metaFile) ? readJson(metaFile, 'run metadata') : {};
  const corpus = meta.corpus ?? DEFAULT_CORPUS;
  const questions = loadQuestions(questionsFile ?? questionsPath(corpus)).questions.filter(
    (q) => !only || only.includes(q.id),
  );
  if (questions.length === 0) throw new RunError('no question selected');
  const truth = readJson(truthFile ?? path.join(AGENT_EVAL_DIR, 'truth', `${corpus}.json`), 'truth').truth;
  const answers = readJson(path.join(run, 'answers.json'), 'answers');
  return summarize({
    questions,
    truth,
    answers,
    log: readLog(run),
    corpusRoot: meta.root,
    agent: meta.agent,
    corpus,
  });
}
