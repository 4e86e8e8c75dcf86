#!/usr/bin/env node
// Scores one run: <run>/answers.json ({ questionId: [answers] }) against truth/<corpus>.json, with
// the cost of the run from <run>/log.jsonl and its cross-checks (lib/cross-checks.mjs). Prints
// Markdown (per question, per category, total, each cross-check) and writes <run>/summary.json for
// docs/agent-eval.md. compare.mjs sets several runs side by side.
//   node scripts/agent-eval/score.mjs --run <dir> [--truth <file>] [--questions <file>] [--only id,id]
// --only scores just those questions (the self-check answers one per agent).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { commaList, parseScriptArgs } from '../lib/cli-args.mjs';
import { RunError, scoreRun } from './lib/runs.mjs';
import { toMarkdown } from './lib/summary.mjs';

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
if (!options.run) fail(USAGE);
let summary;
try {
  summary = scoreRun(options.run, {
    questionsFile: options.questions,
    truthFile: options.truth,
    only: commaList(options.only),
  });
} catch (error) {
  if (error instanceof RunError) fail(error.message);
  throw error;
}
writeFileSync(path.join(options.run, 'summary.json'), `${JSON.stringify(summary, null, 1)}\n`);
process.stdout.write(toMarkdown(summary));
