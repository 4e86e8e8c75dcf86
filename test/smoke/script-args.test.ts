import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cn.js';

// Every script reads its command line with node:util parseArgs (scripts/lib/cli-args.mjs): a
// misspelt option used to be ignored (the script then ran for minutes with its defaults) or taken
// as the next option's value. Each case fails before any work starts, so this is fast.
const CASES: [script: string, args: string[], stderr: string][] = [
  ['scripts/bench/bench.mjs', ['--run', '3'], "bench: unknown option '--run'"],
  ['scripts/bench/bench.mjs', ['--runs', '0'], "bench: --runs takes a whole number of 1 or more, not '0'"],
  ['scripts/eval/eval.mjs', ['--corpus'], 'eval: --corpus needs a value'],
  ['scripts/eval/build-ground-truth.mjs', ['--corpora', 'rxjs'], "build-ground-truth: unknown option '--corpora'"],
  ['scripts/fault-soak.mjs', ['--round', '2'], "fault-soak: unknown option '--round'"],
  ['scripts/cli-startup.mjs', ['--runs', 'many'], "cli-startup: --runs takes a whole number of 1 or more, not 'many'"],
  ['scripts/format-tokens.mjs', ['--qeury', 'X'], "format-tokens: unknown option '--qeury'"],
  ['scripts/mcp-tools-tokens.mjs', ['--answers', 'nope'], 'mcp-tools-tokens: --answers takes shop, rxjs, hono'],
  ['scripts/mcp-tools-tokens.mjs', ['--root', '/nonexistent'], 'mcp-tools-tokens: --root needs --answers'],
  [
    'scripts/estimate-accuracy.mjs',
    ['--names', '0'],
    "estimate-accuracy: --names takes a whole number of 1 or more, not '0'",
  ],
  [
    'scripts/engine-diff.mjs',
    ['--root', '.'],
    'engine-diff: give --corpus, or --root with --symbol and --file; usage: engine-diff.mjs --corpus rxjs | --root <dir> --symbol <name> --file <path> [--runs 5] [--show 3]',
  ],
  ['scripts/package.mjs', ['--outdir', '/tmp'], "package: unknown option '--outdir'"],
  [
    'scripts/cold-find.mjs',
    ['--runs', '3'],
    'cold-find: --before is required: the cn.cjs of the build to compare with',
  ],
  [
    'scripts/warm-calls.mjs',
    ['--runs', '3'],
    'warm-calls: --before is required: the cn.cjs of the build to compare with',
  ],
  ['scripts/node-matrix.mjs', ['--nodes', '22,lts'], "node-matrix: --nodes takes Node majors, e.g. 22,24, not 'lts'"],
  ['scripts/node-matrix.mjs', ['--node', '22'], "node-matrix: unknown option '--node'"],
  [
    'scripts/agent-eval/score.mjs',
    ['--run', '/nonexistent', '--only'],
    'score: --only needs a value; usage: score.mjs --run <dir> [--truth <file>] [--questions <file>] [--only id,id]',
  ],
  [
    'scripts/agent-eval/prepare-corpus.mjs',
    ['--corpus', 'hono', 'extra'],
    "prepare-corpus: unexpected argument 'extra'",
  ],
  ['scripts/agent-eval/build-truth.mjs', ['--prnt'], "build-truth: unknown option '--prnt'"],
  ['scripts/bench/heap-dominators.mjs', [], 'heap-dominators: give one .heapsnapshot file'],
  [
    'scripts/bench/heap-dominators.mjs',
    ['/nonexistent/daemon.heapsnapshot'],
    'heap-dominators: cannot read /nonexistent/daemon.heapsnapshot as a heap snapshot: ENOENT',
  ],
  [
    'scripts/bench/heap-dominators.mjs',
    ['package.json'],
    'heap-dominators: package.json is not a V8 heap snapshot (no snapshot.meta, nodes and edges)',
  ],
  [
    'scripts/bench/warm-allocations.mjs',
    ['--corpus', 'nope'],
    "warm-allocations: unknown corpus 'nope' (known: rxjs, effect, three, typeorm, fixture:<dir>)",
  ],
  [
    'scripts/bench/warm-allocations.mjs',
    ['--runs', '0'],
    "warm-allocations: --runs takes a whole number of 1 or more, not '0'",
  ],
  ['scripts/agent-eval/make-briefs.mjs', ['--date', 'today'], "make-briefs: --date takes YYYY-MM-DD, not 'today'"],
  [
    'scripts/agent-eval/make-briefs.mjs',
    ['--corpus', 'hon'],
    "make-briefs: unknown corpus 'hon' (have: hono, mikro-orm)",
  ],
  ['scripts/agent-eval/compare.mjs', [], 'compare: no run given; usage: compare.mjs <run dir> [<run dir> …]'],
  [
    'scripts/agent-eval/mcp-call.mjs',
    ['--lst'],
    "mcp-call: unknown option '--lst'; usage: mcp-call --list | mcp-call <tool> '<json arguments>'",
  ],
];

describe('scripts refuse a wrong command line', () => {
  it.each(CASES)('%s %j: one stderr line, exit 2', (script, args, stderr) => {
    const run = spawnSync(process.execPath, [path.join(REPO, script), ...args], {
      cwd: REPO,
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 2, stderr: `${stderr}\n` });
  });
});
