#!/usr/bin/env node
// Builds the npm package users install (`npm install -g cn-navigator`, `npx cn-navigator`): the bundles of
// scripts/bundle.mjs, the `cn` bin and the README, with a package.json whose dependencies are exactly
// the packages the bundles leave for node_modules — read from the bundles, never kept by hand.
//   npm run package [-- --out <dir>]     (builds first; prints the tarball's path)
import { execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleAll } from './bundle.mjs';
import { parseScriptArgs } from './lib/cli-args.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Packages some bundled code names but does without: a require inside try/catch, which esbuild leaves external
 * instead of failing, or a resolve on a path no bundle takes. Not dependencies; each says who asks and why.
 */
export const OPTIONAL_REQUIRES = {
  // debug (portfinder's logger) colours its output when supports-color is installed; cn never enables it.
  'supports-color': 'debug, inside try/catch',
  // The client resolves @cn/daemon/main only unbundled; in a bundle CN_DAEMON_BUNDLE names cn-daemon.cjs instead
  // (packages/client/src/daemon-entry.ts). The CLI and MCP bundles carried part of @cn/daemon (the per-user
  // files) until those became @cn/local-files, which is why this name never had to be listed before.
  '@cn/daemon': 'the client, only when it runs unbundled',
};

/** 'fastify' from 'fastify', '@scope/name' from '@scope/name/sub/path.js'. */
export function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function isBareSpecifier(specifier) {
  return !specifier.startsWith('.') && !path.isAbsolute(specifier) && !specifier.startsWith('node:');
}

function isBuiltin(specifier) {
  return specifier.startsWith('node:') || builtinModules.includes(packageName(specifier));
}

/** Packages whose code a bundle carries (esbuild's inputs), so it never loads them from node_modules. */
export function carriedPackages(metafile) {
  const carried = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const inNodeModules = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (inNodeModules) carried.add(inNodeModules[1]);
    // The workspace's own packages, bundled from packages/<name>/(src|dist).
    const workspace = /^packages\/([^/]+)\//.exec(input);
    if (workspace) carried.add(`@cn/${workspace[1]}`);
  }
  return carried;
}

/**
 * What a bundle loads from node_modules at run time: the external imports and requires esbuild recorded,
 * and the packages it resolves by name (`createRequire(…).resolve('typescript-language-server/…')`: the
 * language server runs as its own process, started by path, so no import names it).
 */
export function runtimePackagesOf(metafile, bundleText) {
  const needed = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (imported.external && isBareSpecifier(imported.path) && !isBuiltin(imported.path))
        needed.add(packageName(imported.path));
    }
  }
  const carried = carriedPackages(metafile);
  for (const [, specifier] of bundleText.matchAll(/\.resolve\("([^"]+)"\)/g)) {
    if (isBareSpecifier(specifier) && !isBuiltin(specifier) && !carried.has(packageName(specifier)))
      needed.add(packageName(specifier));
  }
  return needed;
}

/** The range each workspace package.json gives a dependency; two different ranges are a mistake to fix first. */
export function workspaceRanges() {
  const ranges = new Map();
  for (const name of readdirSync(path.join(REPO, 'packages'))) {
    const manifest = JSON.parse(readFileSync(path.join(REPO, 'packages', name, 'package.json'), 'utf8'));
    for (const [dependency, range] of Object.entries(manifest.dependencies ?? {})) {
      const known = ranges.get(dependency);
      if (known !== undefined && known !== range)
        throw new Error(`packages disagree on ${dependency}: ${known} and ${range}; give them one range`);
      ranges.set(dependency, range);
    }
  }
  return ranges;
}

/**
 * Each package the bundles need at run time, with its workspace range; one that no workspace package
 * declares is an error.
 */
export function runtimeDependencies(bundles, ranges = workspaceRanges()) {
  const needed = new Set();
  for (const { metafile, text } of Object.values(bundles)) {
    for (const name of runtimePackagesOf(metafile, text)) if (!Object.hasOwn(OPTIONAL_REQUIRES, name)) needed.add(name);
  }
  const dependencies = {};
  for (const name of [...needed].sort()) {
    if (!ranges.has(name))
      throw new Error(
        `the bundles load ${name} at run time but no packages/*/package.json declares it: declare it, or bundle it`,
      );
    dependencies[name] = ranges.get(name);
  }
  return dependencies;
}

/** The published package.json: the root's name, version and engines; dependencies from the bundles. */
export function packageManifest(bundles) {
  const root = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8'));
  return {
    name: root.name,
    version: root.version,
    description: root.description,
    keywords: ['typescript', 'javascript', 'code-navigation', 'lsp', 'mcp', 'cli', 'agents'],
    bin: { cn: 'bin/cn.cjs' },
    engines: root.engines,
    dependencies: runtimeDependencies(bundles),
  };
}

/** Writes the package's files into `stage`: bin/cn.cjs, dist/<bundles>, README.md, package.json. */
export async function stagePackage(stage) {
  // Bundled straight into the stage: packages/cli/dist may be in use by a running cn or test.
  const bundles = await bundleAll({ outDir: path.join(stage, 'dist') });
  mkdirSync(path.join(stage, 'bin'), { recursive: true });
  copyFileSync(path.join(REPO, 'packages/cli/bin/cn.cjs'), path.join(stage, 'bin/cn.cjs'));
  copyFileSync(path.join(REPO, 'README.md'), path.join(stage, 'README.md'));
  const manifest = packageManifest(bundles);
  writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Stages the package in a temporary directory and packs it into `outDir`; returns the tarball's path. */
export async function packPackage(outDir) {
  const stage = mkdtempSync(path.join(os.tmpdir(), 'cn-package-'));
  try {
    await stagePackage(stage);
    mkdirSync(outDir, { recursive: true });
    const packed = JSON.parse(
      execFileSync('npm', ['pack', stage, '--pack-destination', outDir, '--json', '--silent'], { encoding: 'utf8' }),
    );
    return path.join(outDir, packed[0].filename);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseScriptArgs('package', process.argv.slice(2), { out: { type: 'string', default: '.' } });
  console.log(await packPackage(path.resolve(values.out)));
}
