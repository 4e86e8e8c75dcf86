import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { daemonSetting, type DaemonSettingName, type EngineMode } from '@cn/core';
import { stateDirectory } from '@cn/local-files';

export interface DaemonOptions {
  /** auto (default), native or tsserver: `--engine`, else CN_ENGINE. */
  engine: EngineMode;
  root: string;
  stateDir: string;
  idleMinutes: number;
  maxTsServerMemory?: number;
  requestTimeoutMs: number;
  /** Run the project's own TypeScript and tsserver plugins: `--trust-project`, else CN_TRUST_PROJECT=1. */
  trustProject: boolean;
}

export const DEFAULT_IDLE_MINUTES = 30;
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

/** The command line is wrong: main prints the message as one line and exits 2. */
export class DaemonUsageError extends Error {}

const OPTIONS = {
  root: { type: 'string' },
  'state-dir': { type: 'string' },
  'idle-minutes': { type: 'string' },
  'max-ts-memory': { type: 'string' },
  'request-timeout': { type: 'string' },
  engine: { type: 'string' },
  'trust-project': { type: 'boolean' },
} as const;

const ENGINE_MODES: readonly EngineMode[] = ['auto', 'native', 'tsserver'];

/**
 * `node daemon/main.js --root DIR [--state-dir DIR] [--idle-minutes N] [--max-ts-memory MB] [--request-timeout MS]
 * [--engine auto|native|tsserver] [--trust-project]`.
 * Environment variables give the same settings to daemons started lazily by a CLI.
 */
export function parseDaemonOptions(argv: string[], env: NodeJS.ProcessEnv): DaemonOptions {
  const flags = parseFlags(argv);
  const root = flags.root;
  if (!root) throw new DaemonUsageError('--root is required');
  const absoluteRoot = path.resolve(root);
  const engine = flags.engine ?? (env.CN_ENGINE || 'auto');
  if (!ENGINE_MODES.includes(engine as EngineMode))
    throw new DaemonUsageError(`engine must be auto, native or tsserver, not '${engine}'`);
  return {
    engine: engine as EngineMode,
    root: absoluteRoot,
    stateDir: flags['state-dir'] ?? stateDirectory(absoluteRoot),
    idleMinutes: setting('idleMinutes', flags['idle-minutes'], env) ?? DEFAULT_IDLE_MINUTES,
    maxTsServerMemory: setting('maxTsServerMemory', flags['max-ts-memory'], env),
    requestTimeoutMs: setting('requestTimeoutMs', flags['request-timeout'], env) ?? DEFAULT_REQUEST_TIMEOUT_MS,
    trustProject: flags['trust-project'] === true || isTrustProject(env),
  };
}

/** The range is core's (DAEMON_SETTINGS), which the client checked too; out of it is a usage error here. */
function setting(name: DaemonSettingName, flag: string | undefined, env: NodeJS.ProcessEnv): number | undefined {
  try {
    return daemonSetting(name, flag, env);
  } catch (error) {
    throw new DaemonUsageError(error instanceof Error ? error.message : String(error));
  }
}

function parseFlags(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    // node's messages go on with advice about '--'; the first sentence names the argument.
    const message = error instanceof Error ? error.message.split(/\. /)[0] : String(error);
    throw new DaemonUsageError(message.charAt(0).toLowerCase() + message.slice(1));
  }
}

/** CN_TRUST_PROJECT=1 (or true): the user's environment, never a file of the project. */
export function isTrustProject(env: NodeJS.ProcessEnv): boolean {
  return env.CN_TRUST_PROJECT === '1' || env.CN_TRUST_PROJECT === 'true';
}
