import { closeSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CnError, daemonSetting, type DaemonSettingName, type EngineMode, type StatusResponse } from '@cn/core';
import type { DaemonRecord } from '@cn/protocol';
import {
  clearStaleStartLock,
  ensureStateDirectory,
  openPrivateAppend,
  releaseStartLock,
  removeReplaceablePortFile,
  stateDirectory,
  tryStartLock,
} from '@cn/local-files';
import { DAEMON_NODE_FLAGS, daemonArguments, daemonEntry } from './daemon-entry.js';
import { checkEngine } from './engine-request.js';
import { ConnectionFailure, endpointCall } from './http-call.js';
import { recordedDaemon } from './known-daemon.js';

export const HEALTH_TIMEOUT_MS = 3_000;
const START_TIMEOUT_MS = 60_000;
// Short: a cold call waits on this loop, and reading a small file is cheap.
const POLL_MS = 15;
/** A start lock older than this belongs to a client that died mid-start. */
const STALE_LOCK_MS = START_TIMEOUT_MS + 5_000;

/** The recorded daemon (known-daemon.ts), if it proves it holds the token within a few seconds. */
export async function findRunningDaemon(root: string): Promise<DaemonRecord | undefined> {
  const record = recordedDaemon(root);
  return record && (await statusOf(record)) ? record : undefined;
}

/** The daemon's /status, if it answers within `timeoutMs` with the proof of its token and its own pid. */
export async function statusOf(
  record: DaemonRecord,
  timeoutMs = HEALTH_TIMEOUT_MS,
): Promise<StatusResponse | undefined> {
  try {
    const status = await endpointCall(record, timeoutMs, 'status', undefined);
    return status.pid === record.pid ? status : undefined;
  } catch {
    return undefined;
  }
}

/** Settings a daemon takes when it starts (a running daemon keeps its own). */
export interface DaemonSettings {
  idleMinutes?: number;
  maxTsServerMemory?: number;
  /** Which engine a daemon started now runs; a running daemon with another one is refused (engine-request.ts). */
  engine?: EngineMode;
  /**
   * Run the project's own TypeScript and tsserver plugins (`cn start --trust-project`). CN_TRUST_PROJECT=1 reaches
   * a daemon any command starts through the environment it inherits.
   */
  trustProject?: boolean;
}

/**
 * Finds the root's daemon or starts one. Many clients may arrive at once: one takes the start lock
 * (an exclusive file in the state dir, never in the project) and spawns; the others wait for the
 * port file it leads to.
 */
export async function connectOrStart(root: string, settings: DaemonSettings = {}): Promise<DaemonRecord> {
  const running = await findRunningDaemon(root);
  if (running) {
    checkEngine(running, settings.engine);
    return running;
  }
  checkSettings(settings);
  const stateDir = stateDirectory(root);
  ensureStateDirectory(stateDir);
  const lockPath = path.join(stateDir, 'start.lock');
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (tryStartLock(lockPath)) {
      try {
        const started = (await findRunningDaemon(root)) ?? (await spawnDaemon(root, stateDir, deadline, settings));
        checkEngine(started, settings.engine);
        return started;
      } finally {
        releaseStartLock(lockPath);
      }
    }
    clearStaleStartLock(lockPath, STALE_LOCK_MS);
    await sleep(POLL_MS);
    const started = await findRunningDaemon(root);
    if (started) {
      checkEngine(started, settings.engine);
      return started;
    }
  }
  throw new CnError(
    'unavailable',
    `the daemon for ${root} did not start within ${START_TIMEOUT_MS / 1000} s`,
    `see ${path.join(stateDir, 'daemon.log')}`,
  );
}

/**
 * The settings a new daemon would read from the environment (those not given as flags), checked with the daemon's
 * own ranges before it starts: one it refused made it exit at once, and the command said only "the daemon exited
 * while starting"; now it is bad input, exit 2, naming the variable.
 */
function checkSettings(settings: DaemonSettings, env: NodeJS.ProcessEnv = process.env): void {
  const flags: Record<DaemonSettingName, number | undefined> = {
    idleMinutes: settings.idleMinutes,
    maxTsServerMemory: settings.maxTsServerMemory,
    requestTimeoutMs: undefined,
  };
  for (const [name, flag] of Object.entries(flags) as Array<[DaemonSettingName, number | undefined]>)
    if (flag === undefined) daemonSetting(name, undefined, env);
}

async function spawnDaemon(
  root: string,
  stateDir: string,
  deadline: number,
  settings: DaemonSettings,
): Promise<DaemonRecord> {
  // A port file left by a killed daemon, or one cn never wrote, would only mislead the next reader;
  // another user's stays.
  removeReplaceablePortFile(root);
  const logFile = path.join(stateDir, 'daemon.log');
  const logFd = openPrivateAppend(logFile);
  // Loaded here, not at the top: only a start needs them, and every warm call would pay for them.
  const [{ spawn }, entry] = await Promise.all([import('node:child_process'), daemonEntry()]);
  const flags = [
    ...(settings.idleMinutes !== undefined ? ['--idle-minutes', String(settings.idleMinutes)] : []),
    ...(settings.maxTsServerMemory !== undefined ? ['--max-ts-memory', String(settings.maxTsServerMemory)] : []),
    ...(settings.engine !== undefined ? ['--engine', settings.engine] : []),
    ...(settings.trustProject ? ['--trust-project'] : []),
  ];
  const child = spawn(process.execPath, [...DAEMON_NODE_FLAGS, ...daemonArguments(entry, root, stateDir), ...flags], {
    detached: true,
    stdio: ['ignore', logFd, logFd],
    cwd: stateDir,
  });
  closeSync(logFd);
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  child.unref();
  while (Date.now() < deadline) {
    if (exited !== undefined) {
      throw new CnError(
        'unavailable',
        `the daemon exited while starting (code ${exited}): ${lastLogLine(logFile)}`,
        `see ${logFile}`,
      );
    }
    if (recordedDaemon(root)?.pid === child.pid) {
      const running = await findRunningDaemon(root);
      if (running) return running;
    }
    await sleep(POLL_MS);
  }
  child.kill('SIGTERM');
  throw new CnError(
    'unavailable',
    `the daemon did not open its port within ${START_TIMEOUT_MS / 1000} s`,
    `see ${logFile}`,
  );
}

function lastLogLine(logFile: string): string {
  try {
    const lines = readFileSync(logFile, 'utf8').trim().split('\n');
    return lines[lines.length - 1]?.replace(/^\S+ /, '') ?? '';
  } catch {
    return 'no log';
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export { ConnectionFailure };
