// The agent eval's corpora: real repositories at pinned commits, checked out into a cache directory
// outside this repository (the checkouts are never committed). Every script that needs a corpus
// (truth builder, runner, MCP client, briefs) resolves its root and answer scope here, so the pin
// and the scope live in one place.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const AGENT_EVAL_DIR = path.dirname(fileURLToPath(import.meta.url));
export const REPO = path.resolve(AGENT_EVAL_DIR, '../..');
export const CN_BIN = path.join(REPO, 'packages/cli/bin/cn.cjs');

/** Test files never belong to an answer, in any corpus. */
const TEST_FILE = /\.test\.[cm]?tsx?$/;

export const CORPORA = {
  hono: {
    repository: 'honojs/hono',
    url: 'https://github.com/honojs/hono.git',
    commit: '28a9c128912de19f3fb28b00ae289c9b93f6f392', // v4.13.3-10-g28a9c128 (2026-08-22)
    // The compiler options and files of the truth's program: hono's own build config
    // (src/**/*.ts, tests excluded).
    tsconfig: 'tsconfig.build.json',
    // The files answers may name (relative to the root): src/, test files excluded (188 files).
    scope: /^src\//,
    // What the briefs' examples name (a class, a file and a directory of the corpus).
    example: { name: 'Hono', file: 'src/index.ts', directory: 'src' },
  },
  'mikro-orm': {
    repository: 'mikro-orm/mikro-orm',
    url: 'https://github.com/mikro-orm/mikro-orm.git',
    commit: 'a6b9730585e467720b90390a1de706e0f4b8726c', // master, 2026-08-21 (packages at 7.1.13)
    // The root tsconfig.json: it extends tsconfig.build.json (strict, module Node20) and maps
    // `@mikro-orm/*` to `./packages/*/src` (plus seven subpath aliases such as
    // `@mikro-orm/core/schema`), the way the packages import each other. It has no `include`, so it
    // takes every .ts file of the repository (1,843 with the tests); the truth's program keeps only
    // the scope's files as roots (what they import comes in through the aliases).
    tsconfig: 'tsconfig.json',
    // packages/<name>/src/**/*.ts of the 20 packages (336 files; none is a test file: the tests
    // live in tests/).
    scope: /^packages\/[^/]+\/src\//,
    example: { name: 'MikroORM', file: 'packages/core/src/index.ts', directory: 'packages/core/src' },
    // Left out of the checkout (sparse checkout), whatever the source: four generated TypeDoc dumps
    // of the versioned docs site that the git mirror this eval was built from does not hold. They
    // are JSON outside packages/, so no answer and no cn answer depends on them; leaving them out
    // everywhere keeps a clone from GitHub and one from the mirror the same tree for the agents.
    omit: ['docs/versioned_docs/*/api-typedoc.json'],
  },
};

export const DEFAULT_CORPUS = 'hono';
export const CORPUS_NAMES = Object.keys(CORPORA);

/** Whether a corpus-relative path (with `/`) is one an answer may name. */
export function inAnswerScope(corpusName, relativePath) {
  return CORPORA[corpusName].scope.test(relativePath) && !TEST_FILE.test(relativePath);
}

export function cacheRoot() {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'cn-agent-eval');
}

/** `CN_AGENT_EVAL_CORPUS_ROOT` overrides the cache location (e.g. a checkout made elsewhere). */
export function corpusRoot(name = DEFAULT_CORPUS) {
  const corpus = CORPORA[name];
  if (!corpus) throw new Error(`unknown corpus '${name}' (known: ${CORPUS_NAMES.join(', ')})`);
  return process.env.CN_AGENT_EVAL_CORPUS_ROOT || path.join(cacheRoot(), `${name}@${corpus.commit.slice(0, 12)}`);
}
