import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDaemonRecord as readRecordIn, stateDirectory } from '@cn/local-files';
import type { DaemonRecord, PortFile } from '@cn/protocol';

/** The engine under test: vitest.config.ts runs the e2e suite once per engine (CN_ENGINE reaches cn and its daemon). */
export const ENGINE: 'tsserver' | 'native' = process.env.CN_ENGINE === 'native' ? 'native' : 'tsserver';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CN_BIN = path.join(REPO, 'packages/cli/bin/cn.cjs');
export const PORT_FILE = '.ts-search-daemon.json';

export interface CnResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** Runs the built `cn` as a user would: a whole node process, real daemon, real port file. */
export function cn(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string; timeoutMs?: number } = {},
): Promise<CnResult> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CN_BIN, ...args],
      {
        cwd: options.cwd ?? REPO,
        env: { ...process.env, CN_IDLE_MINUTES: '10', CN_ENGINE: ENGINE, ...options.env },
        maxBuffer: 64 * 1024 * 1024,
        // A test of "never hangs" must end even when cn does hang: killed, it reports exit code 1.
        ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs, killSignal: 'SIGKILL' as const } : {}),
      },
      (error, stdout, stderr) => {
        const exitCode = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ stdout, stderr, exitCode });
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
    else child.stdin?.end();
  });
}

export function json<T = any>(result: CnResult): T {
  try {
    return JSON.parse(result.stdout) as T;
  } catch {
    throw new Error(
      `stdout is not JSON (exit ${result.exitCode}): ${result.stdout.slice(0, 500)} / stderr: ${result.stderr.slice(0, 500)}`,
    );
  }
}

/** A private copy of a fixture or example, so tests never write into the repository. */
/** The lines of the root's last daemon's log (from its last start) that hold `fragment`, without their times. */
export async function lastDaemonLogLines(root: string, fragment: string): Promise<string[]> {
  const { logFile } = json<{ logFile: string }>(await cn(['status', '--format', 'json', '--root', root]));
  const log = readFileSync(logFile, 'utf8');
  return log
    .slice(log.lastIndexOf('cn: modules loaded'))
    .split('\n')
    .filter((line) => line.includes(fragment))
    .map((line) => line.replace(/^\S+ /, ''));
}

export function copyProject(relativeSource: string): string {
  const target = mkdtempSync(path.join(os.tmpdir(), 'cn-e2e-'));
  // A port file left by someone's daemon in the source tree must not come along.
  cpSync(path.join(REPO, relativeSource), target, {
    recursive: true,
    filter: (source) => path.basename(source) !== PORT_FILE,
  });
  return target;
}

/** The root's port file as it is on disk (what a human sees: no token). */
export function readPortFile(root: string): PortFile | undefined {
  try {
    return JSON.parse(readFileSync(path.join(root, PORT_FILE), 'utf8'));
  } catch {
    return undefined;
  }
}

/** The daemon's private record in the root's state directory (the token, the process start), read as cn reads it. */
export function readDaemonRecord(root: string, env?: NodeJS.ProcessEnv): DaemonRecord | undefined {
  return readRecordIn(stateDirectory(root, { ...process.env, ...env }));
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function waitFor(check: () => boolean, timeoutMs = 15_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

/**
 * Stops the root's daemon (if any) and removes the copy. The pid to kill if cn stop failed comes from the
 * private record, never from the port file: a test may have planted one naming any process.
 */
export async function cleanUp(root: string, env?: NodeJS.ProcessEnv): Promise<void> {
  await cn(['stop', '--root', root], { env });
  const record = readDaemonRecord(root, env);
  if (record && record.root === root && isAlive(record.pid)) process.kill(record.pid, 'SIGKILL');
  rmSync(root, { recursive: true, force: true });
}
