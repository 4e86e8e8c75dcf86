import * as path from 'node:path';
import { stateDirectory } from './local-files/index.js';

export interface DaemonOptions {
  root: string;
  stateDir: string;
  idleMinutes: number;
  maxTsServerMemory?: number;
  requestTimeoutMs: number;
}

export const DEFAULT_IDLE_MINUTES = 30;
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

/**
 * `node daemon/main.js --root DIR [--idle-minutes N] [--max-ts-memory MB] [--request-timeout MS]`.
 * Environment variables give the same settings to daemons started lazily by a CLI.
 */
export function parseDaemonOptions(argv: string[], env: NodeJS.ProcessEnv): DaemonOptions {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const match = /^--([\w-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!match) throw new Error(`unexpected argument '${argv[i]}'`);
    flags.set(match[1], match[2] ?? argv[++i] ?? '');
  }
  const root = flags.get('root');
  if (!root) throw new Error('--root is required');
  const absoluteRoot = path.resolve(root);
  return {
    root: absoluteRoot,
    stateDir: flags.get('state-dir') ?? stateDirectory(absoluteRoot),
    idleMinutes: numberSetting(flags.get('idle-minutes') ?? env.CN_IDLE_MINUTES, DEFAULT_IDLE_MINUTES, 'idle minutes'),
    maxTsServerMemory: optionalNumber(flags.get('max-ts-memory') ?? env.CN_MAX_TS_MEMORY, 'tsserver memory'),
    requestTimeoutMs: numberSetting(flags.get('request-timeout') ?? env.CN_REQUEST_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS, 'request timeout'),
  };
}

function numberSetting(text: string | undefined, fallback: number, what: string): number {
  return optionalNumber(text, what) ?? fallback;
}

function optionalNumber(text: string | undefined, what: string): number | undefined {
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${what} must be a number of 0 or more, not '${text}'`);
  return value;
}
