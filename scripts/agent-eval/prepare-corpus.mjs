#!/usr/bin/env node
// Checks the corpus out at its pinned commit into ~/.cache/cn-agent-eval/<name>@<sha12>, from a local
// git directory (a mirror) or a clone URL. Installs nothing: the ground truth only needs the
// compiler API of this repository's typescript, and hono's own sources carry every type the
// questions touch (missing @types/node etc. only add diagnostics, never change references).
//   node scripts/agent-eval/prepare-corpus.mjs [--corpus hono] [--from <git dir | URL>]
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseScriptArgs, usageError } from '../lib/cli-args.mjs';
import { CORPORA, DEFAULT_CORPUS, corpusRoot } from './corpus.mjs';

const { values: options } = parseScriptArgs('prepare-corpus', process.argv.slice(2), {
  corpus: { type: 'string', default: DEFAULT_CORPUS },
  from: { type: 'string' },
});
const name = options.corpus;
const corpus = CORPORA[name];
if (!corpus) usageError('prepare-corpus', `unknown corpus '${name}'`);
const source = options.from ?? corpus.url;
const root = corpusRoot(name);
const marker = path.join(root, '.git', 'cn-agent-eval-complete');

const git = (args, cwd) =>
  execFileSync('git', args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' }).trim();

if (existsSync(marker) && git(['rev-parse', 'HEAD'], root) === corpus.commit) {
  process.stdout.write(`${root}\n`);
  process.exit(0);
}
rmSync(root, { recursive: true, force: true });
process.stderr.write(`checking out ${corpus.repository}@${corpus.commit} from ${source} into ${root}\n`);
git(['clone', '--quiet', '--no-checkout', source, root]);
git(['-c', 'advice.detachedHead=false', 'checkout', '--quiet', '--detach', corpus.commit], root);
const typeScriptFiles = git(['ls-tree', '-r', '--name-only', 'HEAD'], root)
  .split('\n')
  .filter((file) => file.endsWith('.ts')).length;
process.stderr.write(`${typeScriptFiles} .ts files tracked\n`);
// Written last inside .git (so it is no corpus file): an interrupted checkout is redone, not half-used.
writeFileSync(marker, `${corpus.commit}\n`);
process.stdout.write(`${root}\n`);
