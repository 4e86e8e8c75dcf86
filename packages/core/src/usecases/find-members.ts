import type { FindRequest, FindResponse } from '@cn/protocol';
import { kindFilter } from '../ranking/kind-filter.js';
import { inheritance, inheritedMember, membersByPattern } from './class-members.js';
import { otherMatchesFor } from './name-matches.js';
import { modeEcho, namedRef, searchReferences, type FindDeps, type FindOptions } from './find-parts.js';
import type { LocationRefBuilder } from './location-refs.js';
import { splitQualifiedName } from './symbol-search.js';
import type { TypeSyntax } from '../ports/type-syntax.js';
import type { CodeNavigation } from '../ports/navigation.js';

/**
 * What `Class.member` and `Class.*` read beyond a name search: the heritage clauses of classes, and the hover that
 * names a supertype declared in a library.
 */
export type MemberFindDeps = FindDeps & { typeSyntax: TypeSyntax; navigation: Pick<CodeNavigation, 'hover'> };

/**
 * `cn find Sub.member` when Sub declares no `member`: the member a supertype declares, answered as a definition with
 * its references and `inheritedBy` saying which class inherits it. Undefined when the query is not `Class.member` or
 * no supertype declares the member (or it is not of the kind asked).
 */
export async function findInherited(
  deps: MemberFindDeps,
  builder: LocationRefBuilder,
  query: string,
  request: FindRequest,
  options: FindOptions,
): Promise<FindResponse | undefined> {
  const { name, container } = splitQualifiedName(query);
  if (container === undefined) return undefined;
  const className = container.slice(container.lastIndexOf('.') + 1);
  const found = await inheritedMember(deps, builder, className, name);
  const acceptsKind = kindFilter(request.kind);
  if (!found || (acceptsKind && !acceptsKind(found.symbol.hit.kind))) return undefined;
  const { hit, position } = found.symbol;
  const searched = searchReferences(deps, builder, hit.filePath, position, options);
  const [definition, { truncated, locations: _locations, ...references }, others] = await Promise.all([
    namedRef(builder, hit, position, options.snippet, 'end'),
    searched.described,
    options.refs === 'none'
      ? {}
      : otherMatchesFor(deps, builder, name, request, async () => [await searched.found], { kind: hit.kind }),
  ]);
  return {
    query,
    definition: options.refs === 'only' ? null : { ...definition, ...inheritance(found) },
    ...references,
    ...others,
    candidates: [],
    totalCandidates: 0,
    ...(truncated ? { truncated: true as const } : {}),
    ...modeEcho(options),
  };
}

/** `cn find "Sub.*"`: the class's members by pattern, inherited ones marked; no references. */
export async function listMembers(
  deps: MemberFindDeps,
  builder: LocationRefBuilder,
  pattern: string,
  request: FindRequest,
  limit: number,
): Promise<FindResponse> {
  const acceptsKind = kindFilter(request.kind);
  // A kind narrows what is counted as well as what is listed, so every match is located to learn its kind.
  const { members, total } = await membersByPattern(deps, builder, pattern, acceptsKind ? Infinity : limit);
  const kept = acceptsKind ? members.filter(({ symbol }) => acceptsKind(symbol.hit.kind)) : members;
  const candidates = await Promise.all(
    kept.slice(0, limit).map(async (member) => ({
      ...(await namedRef(builder, member.symbol.hit, member.symbol.position, request.snippet)),
      ...inheritance(member),
    })),
  );
  const counted = acceptsKind ? kept.length : total;
  return {
    query: pattern,
    definition: null,
    references: [],
    totalReferences: 0,
    candidates,
    totalCandidates: counted,
    ...(candidates.length < counted ? { truncated: true as const } : {}),
    pattern: true,
    refs: 'none',
  };
}
