// The roots of the scaling table (scaling.mjs): one per size, each the one before with more real packages beside it,
// so every root holds the same rxjs and the same questions are asked of it at every size. A tier's root is built once
// in the bench cache (`scaling-<tier>/`, one directory per package, their .git removed: one tree, as a monorepo is)
// and kept for the next run.
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cacheDirectory, cloneMirror, listSources, prepareCorpus } from './corpora.mjs';

/** Repositories cloned from the local mirrors (`fetch github:<owner>/<name>`), at pinned commits. */
const MIRRORED = {
  hono: { spec: 'hono@28a9c128', git: { mirror: 'honojs+hono', commit: '28a9c128912de19f3fb28b00ae289c9b93f6f392' } },
  'mikro-orm': {
    spec: 'mikro-orm@a6b97305',
    git: { mirror: 'mikro-orm+mikro-orm', commit: 'a6b9730585e467720b90390a1de706e0f4b8726c' },
  },
  vitest: {
    spec: 'vitest@c3ba16b3',
    git: { mirror: 'vitest-dev+vitest', commit: 'c3ba16b35847d27fb9f01f38cdcb047c77e121f8' },
  },
  documenso: {
    spec: 'documenso@75330166',
    git: { mirror: 'documenso+documenso', commit: '75330166cc00b29c14399bc2e391e4b4d8080c00' },
  },
};

/** Each tier adds packages to the one before; the names are the sizes they come to (listSources' count). */
export const TIERS = [
  { name: '250', packages: ['rxjs'] },
  { name: '1k', packages: ['rxjs', 'effect', 'hono'] },
  { name: '3.5k', packages: ['rxjs', 'effect', 'hono', 'three', 'mikro-orm'] },
  { name: '11k', packages: ['rxjs', 'effect', 'hono', 'three', 'mikro-orm', 'typeorm', 'vitest', 'documenso'] },
];

/**
 * The questions, all of rxjs (under `rxjs/` at every size): a class, the file that declares it, an interface three
 * classes implement and a function called from some forty places; a search phrase as an agent asks it.
 */
export const QUESTIONS = {
  find: 'Observable',
  map: 'rxjs/src/internal/Observable.ts',
  impl: 'SubscriptionLike',
  calls: 'isFunction',
  search: 'retry with a delay after an error',
};

/** The symbol the raw engine's first find asks for, as corpora.mjs describes one. */
export const RAW_SYMBOL = {
  name: 'Observable',
  file: 'rxjs/src/internal/Observable.ts',
  declaration: /export class (Observable)\b/,
};

/**
 * The tier's root, built when missing, with its questions and the raw engine's symbol; `files` is how many source
 * files cn sees under it. `fixture:<dir>` is a copy of a repository fixture asked of its first class (no network:
 * what the smoke test runs); the caller removes it (`temporary`).
 */
export function prepareTier(name) {
  if (name.startsWith('fixture:')) {
    const { root, symbol, spec } = prepareCorpus(name);
    const questions = {
      find: symbol.name,
      map: symbol.file,
      impl: symbol.name,
      calls: symbol.name,
      search: symbol.name,
    };
    return { name: spec, root, files: listSources(root).length, questions, symbol, temporary: true };
  }
  const tier = TIERS.find((each) => each.name === name);
  if (!tier)
    throw new Error(`unknown tier '${name}' (known: ${TIERS.map((each) => each.name).join(', ')}, fixture:<dir>)`);
  const root = path.join(cacheDirectory(), `scaling-${tier.name}`);
  if (!existsSync(path.join(root, '.complete'))) buildTier(tier, root);
  return { ...tier, root, files: listSources(root).length, questions: QUESTIONS, symbol: RAW_SYMBOL, temporary: false };
}

function buildTier(tier, root) {
  process.stderr.write(`scaling: building the ${tier.name} root in ${root}\n`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  for (const name of tier.packages) {
    const target = path.join(root, name);
    if (MIRRORED[name]) cloneMirror(MIRRORED[name], target);
    else cpSync(prepareCorpus(name).root, target, { recursive: true });
    rmSync(path.join(target, '.git'), { recursive: true, force: true });
    rmSync(path.join(target, '.complete'), { force: true });
  }
  writeFileSync(path.join(root, '.complete'), `${tier.packages.join(' ')}\n`);
}
