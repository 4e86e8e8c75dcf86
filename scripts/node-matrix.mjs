#!/usr/bin/env node
// Runs the end-to-end tier (the built cn, its daemon, the language server) and the installed-package
// test under other Node majors than the one that built the tree: each node binary comes from the npm
// registry (the node-<platform>-<arch> packages) into ~/.cache/cn-tools once, and runs vitest itself,
// so every process the tests start runs it (test/e2e/node-runtime.test.ts checks that).
//   npm run test:node-matrix [-- --nodes 22,24,26] [-- --only test/e2e/graph.test.ts]
// Build first (npm test does); exits 1 if any run failed.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseScriptArgs, usageError } from './lib/cli-args.mjs';
import { latestNodeVersion, nodeBinary } from './lib/registry-tools.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** What runs under each node: everything that starts real processes from the build or the package. */
const TIER = ['test/e2e', 'test/package/install.test.ts'];
/**
 * The tsserver engine only: it is the one whose language server and tsserver run on that node (the native server is
 * a Go binary, the same under every Node), and one engine keeps each major's run to minutes. `once` holds the package
 * test.
 */
const PROJECTS = ['--project', 'tsserver', '--project', 'once'];

const { values } = parseScriptArgs(
  'node-matrix',
  process.argv.slice(2),
  { nodes: { type: 'string', default: '22,24' }, only: { type: 'string' } },
  { needs: { nodes: 'Node majors, e.g. --nodes 22,24', only: 'test files, e.g. --only test/e2e/graph.test.ts' } },
);
const majors = values.nodes.split(',').map((major) => major.trim());
for (const major of majors)
  if (!/^\d+$/.test(major)) usageError('node-matrix', `--nodes takes Node majors, e.g. 22,24, not '${major}'`);
const tier = values.only ? values.only.split(',') : TIER;

/** vitest under `binary`, with that node first on the PATH (shebangs, npm) and no npm_* hints of this process. */
function runTier(binary) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  env.PATH = `${path.dirname(binary)}${path.delimiter}${process.env.PATH}`;
  const vitest = path.join(REPO, 'node_modules/vitest/vitest.mjs');
  return new Promise((resolve) => {
    const child = spawn(binary, [vitest, 'run', ...PROJECTS, ...tier], { cwd: REPO, env, stdio: 'inherit' });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const rows = [];
for (const major of majors) {
  const version = latestNodeVersion(major);
  process.stderr.write(`node-matrix: Node ${version}\n`);
  const binary = nodeBinary(version);
  const started = Date.now();
  const code = await runTier(binary);
  rows.push({ version, code, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log(`\n| node | tests (${tier.join(', ')}) | seconds |\n|---|---|---:|`);
for (const { version, code, seconds } of rows)
  console.log(`| ${version} | ${code === 0 ? 'passed' : `FAILED (exit ${code})`} | ${seconds} |`);
process.exitCode = rows.every((row) => row.code === 0) ? 0 : 1;
