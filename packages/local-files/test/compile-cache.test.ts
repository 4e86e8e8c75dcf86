import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_HEADER_BYTES, cacheFileBytes, verifiedPayload } from '../src/cache-integrity.js';
import { compileCacheDirectory } from '../src/compile-cache.js';

// The cache is written when the process exits, so each run is a child process running tsc's output.
const COMPILE_CACHE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist/compile-cache.js');

let base: string;
let cacheDir: string;
let bundle: string;
beforeEach(() => {
  base = mkdtempSync(path.join(os.tmpdir(), 'cn-compile-cache-'));
  cacheDir = path.join(base, 'cache');
  mkdirSync(cacheDir, { mode: 0o700 });
  bundle = path.join(base, 'tool.cjs');
  writeBundle('first');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

/** A bundle that prints what node's CommonJS wrapper hands it, and resolves a built-in and a sibling. */
function writeBundle(word: string): void {
  writeFileSync(path.join(base, 'sibling.cjs'), 'module.exports = "sibling";\n');
  writeFileSync(
    bundle,
    `const answer = () => [${JSON.stringify(word)}, require('node:path').basename(__filename), require('./sibling.cjs'), __dirname === ${JSON.stringify(base)}, typeof module.exports].join(' ');\n` +
      'process.stdout.write(answer());\n',
  );
}

/** Runs the bundle through the cache in `dir` (null: with none). */
function run(dir: string | null = cacheDir): string {
  const script = `import(${JSON.stringify(COMPILE_CACHE)}).then((m) => m.runBundleWithCompileCache(${JSON.stringify(bundle)}, ${dir === null ? 'undefined' : JSON.stringify(dir)}))`;
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
}

const caches = () => readdirSync(cacheDir).filter((name) => name.endsWith('.v8'));

describe('runBundleWithCompileCache', () => {
  it('runs the bundle as require() would, writes its cache 0600 at exit, and reads it the next time without rewriting it', () => {
    expect(run()).toBe('first tool.cjs sibling true object');
    expect(caches()).toEqual([
      expect.stringMatching(new RegExp(`^tool-\\d+-\\d+-\\d+-${process.version}-${process.arch}\\.v8$`)),
    ]);
    const cache = path.join(cacheDir, caches()[0]);
    expect(lstatSync(cache).mode & 0o777).toBe(0o600);
    const written = readFileSync(cache);
    utimesSync(cache, new Date(2001, 1, 1), new Date(2001, 1, 1));
    expect(run()).toBe('first tool.cjs sibling true object');
    // Accepted, so left alone: same bytes, same time.
    expect(readFileSync(cache)).toEqual(written);
    expect(lstatSync(cache).mtime.getFullYear()).toBe(2001);
    expect(readdirSync(cacheDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('a damaged cache is never handed to V8: removed, compiled from the bundle, written anew', () => {
    run();
    const cache = path.join(cacheDir, caches()[0]);
    writeFileSync(cache, 'not V8 code cache at all');
    expect(run()).toBe('first tool.cjs sibling true object');
    expect(readFileSync(cache, 'utf8')).not.toBe('not V8 code cache at all');
    // Its header whole, a range of V8's bytes zeroed: V8 crashes on such data (e2e compile-cache-corruption).
    const zeroed = Buffer.from(readFileSync(cache)).fill(0, CACHE_HEADER_BYTES + 64, CACHE_HEADER_BYTES + 1064);
    writeFileSync(cache, zeroed);
    expect(run()).toBe('first tool.cjs sibling true object');
    expect(readFileSync(cache).equals(zeroed)).toBe(false);
    expect(verifiedPayload(readFileSync(cache))).toBeDefined();
  });

  it('a rebuilt bundle gets a cache of its own, never the old one', () => {
    expect(run()).toBe('first tool.cjs sibling true object');
    writeBundle('second, longer');
    expect(run()).toBe('second, longer tool.cjs sibling true object');
    expect(caches()).toHaveLength(2);
  });

  it('never reads or writes through a symlink planted at the cache name', () => {
    run();
    const cache = path.join(cacheDir, caches()[0]);
    rmSync(cache);
    const victim = path.join(base, 'victim');
    writeFileSync(victim, 'precious');
    symlinkSync(victim, cache);
    expect(run()).toBe('first tool.cjs sibling true object');
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    // The new cache replaced the link itself.
    expect(lstatSync(cache).isFile()).toBe(true);
  });

  it('keeps the three newest older caches of the bundle and leaves other bundles’ caches alone', () => {
    const older = [1, 2, 3, 4, 5].map((n) => path.join(cacheDir, `tool-${n}-1-1-v0-x64.v8`));
    older.forEach((file, index) => {
      writeFileSync(file, 'old');
      utimesSync(file, new Date(2000, 1, index + 1), new Date(2000, 1, index + 1));
    });
    const otherBundle = path.join(cacheDir, 'tool-cli-1-1-1-v0-x64.v8');
    writeFileSync(otherBundle, 'other');
    run();
    const kept = caches();
    expect(kept).toHaveLength(5);
    expect(kept).toEqual(
      expect.arrayContaining(['tool-3-1-1-v0-x64.v8', 'tool-4-1-1-v0-x64.v8', 'tool-5-1-1-v0-x64.v8']),
    );
    expect(kept).toContain('tool-cli-1-1-1-v0-x64.v8');
  });

  it('reads a bundle that is not ASCII as UTF-8', () => {
    writeBundle('naïve → ✓');
    expect(run()).toBe('naïve → ✓ tool.cjs sibling true object');
    expect(run()).toBe('naïve → ✓ tool.cjs sibling true object');
  });

  it('without a directory it runs the bundle and writes nothing', () => {
    expect(run(null)).toBe('first tool.cjs sibling true object');
    expect(readdirSync(cacheDir)).toEqual([]);
  });
});

describe('requireWithCompileCache', () => {
  /** A module that counts its evaluations, required through the cache and then by plain require() twice. */
  function requireTwice(dir: string | null = cacheDir): string {
    const library = path.join(base, 'library.cjs');
    writeFileSync(
      library,
      'globalThis.evaluations = (globalThis.evaluations ?? 0) + 1;\nexports.filename = __filename;\n',
    );
    const script = `import(${JSON.stringify(COMPILE_CACHE)}).then((m) => {
      const loaded = m.requireWithCompileCache(${JSON.stringify(library)}, ${dir === null ? 'undefined' : JSON.stringify(dir)});
      const again = require(${JSON.stringify(library)});
      const thrice = m.requireWithCompileCache(${JSON.stringify(library)}, undefined);
      process.stdout.write([loaded === again, again === thrice, globalThis.evaluations, require('node:path').basename(loaded.filename)].join(' '));
    })`;
    return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  }

  it('evaluates the module once: every later require() of it, cached or not, has the same exports', () => {
    expect(requireTwice()).toBe('true true 1 library.cjs');
    expect(caches()).toEqual([expect.stringMatching(/^library-\d+-\d+-\d+-v[\d.]+-\w+\.v8$/)]);
    // The next process reads the cache V8 wrote, and the answer is the same.
    const written = readFileSync(path.join(cacheDir, caches()[0]));
    expect(requireTwice()).toBe('true true 1 library.cjs');
    expect(readFileSync(path.join(cacheDir, caches()[0]))).toEqual(written);
    expect(requireTwice(null)).toBe('true true 1 library.cjs');
  });

  it('a module that throws is left out of require’s cache, so the next require() runs it anew', () => {
    const failing = path.join(base, 'failing.cjs');
    writeFileSync(failing, 'globalThis.tries = (globalThis.tries ?? 0) + 1;\nthrow new Error("broken");\n');
    const script = `import(${JSON.stringify(COMPILE_CACHE)}).then((m) => {
      try { m.requireWithCompileCache(${JSON.stringify(failing)}, undefined); } catch (error) { process.stdout.write(error.message + ' '); }
      try { require(${JSON.stringify(failing)}); } catch (error) { process.stdout.write(error.message + ' '); }
      process.stdout.write(String(globalThis.tries));
    })`;
    expect(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })).toBe('broken broken 2');
  });
});

describe('compileCacheDirectory', () => {
  const user = () => readdirSync(base).find((name) => name.startsWith('cn-'))!;

  it('is <runtime dir>/cn-<user>/compile-cache, both levels created 0700', () => {
    const dir = compileCacheDirectory({ XDG_RUNTIME_DIR: base });
    expect(dir).toBe(path.join(base, user(), 'compile-cache'));
    for (const level of [path.dirname(dir!), dir!]) expect(lstatSync(level).mode & 0o777).toBe(0o700);
  });

  it('is none when a level is not private to this user, or when NODE_DISABLE_COMPILE_CACHE is set', () => {
    expect(compileCacheDirectory({ XDG_RUNTIME_DIR: base, NODE_DISABLE_COMPILE_CACHE: '1' })).toBeUndefined();
    const dir = compileCacheDirectory({ XDG_RUNTIME_DIR: base })!;
    chmodSync(path.dirname(dir), 0o777);
    expect(compileCacheDirectory({ XDG_RUNTIME_DIR: base })).toBeUndefined();
    chmodSync(path.dirname(dir), 0o700);
    rmSync(dir, { recursive: true });
    symlinkSync(cacheDir, dir);
    expect(compileCacheDirectory({ XDG_RUNTIME_DIR: base })).toBeUndefined();
  });
});

describe('the cache integrity check', () => {
  const payload = Buffer.from(Array.from({ length: 4099 }, (_, i) => (i * 7919) % 251 || 1));
  const file = () => cacheFileBytes(payload);

  it('passes the file it wrote, from any byte offset', () => {
    expect(verifiedPayload(file())).toEqual(payload);
    const shifted = Buffer.alloc(file().length + 1).subarray(1);
    file().copy(shifted);
    expect(verifiedPayload(shifted)).toEqual(payload);
  });

  it('catches every single changed byte, any cut, a zeroed range, and a file without the header', () => {
    for (let at = 0; at < file().length; at += 1) {
      const damaged = file();
      damaged[at] ^= 1 << (at % 8);
      expect(verifiedPayload(damaged)).toBeUndefined();
    }
    for (let length = 0; length < file().length; length += 97)
      expect(verifiedPayload(file().subarray(0, length))).toBeUndefined();
    for (const [from, to] of [
      [CACHE_HEADER_BYTES + 10, CACHE_HEADER_BYTES + 4000],
      [100, 8100],
    ])
      expect(verifiedPayload(file().fill(0, from, to))).toBeUndefined();
    expect(verifiedPayload(payload)).toBeUndefined();
  });
});
