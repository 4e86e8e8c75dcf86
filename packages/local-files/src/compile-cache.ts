import { isAscii } from 'node:buffer';
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  unlinkSync,
  writeFileSync,
  type BigIntStats,
} from 'node:fs';
import { Module, createRequire } from 'node:module';
import * as path from 'node:path';
import { Script } from 'node:vm';
import { cacheFileBytes, verifiedPayload } from './cache-integrity.js';
import { preparePrivateDirectory } from './directory-check.js';
import { ownedByUs } from './ownership.js';
import { userStateDirectory } from './state-directory.js';

/** Node's own CommonJS wrapper: the bundle sees exactly the variables `require()` would give it. */
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) { ';
const WRAPPER_TAIL = '\n})';
/** Older caches kept per bundle besides the current one: a few builds or node versions used in turn. */
const KEEP_OLDER = 3;
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/**
 * `<state base>/cn-<user>/compile-cache`, if both levels are (or are now) private directories of this
 * user; undefined (no cache) otherwise, or when NODE_DISABLE_COMPILE_CACHE is set, as for node's own.
 */
export function compileCacheDirectory(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  const userDirectory = userStateDirectory(env);
  const cacheDirectory = path.join(userDirectory, 'compile-cache');
  try {
    if (preparePrivateDirectory(userDirectory) || preparePrivateDirectory(cacheDirectory)) return undefined;
  } catch {
    return undefined;
  }
  return cacheDirectory;
}

/**
 * Runs a CommonJS bundle as `require()` would, but compiled with V8's code cache for it, kept in
 * `cacheDir` (a private directory of this user; undefined runs without one). A one-shot `cn` spends
 * much of its own start-up compiling its bundle; with the cache V8 deserializes the code instead, the
 * functions the last uncached run compiled lazily included (docs/performance.md, "Start-up"). Node 22
 * has `module.enableCompileCache()`; this does the same on every supported node, in a directory cn
 * checks. A cache is keyed by the bundle's size, mtime and inode and by the node version, so a rebuilt
 * bundle or another node never reads a stale one (V8 itself refuses data of another V8, flags or
 * source length). V8 does not check the rest, so the data is handed to it only once it passes our own check
 * (cache-integrity.ts); a missing, damaged, foreign or rejected cache is written anew when the process
 * exits. The cache is only ever an optimization: anything wrong with it means compiling as usual.
 */
export function runBundleWithCompileCache(bundle: string, cacheDir: string | undefined): void {
  const module = { exports: {}, filename: bundle, id: bundle, loaded: false };
  runWithCompileCache(bundle, cacheDir, module);
  module.loaded = true;
}

/**
 * `require(file)` of a CommonJS module, compiled as runBundleWithCompileCache compiles a bundle: the module is put in
 * require's cache under its own path, so every later `require()` of it, from anywhere, has the very same exports. For
 * the TypeScript compiler API (packages/lsp/src/typescript-api.cts): 9 MB that node compiles anew on each daemon's
 * start and in each project-discovery child, where it held up a cold `cn find` (docs/performance.md).
 */
export function requireWithCompileCache(file: string, cacheDir: string | undefined): unknown {
  const cache = createRequire(file).cache;
  const loaded = cache[file];
  if (loaded !== undefined) return loaded.exports;
  const module = new Module(file);
  module.filename = file;
  // In the cache before it runs, as require() does; out again if it throws, so the next require() tries anew.
  cache[file] = module;
  try {
    runWithCompileCache(file, cacheDir, module);
  } catch (error) {
    delete cache[file];
    throw error;
  }
  module.loaded = true;
  return module.exports;
}

/** Compiles `file` with the code cache (written at exit when there was none that V8 took) and runs it as `module`. */
function runWithCompileCache(file: string, cacheDir: string | undefined, module: { exports: unknown }): void {
  const { source, stat } = readBundle(file);
  const cacheFile = cacheDir === undefined ? undefined : path.join(cacheDir, cacheName(file, stat));
  const cachedData = cacheFile === undefined ? undefined : readCache(cacheFile);
  const script = compile(WRAPPER_HEAD + source + WRAPPER_TAIL, file, cachedData);
  if (cacheFile !== undefined && (cachedData === undefined || script.cachedDataRejected !== false)) {
    // At exit, not now: the data then holds the functions this run compiled lazily as well.
    process.once('exit', () => writeCache(cacheFile, cachePrefix(file), script));
  }
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
}

/** With the cache if V8 takes it; should it throw on the data instead, without. */
function compile(code: string, filename: string, cachedData: Buffer | undefined): Script {
  if (cachedData !== undefined) {
    try {
      return new Script(code, { filename, cachedData });
    } catch {
      // Compiled again below, and the cache written anew at exit.
    }
  }
  return new Script(code, { filename });
}

function readBundle(bundle: string): { source: string; stat: BigIntStats } {
  const fd = openSync(bundle, 'r');
  try {
    const stat = fstatSync(fd, { bigint: true });
    const bytes = readFileSync(fd);
    // ASCII (cn's bundles, typescript.js) read as Latin-1 is the same string without UTF-8's decoding: 9 MB in ~10 ms
    // instead of 80-150 on a 2-core VM.
    return { stat, source: isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8') };
  } finally {
    closeSync(fd);
  }
}

/** `cn-cli-<size>-<mtime ns>-<inode>-<node version>-<arch>.v8`: names a cache by what it is valid for. */
export function cacheName(bundle: string, stat: BigIntStats): string {
  const [size, mtime, inode] = [stat.size, stat.mtimeNs, stat.ino].map(String);
  return `${cachePrefix(bundle)}${size}-${mtime}-${inode}-${process.version}-${process.arch}.v8`;
}

function cachePrefix(bundle: string): string {
  return `${path.basename(bundle, path.extname(bundle))}-`;
}

/**
 * V8's data from the cache if it is a regular file of ours that nobody else can write (never through a link)
 * and it passes the integrity check. A damaged file is removed: written anew at exit, it would otherwise stay for as
 * long as a rename over it fails.
 */
function readCache(file: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, READ_FLAGS);
  } catch {
    return undefined;
  }
  let bytes: Buffer;
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || !ownedByUs(stat) || (stat.mode & 0o022) !== 0) return undefined;
    bytes = readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
  const payload = verifiedPayload(bytes);
  if (payload === undefined) unlinkQuietly(file);
  return payload;
}

