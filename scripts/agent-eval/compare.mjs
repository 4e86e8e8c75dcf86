#!/usr/bin/env node
// Sets scored runs side by side, per corpus: both (the headline), cn, grep and mcp with each run's
// calls, output tokens, F1 and cross-checks, the ratios issue 23 judges by against its targets, the
// same per category, and every cross-check. Each run is scored afresh (lib/runs.mjs), so this needs
// each run's answers.json and log.jsonl, not a summary.json. Markdown on stdout, for docs/agent-eval.md.
//   node scripts/agent-eval/compare.mjs <run dir> [<run dir> …]
//   e.g. node scripts/agent-eval/compare.mjs scripts/agent-eval/runs/2026-12-01-*
import path from 'node:path';
import { parseScriptArgs } from '../lib/cli-args.mjs';
import { compareRuns } from './lib/comparison.mjs';
import { RunError, scoreRun } from './lib/runs.mjs';

const USAGE = 'usage: compare.mjs <run dir> [<run dir> …]';
const { positionals } = parseScriptArgs('compare', process.argv.slice(2), {}, { usage: USAGE, allowPositionals: true });
if (positionals.length === 0) {
  process.stderr.write(`compare: no run given; ${USAGE}\n`);
  process.exit(2);
}
const runs = [];
for (const run of positionals) {
  try {
    runs.push({ name: path.basename(path.resolve(run)), summary: scoreRun(run) });
  } catch (error) {
    if (!(error instanceof RunError)) throw error;
    process.stderr.write(`compare: ${run}: ${error.message}\n`);
    process.exit(2);
  }
}
process.stdout.write(compareRuns(runs));
