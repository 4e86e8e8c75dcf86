import type { UnmatchedScope } from '@cn/protocol';
import type { ProjectPaths } from '../domain/project-paths.js';
import type { ProjectSources } from '../ports/project-sources.js';
import { pathFilter, scopeList } from '../ranking/path-filter.js';

/**
 * The request fields that name paths or globs to keep or leave out (find, calls, impl, type, impact, unused, search,
 * grep).
 */
export type ScopeRequest = Partial<Record<'in' | 'refsIn' | 'refsNotIn', string>> & { paths?: string[] };

/**
 * Each path or glob of the request's filters (a comma list: each piece) that matches no project file, by field: such
 * a filter kept or left out nothing, and the answer must say so rather than read as filtered. Checked against the
 * project's source files as the search index lists them (cached between calls); when they cannot be listed, nothing
 * is said.
 */
export async function unmatchedScopes(
  deps: { sources: ProjectSources; paths: ProjectPaths },
  request: ScopeRequest,
): Promise<UnmatchedScope[]> {
  const asked: UnmatchedScope[] = [];
  for (const field of ['in', 'refsIn', 'refsNotIn'] as const) {
    const scope = request[field];
    if (scope !== undefined) asked.push(...scopeList(scope).map((pattern) => ({ field, pattern })));
  }
  for (const path of request.paths ?? [])
    asked.push(...scopeList(path).map((pattern) => ({ field: 'paths', pattern })));
  if (asked.length === 0) return [];
  const files = await deps.sources.files().catch(() => undefined);
  if (files === undefined) return [];
  const relative = files.map((file) => deps.paths.toRelative(file));
  return asked.filter(({ pattern }) => {
    // The use case has refused a malformed one already; here it can only be one that matches nothing.
    const keeps = pathFilter(pattern);
    return keeps !== undefined && !relative.some(keeps);
  });
}

/** The answer with `unmatched` added when some filter matched nothing (scopeWarnings in the protocol). */
export async function withUnmatchedScopes<Answer extends object>(
  deps: { sources: ProjectSources; paths: ProjectPaths },
  request: ScopeRequest | undefined,
  answer: Answer | Promise<Answer>,
): Promise<Answer & { unmatched?: UnmatchedScope[] }> {
  // After the answer: a filter the use case refused is reported as its error, not checked here.
  const answered = await answer;
  const unmatched = request ? await unmatchedScopes(deps, request) : [];
  return unmatched.length > 0 ? { ...answered, unmatched } : answered;
}
