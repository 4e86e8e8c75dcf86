#!/usr/bin/env node
// Scores one run: <run>/answers.json ({ questionId: [answers] }) against truth/<corpus>.json, with
// the cost of the run from <run>/log.jsonl. Prints Markdown (per question, per category, total)
// and writes <run>/summary.json for docs/agent-eval.md.
//   node scripts/agent-eval/score.mjs --run <dir> [--truth <file>] [--questions <file>] [--only id,id]
// --only scores just those questions (the self-check answers three).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { commaList, parseScriptArgs } from '../lib/cli-args.mjs';
import { AGENT_EVAL_DIR, DEFAULT_CORPUS } from './corpus.mjs';
import { loadQuestions, questionsPath } from './lib/questions.mjs';
import { summarize, toMarkdown } from './lib/summary.mjs';

function fail(message) {
  process.stderr.write(`score: ${message}\n`);
  process.exit(2);
}

const USAGE = 'usage: score.mjs --run <dir> [--truth <file>] [--questions <file>] [--only id,id]';
const { values: options } = parseScriptArgs(
  'score',
  process.argv.slice(2),
  {
    run: { type: 'string' },
    truth: { type: 'string' },
    questions: { type: 'string' },
    only: { type: 'string' },
  },
  { usage: USAGE },
);
const run = options.run;
if (!run) fail(USAGE);
const readJson = (file, what) => {
  if (!existsSync(file)) fail(`no ${what} at ${file}`);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    fail(`${what} ${file} is not JSON: ${error.message}`);
  }
};
const meta = existsSync(path.join(run, 'meta.json')) ? readJson(path.join(run, 'meta.json'), 'run metadata') : {};
const corpus = meta.corpus ?? DEFAULT_CORPUS;
const only = commaList(options.only);
const questions = loadQuestions(options.questions ?? questionsPath(corpus)).questions.filter(
  (q) => !only || only.includes(q.id),
);
if (questions.length === 0) fail('no question selected');
const truth = readJson(options.truth ?? path.join(AGENT_EVAL_DIR, 'truth', `${corpus}.json`), 'truth').truth;
const answers = readJson(path.join(run, 'answers.json'), 'answers');
const logFile = path.join(run, 'log.jsonl');
const log = existsSync(logFile)
  ? readFileSync(logFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  : [];

const summary = summarize({ questions, truth, answers, log, corpusRoot: meta.root, agent: meta.agent });
writeFileSync(path.join(run, 'summary.json'), `${JSON.stringify(summary, null, 1)}\n`);
process.stdout.write(toMarkdown(summary));
