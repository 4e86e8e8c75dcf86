import { escapeControls } from '../format/control-characters.js';
import { badInput } from './errors.js';

/** node's setTimeout fires at once (after 1 ms, with a warning) for any longer delay. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** How much of a refused value the message quotes. */
const MAX_QUOTED = 40;

export interface NumberRange {
  min: number;
  /** Absent: no bound above. */
  max?: number;
  whole: boolean;
}

/**
 * A number a user typed (a flag, an environment variable), in decimal (`1e3`, `0x10`, `''` and ` 5` are not what
 * anyone types for a count), within its range; else one bad-input line naming where it came from.
 */
export function numberIn(value: unknown, name: string, range: NumberRange): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : JSON.stringify(value);
  const decimal = range.whole ? /^[+-]?\d+$/ : /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
  const number = decimal.test(text) ? Number(text) : Number.NaN;
  if (number >= range.min && (range.max === undefined || number <= range.max)) return number;
  const what = range.whole ? 'a whole number' : 'a number';
  const bounds = range.max === undefined ? `of ${range.min} or more` : `from ${range.min} to ${range.max}`;
  const quoted = escapeControls(text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text);
  throw badInput(`${name} takes ${what} ${bounds}, not '${quoted}'`);
}

export interface DaemonSetting extends NumberRange {
  /** The daemon's flag (and `cn start`'s, where it has one). */
  flag: string;
  env: string;
}

/**
 * The daemon's numeric settings, for the CLI (which checks them before it starts a daemon) and the daemon (which
 * checks them again as it starts): one range each, whichever way it is given. Idle minutes are bounded by node's
 * longest timer (35,791 minutes, 24.8 days): 40,000 overflowed it, and the daemon left at once.
 */
export const DAEMON_SETTINGS = {
  idleMinutes: {
    flag: '--idle-minutes',
    env: 'CN_IDLE_MINUTES',
    min: 0,
    max: Math.floor(MAX_TIMER_MS / 60_000),
    whole: false,
  },
  // Below 16 MB neither engine loads a project; over 1 TiB GOMEMLIMIT stops being a number Go reads.
  maxTsServerMemory: { flag: '--max-ts-memory', env: 'CN_MAX_TS_MEMORY', min: 16, max: 1_048_576, whole: true },
  requestTimeoutMs: { flag: '--request-timeout', env: 'CN_REQUEST_TIMEOUT_MS', min: 1, max: MAX_TIMER_MS, whole: true },
} as const satisfies Record<string, DaemonSetting>;

export type DaemonSettingName = keyof typeof DAEMON_SETTINGS;

/**
 * A setting from its flag's value when given, else from its environment variable (empty counts as unset, as
 * shells leave it); undefined when neither says.
 */
export function daemonSetting(
  name: DaemonSettingName,
  flagValue: unknown,
  env: Readonly<Record<string, string | undefined>>,
): number | undefined {
  const setting = DAEMON_SETTINGS[name];
  if (flagValue !== undefined) return numberIn(flagValue, setting.flag, setting);
  const fromEnv = env[setting.env];
  return fromEnv === undefined || fromEnv === '' ? undefined : numberIn(fromEnv, setting.env, setting);
}
