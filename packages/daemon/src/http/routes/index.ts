import type { FastifyReply } from 'fastify';
import {
  checkEdit,
  describeType,
  fileDeps,
  findImplementations,
  findOrphans,
  findSymbol,
  findUnused,
  grepCode,
  impactOf,
  inspectCode,
  inspectMany,
  listDiagnostics,
  mapFile,
  renameSymbol,
  overview,
  searchCode,
  traceCalls,
  withUnmatchedScopes,
} from '@cn/core';
import type { RequestOf, RouteName, RouteTypes } from '@cn/protocol';
import type { RouteDeps } from '../route-deps.js';

/** A route's thin adapter: the validated body in, the use case's answer out (serialized by the route's schema). */
export type UseCaseBinding<Name extends RouteName> = (
  deps: RouteDeps,
  body: RequestOf<Name>,
  reply: FastifyReply,
) => RouteTypes[Name]['response'] | Promise<RouteTypes[Name]['response']>;

/**
 * Every route of the protocol's table bound to its use case; a route missing here, or a use case whose
 * answer is not the route's, does not compile. Method, path and schemas come from @cn/protocol. The routes whose
 * requests filter by paths and globs say which of them matched no project file (`unmatched`).
 */
export const USE_CASES: { [Name in RouteName]: UseCaseBinding<Name> } = {
  status: (deps) => deps.status(),
  ready: (deps) => deps.ready(),
  shutdown: (deps, _body, reply) => {
    reply.raw.once('finish', () => deps.shutdown());
    return { stopping: true };
  },
  map: (deps, body) => mapFile(deps, body),
  find: (deps, body) => withUnmatchedScopes(deps, body, findSymbol(deps, body)),
  // One route for one id (`id` → `result`) and many (`ids` → `results`, `failures`, `total`).
  inspect: (deps, body) => ('ids' in body ? inspectMany(deps, body) : inspectCode(deps, body)),
  overview: (deps, body) => deps.answers.remember('overview', body, () => overview(deps, body ?? {})),
  calls: (deps, body) => withUnmatchedScopes(deps, body, traceCalls(deps, body)),
  impact: (deps, body) => withUnmatchedScopes(deps, body, impactOf(deps, body)),
  impl: (deps, body) => withUnmatchedScopes(deps, body, findImplementations(deps, body)),
  type: (deps, body) => withUnmatchedScopes(deps, body, describeType(deps, body)),
  deps: (deps, body) => withUnmatchedScopes(deps, body, fileDeps(deps, body)),
  orphans: (deps, body) => findOrphans(deps, body ?? {}),
  diagnostics: (deps, body) => listDiagnostics(deps, body ?? {}),
  unused: (deps, body) =>
    withUnmatchedScopes(
      deps,
      body,
      deps.answers.remember('unused', body, () => findUnused(deps, body)),
    ),
  search: (deps, body) => withUnmatchedScopes(deps, body, searchCode(deps, body)),
  grep: (deps, body) => withUnmatchedScopes(deps, body, grepCode(deps, body)),
  rename: (deps, body) => withUnmatchedScopes(deps, body, renameSymbol(deps, body)),
  check: (deps, body) => checkEdit(deps, body),
};
