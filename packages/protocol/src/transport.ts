/** How a client finds and talks to a root's daemon, besides the routes themselves. */
export type { ErrorBody } from './shared.js';

/** At the project root: the one file cn writes into the user's project. */
export const PORT_FILE_NAME = '.ts-search-daemon.json';
/** On an answer: one line the CLI prints on stderr as a warning (a broken tsconfig …). */
export const WARNING_HEADER = 'x-cn-warning';

/**
 * The port file: the root's daemon as a human or another tool may see it. Nothing in it is a credential,
 * and cn believes none of it on its own: a repository can commit any port file it likes. A client trusts
 * the daemon its private record names (DaemonRecord), and only while this file agrees with that record.
 */
export interface PortFile {
  pid: number;
  port: number;
  host: '127.0.0.1';
  root: string;
  version: string;
  startedAt: string;
  logFile: string;
  /** The engine answering (fixed for the daemon's life); absent in port files of older daemons. */
  engine?: 'tsserver' | 'native';
}

/**
 * What the daemon records of itself in the root's private state directory (`daemon.json`, 0600, in a 0700
 * directory of this user): the port file's facts, the secret and what identifies its process.
 */
export interface DaemonRecord extends PortFile {
  /** Keys both sides' proofs (request-proof.ts); never sent, never written into the project. */
  token: string;
  /**
   * When the daemon's process started, as the system tells it (Linux: /proc/<pid>/stat field 22; elsewhere
   * `ps -o lstart`): a pid reused by another process has another start time. Absent where it cannot be read;
   * then cn never signals the pid.
   */
  processStart?: string;
}
