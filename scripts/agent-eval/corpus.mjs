// The agent eval's corpus: one real repository at a pinned commit, checked out into a cache
// directory outside this repository (the checkout is never committed). Every script that needs the
// corpus (truth builder, runner, MCP client) resolves its root here, so the pin lives in one place.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const AGENT_EVAL_DIR = path.dirname(fileURLToPath(import.meta.url));
export const REPO = path.resolve(AGENT_EVAL_DIR, '../..');
export const CN_BIN = path.join(REPO, 'packages/cli/bin/cn.cjs');

export const CORPORA = {
  hono: {
    repository: 'honojs/hono',
    url: 'https://github.com/honojs/hono.git',
    commit: '28a9c128912de19f3fb28b00ae289c9b93f6f392', // v4.13.3-10-g28a9c128 (2026-08-22)
    // The project whose files the answers may name: hono's own build config (src/**/*.ts, tests excluded).
    tsconfig: 'tsconfig.build.json',
  },
};

export const DEFAULT_CORPUS = 'hono';

export function cacheRoot() {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'cn-agent-eval');
}

/** `CN_AGENT_EVAL_CORPUS_ROOT` overrides the cache location (e.g. a checkout made elsewhere). */
export function corpusRoot(name = DEFAULT_CORPUS) {
  const corpus = CORPORA[name];
  if (!corpus) throw new Error(`unknown corpus '${name}' (known: ${Object.keys(CORPORA).join(', ')})`);
  return process.env.CN_AGENT_EVAL_CORPUS_ROOT || path.join(cacheRoot(), `${name}@${corpus.commit.slice(0, 12)}`);
}
