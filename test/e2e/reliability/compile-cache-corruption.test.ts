import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cn } from '../../helpers/cn.js';

/**
 * V8 trusts the code cache it is handed: damaged bytes crashed every later `cn` (exit 139, V8 fatal errors)
 * until someone deleted the file. Each run here uses a private cache directory (XDG_RUNTIME_DIR).
 */
describe("the CLI's compile cache, damaged on disk", () => {
  let runtime: string;
  let env: NodeJS.ProcessEnv;
  beforeEach(() => {
    runtime = mkdtempSync(path.join(os.tmpdir(), 'cn-cache-damage-'));
    env = { XDG_RUNTIME_DIR: runtime, NODE_DISABLE_COMPILE_CACHE: '' };
  });
  afterEach(() => rmSync(runtime, { recursive: true, force: true }));

  const cacheDir = () => path.join(runtime, readdirSync(runtime)[0], 'compile-cache');
  const cacheFile = () => {
    const names = readdirSync(cacheDir()).filter((name) => name.startsWith('cn-cli-') && name.endsWith('.v8'));
    expect(names).toHaveLength(1);
    return path.join(cacheDir(), names[0]);
  };
  /** Runs `cn --version`, which goes through the launcher and the whole CLI bundle; it must answer as usual. */
  const answers = async (what: string) => {
    const result = await cn(['--version'], { env, timeoutMs: 30_000 });
    expect({ what, exitCode: result.exitCode, stderr: result.stderr }).toEqual({ what, exitCode: 0, stderr: '' });
    expect(result.stdout).toMatch(/^cn\/\d+\.\d+\.\d+ /);
  };

  /** A seeded generator (mulberry32): the same corruptions on every run, so a failure can be replayed. */
  function random(seed: number): () => number {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  const damages: Array<[string, (bytes: Buffer, next: () => number) => Buffer]> = [
    ['2,000 zeroed bytes in the middle', (bytes) => bytes.fill(0, bytes.length >> 1, (bytes.length >> 1) + 2000)],
    ['zeroed entirely', (bytes) => bytes.fill(0)],
    ['cut in half', (bytes) => bytes.subarray(0, bytes.length >> 1)],
    ['cut to nothing', () => Buffer.alloc(0)],
    [
      'one flipped bit',
      (bytes, next) => {
        bytes[Math.floor(next() * bytes.length)] ^= 1 << Math.floor(next() * 8);
        return bytes;
      },
    ],
  ];

  it.each(damages)('%s: cn answers (exit 0), and the next run reads a cache it rewrote', async (what, damage) => {
    await answers('a first run writes the cache');
    const file = cacheFile();
    const damaged = damage(Buffer.from(readFileSync(file)), random(7));
    writeFileSync(file, damaged);
    await answers(what);
    const rewritten = readFileSync(cacheFile());
    expect(rewritten.equals(damaged)).toBe(false);
    await answers('after the rewrite');
    // Verified and used: left as it was.
    expect(readFileSync(cacheFile()).equals(rewritten)).toBe(true);
  });

  it('30 random corruptions (bytes overwritten, bits flipped, ranges zeroed, truncated): cn answers after each', async () => {
    const next = random(22);
    await answers('a first run writes the cache');
    for (let round = 0; round < 30; round++) {
      const file = cacheFile();
      const bytes = Buffer.from(readFileSync(file));
      const at = Math.floor(next() * bytes.length);
      const kind = Math.floor(next() * 4);
      const until = (length: number) => Math.min(bytes.length, at + length);
      let damaged: Buffer;
      if (kind === 0) damaged = bytes.fill(Math.floor(next() * 256), at, until(1 + Math.floor(next() * 64)));
      else if (kind === 1) {
        for (let flips = 0; flips < 1 + next() * 8; flips++)
          bytes[Math.floor(next() * bytes.length)] ^= 1 << Math.floor(next() * 8);
        damaged = bytes;
      } else if (kind === 2) damaged = bytes.fill(0, at, until(Math.floor(next() * 4096)));
      else damaged = bytes.subarray(0, at);
      writeFileSync(file, damaged);
      await answers(`round ${round}: kind ${kind} at ${at} of ${bytes.length}`);
    }
  }, 120_000);
});
