// The corpora the bench and the eval run on. Real packages come from the npm registry (`npm pack`)
// into a cache outside the repository, so nothing large is ever committed; a whole repository (typeorm) is
// cloned from a local git mirror at a pinned commit; `fixture:<dir>` copies a repository fixture to a temp
// dir instead (no network: that is what the smoke tests use).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isSourceFile } from '../../packages/core/dist/index.js';
import { userCacheDirectory } from '../lib/registry-tools.mjs';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Only `src` is extracted (plus the config): the published dist/ and examples/ trees are not the
 * project an agent edits, and would add loose JS files the raw-LSP baseline would not load.
 * `symbol` is the well-known symbol (the regex's group 1 is its declaration name), `bigFile`
 * the large file for documentSymbol / foldingRange / cn map, and `graph` (where set) the targets of the warm
 * `cn impl` and `cn calls` the bench times.
 */
export const CORPORA = {
  rxjs: {
    spec: 'rxjs@7.8.2',
    members: ['package/src', 'package/package.json', 'package/tsconfig.json'],
    symbol: { name: 'Observable', file: 'src/internal/Observable.ts', declaration: /export class (Observable)\b/ },
    bigFile: 'src/internal/Observable.ts',
  },
  effect: {
    spec: 'effect@3.19.0',
    members: ['package/src', 'package/package.json'],
    config: {
      name: 'tsconfig.json',
      content: {
        compilerOptions: {
          strict: true,
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          noEmit: true,
          skipLibCheck: true,
          exactOptionalPropertyTypes: true,
        },
        include: ['src'],
      },
    },
    symbol: { name: 'Effect', file: 'src/Effect.ts', declaration: /export interface (Effect)</ },
    bigFile: 'src/Effect.ts',
  },
  three: {
    spec: 'three@0.170.0',
    members: ['package/src', 'package/package.json'],
    config: {
      name: 'jsconfig.json',
      content: {
        compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', checkJs: false },
        include: ['src'],
      },
    },
    symbol: { name: 'Vector3', file: 'src/math/Vector3.js', declaration: /^class (Vector3)\b/m },
    bigFile: 'src/renderers/WebGLRenderer.js',
  },
  // A git checkout with 3,576 TypeScript files (src, test, packages), its tsconfig as the repository has it; no
  // node_modules (its `extends` of @tsconfig/node20 and its dependencies stay unresolved, as in a fresh clone).
  typeorm: {
    spec: 'typeorm@281bfba4',
    git: { mirror: 'typeorm+typeorm', commit: '281bfba42a5813b106bcf5ba79bc7f7251bd1e73' },
    symbol: { name: 'DataSource', file: 'src/data-source/DataSource.ts', declaration: /export class (DataSource)\b/ },
    bigFile: 'src/query-builder/SelectQueryBuilder.ts',
    // Issue 25's graph target (impl, calls ≤ 2× find on a 2,000-file repository): an interface eleven drivers
    // implement, and a function called from some fifty places.
    graph: { impl: 'Driver', calls: 'getMetadataArgsStorage' },
  },
};

/** A corpus this machine cannot provide (no mirror of its repository): the bench says so and goes on. */
export class CorpusUnavailable extends Error {}

/** Where `fetch github:<owner>/<name>` leaves bare mirrors (`<owner>+<name>/repo`). */
const mirrors = () => process.env.CN_BENCH_MIRRORS || '/work/.mirror';

export function cacheDirectory() {
  return userCacheDirectory('cn-bench');
}

/**
 * Returns { name, root, temporary, ...definition }. `temporary` roots are copies the caller removes
 * with `removeCorpus`; cached package roots stay for the next run.
 */
export function prepareCorpus(name) {
  if (name.startsWith('fixture:')) return prepareFixture(name.slice('fixture:'.length));
  const definition = CORPORA[name];
  if (!definition)
    throw new Error(`unknown corpus '${name}' (known: ${Object.keys(CORPORA).join(', ')}, fixture:<dir>)`);
  const root = path.join(cacheDirectory(), definition.spec.replace('@', '-'));
  if (!existsSync(path.join(root, '.complete'))) (definition.git ? cloneMirror : install)(definition, root);
  return { name, root, temporary: false, ...definition };
}

/** A clone of the local mirror, checked out at the pinned commit (the mirror may be newer). */
export function cloneMirror(definition, root) {
  const mirror = path.join(mirrors(), definition.git.mirror, 'repo');
  if (!existsSync(mirror)) {
    throw new CorpusUnavailable(
      `${definition.spec}: no git mirror at ${mirror} (fetch github:${definition.git.mirror.replace('+', '/')} first, or set CN_BENCH_MIRRORS)`,
    );
  }
  process.stderr.write(`cloning ${definition.spec} into ${root}\n`);
  rmSync(root, { recursive: true, force: true });
  execFileSync('git', ['clone', '--quiet', '--no-checkout', mirror, root], { stdio: 'ignore' });
  execFileSync('git', ['-C', root, 'checkout', '--quiet', '--detach', definition.git.commit], { stdio: 'ignore' });
  writeFileSync(path.join(root, '.complete'), `${definition.spec}\n`);
}

function install(definition, root) {
  const downloads = path.join(cacheDirectory(), 'tarballs');
  mkdirSync(downloads, { recursive: true });
  process.stderr.write(`installing ${definition.spec} into ${root}\n`);
  const output = execFileSync('npm', ['pack', definition.spec, '--pack-destination', downloads, '--silent'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const tarball = path.join(downloads, output.trim().split('\n').pop());
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  execFileSync('tar', ['xzf', tarball, '-C', root, '--strip-components=1', ...definition.members]);
  if (definition.config)
    writeFileSync(path.join(root, definition.config.name), `${JSON.stringify(definition.config.content, null, 2)}\n`);
  // Marks a finished install, so an interrupted one is redone instead of half-used.
  writeFileSync(path.join(root, '.complete'), `${definition.spec}\n`);
}

function prepareFixture(relative) {
  const source = path.resolve(REPO, relative);
  if (!existsSync(source)) throw new Error(`no such fixture: ${relative}`);
  const root = mkdtempSync(path.join(os.tmpdir(), 'cn-bench-'));
  cpSync(source, root, { recursive: true });
  const symbol = guessFixtureSymbol(root);
  return { name: `fixture:${relative}`, spec: relative, root, temporary: true, symbol, bigFile: symbol.file };
}

/** The first exported class of the fixture stands in for the well-known symbol. */
function guessFixtureSymbol(root) {
  const files = listSources(root).sort();
  for (const file of files) {
    const text = readText(path.join(root, file));
    const match = /(?:export )?class (\w+)/.exec(text);
    if (match) return { name: match[1], file, declaration: new RegExp(`class (${match[1]})\\b`) };
  }
  throw new Error(`no class declaration in fixture ${root}`);
}

export function listSources(root, directory = '') {
  const result = [];
  for (const entry of readdirSync(path.join(root, directory), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const relative = directory ? `${directory}/${entry.name}` : entry.name;
    if (entry.isDirectory()) result.push(...listSources(root, relative));
    else if (isSourceFile(entry.name)) result.push(relative);
  }
  return result;
}

export function readText(file) {
  return readFileSync(file, 'utf8');
}

/** 1-based line and character of the symbol's declaration name in its file. */
export function symbolPosition(corpus) {
  const text = readText(path.join(corpus.root, corpus.symbol.file));
  const match = corpus.symbol.declaration.exec(text);
  if (!match) throw new Error(`declaration of ${corpus.symbol.name} not found in ${corpus.symbol.file}`);
  const offset = match.index + match[0].indexOf(match[1]);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, character: before[before.length - 1].length + 1 };
}

export function removeCorpus(corpus) {
  if (corpus.temporary) rmSync(corpus.root, { recursive: true, force: true });
}
