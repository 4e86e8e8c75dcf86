/**
 * The route table with its schemas: what the daemon validates and serializes with, and what the MCP
 * tools' inputs are picked from. Checked against routes.ts: a schema whose type differs from the table's
 * does not compile.
 */
import type { z } from 'zod';
import { callsRequest, callsResponse } from './calls.js';
import { impactRequest, impactResponse } from './impact.js';
import { depsRequest, depsResponse, orphansRequest, orphansResponse } from './deps.js';
import { diagnosticsRequest, diagnosticsResponse } from './diagnostics.js';
import { findRequest, findResponse } from './find.js';
import { implRequest, implResponse } from './impl.js';
import { inspectAnyRequest, inspectAnyResponse } from './inspect.js';
import { mapRequest, mapResponse } from './map.js';
import { overviewRequest, overviewResponse } from './overview.js';
import type { RequestOf, RouteName, RouteTypes } from './routes.js';
import { grepRequest, grepResponse, searchRequest, searchResponse } from './search.js';
import { shutdownResponse, statusResponse } from './status.js';
import { renameRequest, renameResponse } from './rename.js';
import { checkRequest, checkResponse } from './check.js';
import { typeRequest, typeResponse } from './type.js';
import { unusedRequest, unusedResponse } from './unused.js';

export interface RouteSchemas<Name extends RouteName> {
  /** Absent: the route takes no body. */
  request?: z.ZodType<RequestOf<Name>>;
  response: z.ZodType<RouteTypes[Name]['response']>;
}

export const ROUTE_SCHEMAS: { [Name in RouteName]: RouteSchemas<Name> } = {
  status: { response: statusResponse },
  ready: { response: statusResponse },
  shutdown: { response: shutdownResponse },
  map: { request: mapRequest, response: mapResponse },
  find: { request: findRequest, response: findResponse },
  inspect: { request: inspectAnyRequest, response: inspectAnyResponse },
  overview: { request: overviewRequest, response: overviewResponse },
  calls: { request: callsRequest, response: callsResponse },
  impact: { request: impactRequest, response: impactResponse },
  impl: { request: implRequest, response: implResponse },
  type: { request: typeRequest, response: typeResponse },
  deps: { request: depsRequest, response: depsResponse },
  orphans: { request: orphansRequest, response: orphansResponse },
  diagnostics: { request: diagnosticsRequest, response: diagnosticsResponse },
  unused: { request: unusedRequest, response: unusedResponse },
  search: { request: searchRequest, response: searchResponse },
  grep: { request: grepRequest, response: grepResponse },
  rename: { request: renameRequest, response: renameResponse },
  check: { request: checkRequest, response: checkResponse },
};
