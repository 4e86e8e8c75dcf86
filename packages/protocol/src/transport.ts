/** How a client finds and talks to a root's daemon, besides the routes themselves. */
export type { ErrorBody } from './shared.js';

/** At the project root: the one file cn writes into the user's project. */
export const PORT_FILE_NAME = '.ts-search-daemon.json';
/** On an answer: one line the CLI prints on stderr as a warning (a broken tsconfig …). */
export const WARNING_HEADER = 'x-cn-warning';

/** The port file: how a client finds the daemon; the token keys both sides' proofs (protocol/src/request-proof.ts). */
export interface PortFile {
  pid: number;
  port: number;
  host: '127.0.0.1';
  root: string;
  token: string;
  version: string;
  startedAt: string;
  logFile: string;
  /** The engine answering (fixed for the daemon's life); absent in port files of older daemons. */
  engine?: 'tsserver' | 'native';
}
