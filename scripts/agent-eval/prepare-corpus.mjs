#!/usr/bin/env node
// Checks a corpus out at its pinned commit into ~/.cache/cn-agent-eval/<name>@<sha12>, from a local
// git directory (a mirror) or a clone URL. Installs nothing: the ground truth only needs the
// compiler API of this repository's typescript, and the corpora's own sources carry every type the
// questions touch (missing @types/node etc. only add diagnostics, never change references).
// Paths a corpus lists in `omit` (corpus.mjs) are left out with a sparse checkout; any other
// tracked file missing afterwards (a mirror without some blobs) fails the checkout.
//   node scripts/agent-eval/prepare-corpus.mjs [--corpus hono|mikro-orm] [--from <git dir | URL>]
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseScriptArgs, usageError } from '../lib/cli-args.mjs';
import { CORPORA, CORPUS_NAMES, DEFAULT_CORPUS, corpusRoot } from './corpus.mjs';

const { values: options } = parseScriptArgs('prepare-corpus', process.argv.slice(2), {
  corpus: { type: 'string', default: DEFAULT_CORPUS },
  from: { type: 'string' },
});
const name = options.corpus;
const corpus = CORPORA[name];
if (!corpus) usageError('prepare-corpus', `unknown corpus '${name}' (have: ${CORPUS_NAMES.join(', ')})`);
const source = options.from ?? corpus.url;
const root = corpusRoot(name);
const marker = path.join(root, '.git', 'cn-agent-eval-complete');

const git = (args, cwd) =>
  execFileSync('git', args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' }).trim();
/** The checkout's own stderr is shown only if it fails: a blob left out by `omit` but absent from
 * the source makes git print "invalid object" for it while the checkout succeeds. */
function checkout(cwd) {
  try {
    execFileSync('git', ['-c', 'advice.detachedHead=false', 'checkout', '--quiet', '--detach', corpus.commit], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    process.stderr.write(error.stderr ?? '');
    throw error;
  }
}

if (existsSync(marker) && git(['rev-parse', 'HEAD'], root) === corpus.commit) {
  process.stdout.write(`${root}\n`);
  process.exit(0);
}
rmSync(root, { recursive: true, force: true });
process.stderr.write(`checking out ${corpus.repository}@${corpus.commit} from ${source} into ${root}\n`);
git(['clone', '--quiet', '--no-checkout', source, root]);
if (corpus.omit) git(['sparse-checkout', 'set', '--no-cone', '/*', ...corpus.omit.map((glob) => `!/${glob}`)], root);
checkout(root);
// git checks a blob it cannot read out as deleted and still exits 0: a partial tree is no corpus.
const missing = git(['ls-files', '--deleted'], root).split('\n').filter(Boolean);
if (missing.length > 0) {
  process.stderr.write(
    `prepare-corpus: ${missing.length} tracked file(s) could not be checked out from ${source} (e.g. ${missing[0]}); use a complete clone\n`,
  );
  process.exit(1);
}
const tracked = git(['ls-tree', '-r', '--name-only', 'HEAD'], root).split('\n');
const typeScriptFiles = tracked.filter((file) => file.endsWith('.ts')).length;
// Entries the sparse checkout skipped are tagged S by ls-files -t.
const skipped = git(['ls-files', '-t'], root)
  .split('\n')
  .filter((line) => line.startsWith('S ')).length;
const omitted = corpus.omit ? ` (${skipped} left out: ${corpus.omit.join(', ')})` : '';
process.stderr.write(`${typeScriptFiles} .ts files tracked${omitted}\n`);
// Written last inside .git (so it is no corpus file): an interrupted checkout is redone, not half-used.
writeFileSync(marker, `${corpus.commit}\n`);
process.stdout.write(`${root}\n`);
