/**
 * The route table without its schemas: every command's name, method and path, and (as types only) its
 * request and answer. Zod-free on purpose: the one-shot CLI imports this, and its bundle must not load zod
 * (docs/performance.md, "Start-up"); the daemon and the MCP server take the schemas from route-schemas.ts, which is
 * checked against this table at compile time.
 */
import type { CallsRequest, CallsResponse } from './calls.js';
import type { CheckRequest, CheckResponse } from './check.js';
import type { DepsRequest, DepsResponse, OrphansRequest, OrphansResponse } from './deps.js';
import type { DiagnosticsRequest, DiagnosticsResponse } from './diagnostics.js';
import type { FindRequest, FindResponse } from './find.js';
import type { ImpactRequest, ImpactResponse } from './impact.js';
import type { ImplRequest, ImplResponse } from './impl.js';
import type { InspectManyRequest, InspectManyResponse, InspectRequest, InspectResponse } from './inspect.js';
import type { MapRequest, MapResponse } from './map.js';
import type { OverviewRequest, OverviewResponse } from './overview.js';
import type { GrepRequest, GrepResponse, SearchRequest, SearchResponse } from './search.js';
import type { ShutdownResponse, StatusResponse } from './status.js';
import type { RenameRequest, RenameResponse } from './rename.js';
import type { TypeRequest, TypeResponse } from './type.js';
import type { UnusedRequest, UnusedResponse } from './unused.js';

export type HttpMethod = 'GET' | 'POST';

export const ROUTES = {
  status: { method: 'GET', path: '/status' },
  ready: { method: 'GET', path: '/ready' },
  shutdown: { method: 'POST', path: '/shutdown' },
  map: { method: 'POST', path: '/map' },
  find: { method: 'POST', path: '/find' },
  inspect: { method: 'POST', path: '/inspect' },
  overview: { method: 'POST', path: '/overview' },
  calls: { method: 'POST', path: '/calls' },
  impact: { method: 'POST', path: '/impact' },
  impl: { method: 'POST', path: '/impl' },
  type: { method: 'POST', path: '/type' },
  deps: { method: 'POST', path: '/deps' },
  orphans: { method: 'POST', path: '/deps/orphans' },
  diagnostics: { method: 'POST', path: '/diagnostics' },
  unused: { method: 'POST', path: '/unused' },
  search: { method: 'POST', path: '/search' },
  grep: { method: 'POST', path: '/grep' },
  rename: { method: 'POST', path: '/rename' },
  check: { method: 'POST', path: '/check' },
} as const satisfies Record<string, { method: HttpMethod; path: string }>;

export type RouteName = keyof typeof ROUTES;

/** What each route takes (`undefined`: no body, a GET) and answers. */
export interface RouteTypes {
  status: { request: undefined; response: StatusResponse };
  ready: { request: undefined; response: StatusResponse };
  shutdown: { request: undefined; response: ShutdownResponse };
  map: { request: MapRequest; response: MapResponse };
  find: { request: FindRequest; response: FindResponse };
  inspect: { request: InspectRequest | InspectManyRequest; response: InspectResponse | InspectManyResponse };
  overview: { request: OverviewRequest; response: OverviewResponse };
  calls: { request: CallsRequest; response: CallsResponse };
  impact: { request: ImpactRequest; response: ImpactResponse };
  impl: { request: ImplRequest; response: ImplResponse };
  type: { request: TypeRequest; response: TypeResponse };
  deps: { request: DepsRequest; response: DepsResponse };
  orphans: { request: OrphansRequest; response: OrphansResponse };
  diagnostics: { request: DiagnosticsRequest; response: DiagnosticsResponse };
  unused: { request: UnusedRequest; response: UnusedResponse };
  search: { request: SearchRequest; response: SearchResponse };
  grep: { request: GrepRequest; response: GrepResponse };
  rename: { request: RenameRequest; response: RenameResponse };
  check: { request: CheckRequest; response: CheckResponse };
}

export type RequestOf<Name extends RouteName> = RouteTypes[Name]['request'];
/** The answer to `body` on route `Name`: /inspect answers `{ result }` to an `id`, `{ results, … }` to `ids`. */
export type AnswerOf<Name extends RouteName, Body = RequestOf<Name>> = Name extends 'inspect'
  ? Body extends { ids: unknown }
    ? InspectManyResponse
    : Body extends { id: unknown }
      ? InspectResponse
      : RouteTypes[Name]['response']
  : RouteTypes[Name]['response'];