/** Written beside under a name of this process (exclusive, 0600), then renamed over: readers see all or nothing. */
function writeCache(file: string, prefix: string, script: Script): void {
  const temporary = `${file}.${process.pid}.tmp`;
  let created = false;
  try {
    const data = script.createCachedData();
    const fd = openSync(temporary, CREATE_FLAGS, 0o600);
    created = true;
    try {
      writeFileSync(fd, cacheFileBytes(data));
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
    created = false;
    pruneOlderCaches(file, prefix);
  } catch {
    // No cache this time (a full disk, a racing cn): the next run compiles and tries again.
    if (created) unlinkQuietly(temporary);
  }
}

/** Keeps the newest few caches of the same bundle beside `current`, so rebuilds do not pile up. */
function pruneOlderCaches(current: string, prefix: string): void {
  const dir = path.dirname(current);
  const older = readdirSync(dir)
    // A digit after the prefix: `cn-` must not take `cn-cli-…` for one of its own.
    .filter((name) => name.startsWith(prefix) && /^\d.*\.v8$/.test(name.slice(prefix.length)))
    .filter((name) => path.join(dir, name) !== current)
    .map((name) => ({ file: path.join(dir, name), mtime: lstatSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const { file } of older.slice(KEEP_OLDER)) unlinkQuietly(file);
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Gone already, or another cn is replacing it.
  }
}
