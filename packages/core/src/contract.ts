/**
 * The HTTP contract between the daemon and its clients. The CLI's `--format json` output is exactly
 * these response objects, so CLI, HTTP and (later) MCP never drift apart.
 */
import type { LocationRef } from './domain/location.js';
import type { EngineStatus } from './ports/code-intelligence.js';

export const PORT_FILE_NAME = '.ts-search-daemon.json';
export const TOKEN_HEADER = 'x-cn-token';

/** The port file at the project root: how a client finds and authenticates to the daemon. */
export interface PortFile {
  pid: number;
  port: number;
  host: '127.0.0.1';
  root: string;
  token: string;
  version: string;
  startedAt: string;
  logFile: string;
}

export interface MapRequest {
  file: string;
}
export interface MapSymbol {
  id: string;
  name: string;
  kind: string;
  line: number;
  endLine: number;
  container?: string;
}
export interface MapResponse {
  filePath: string;
  symbols: MapSymbol[];
}

export interface FindRequest {
  query: string;
  kind?: string;
  limit?: number;
}
export interface Candidate extends LocationRef {
  name: string;
  container?: string;
}
export interface FindResponse {
  query: string;
  definition: (LocationRef & { name: string; container?: string }) | null;
  references: LocationRef[];
  /** How many references exist; more than `references.length` when `limit` cut the list. */
  totalReferences: number;
  candidates: Candidate[];
}

export type ExpandMode = 'block' | 'surround';
export interface InspectRequest {
  id: string;
  expand?: ExpandMode;
  context?: number;
}
export interface InspectResponse {
  result: {
    filePath: string;
    range: { startLine: number; endLine: number };
    expand: ExpandMode;
    code: string;
    relatedSymbols: string[];
  };
}

export interface StatusResponse extends EngineStatus {
  running: true;
  pid: number;
  port: number;
  root: string;
  version: string;
  startedAt: string;
  uptimeSeconds: number;
  rssBytes: number;
  logFile: string;
}
