import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject } from '../../helpers/cn.js';

/**
 * The daemon's bundle and the TypeScript compiler API are compiled from V8's code cache (cn-daemon.cjs runs
 * cn-daemon-main.cjs through it; packages/lsp/src/typescript-api.cts loads typescript.js through it): a second daemon
 * takes both caches as the first wrote them, and a damaged one costs a compile, never an answer.
 */
describe("the daemon's compile cache", () => {
  const root = copyProject('test/fixtures/ts-multi');
  const runtime = mkdtempSync(path.join(os.tmpdir(), 'cn-daemon-cache-'));
  const env = { XDG_RUNTIME_DIR: runtime, NODE_DISABLE_COMPILE_CACHE: '' };
  afterAll(async () => {
    await cleanUp(root, env);
    rmSync(runtime, { recursive: true, force: true });
  });

  const cacheDir = () =>
    path.join(
      runtime,
      readdirSync(runtime).find((name) => name.startsWith('cn-'))!,
      'compile-cache',
    );
  const cacheOf = (prefix: string) => {
    const names = readdirSync(cacheDir()).filter(
      (name) => name.startsWith(prefix) && /^\d/.test(name.slice(prefix.length)),
    );
    expect({ prefix, names: names.length }).toEqual({ prefix, names: 1 });
    return path.join(cacheDir(), names[0]!);
  };
  let stateDir: string | undefined;
  /**
   * A cold find (a daemon of its own, stopped after), which parses the references' files with the compiler API: what
   * the daemon before saved of them (their syntax, the project's file list) is removed first, or the find would not
   * need the compiler API at all.
   */
  const coldFind = async () => {
    for (const saved of ['reference-sites.json', 'search-syntax.json', 'project-files.json'])
      if (stateDir) rmSync(path.join(stateDir, saved), { force: true });
    const found = await cn(['find', 'User', '--root', root, '--format', 'json'], { env, timeoutMs: 60_000 });
    expect({ exitCode: found.exitCode, stderr: found.stderr }).toEqual({ exitCode: 0, stderr: '' });
    const status = await cn(['status', '--root', root, '--format', 'json'], { env });
    stateDir = path.dirname((JSON.parse(status.stdout) as { logFile: string }).logFile);
    expect((await cn(['stop', '--root', root], { env })).exitCode).toBe(0);
    return found.stdout;
  };

  it('a second daemon reads both caches as the first wrote them, and answers the same', async () => {
    const first = await coldFind();
    const caches = ['cn-daemon-main-', 'typescript-'];
    const written = caches.map((prefix) => readFileSync(cacheOf(prefix)));
    expect(await coldFind()).toBe(first);
    // Accepted by V8 in every process that loaded them (the daemon, its project-discovery child): not rewritten.
    // (Compared as booleans: a deep equality of 10 MB of bytes takes vitest minutes.)
    expect(caches.map((prefix, index) => readFileSync(cacheOf(prefix)).equals(written[index]!))).toEqual([true, true]);
  });

  it('a damaged compiler-API cache is compiled around and written anew', async () => {
    const first = await coldFind();
    const file = cacheOf('typescript-');
    const damaged = Buffer.from(readFileSync(file)).fill(0, 100, 5000);
    writeFileSync(file, damaged);
    expect(await coldFind()).toBe(first);
    expect(readFileSync(cacheOf('typescript-')).equals(damaged)).toBe(false);
  });
});
