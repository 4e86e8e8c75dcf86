import type { Candidate } from '@cn/protocol';
import { badInput } from '../domain/errors.js';
import type { Position } from '../domain/location.js';
import type { SourceText } from '../domain/source-text.js';
import type { OutlineNode, WorkspaceSymbolHit } from '../domain/symbols.js';
import { compileGlob } from '../ranking/glob.js';
import { NameMatch } from '../ranking/rank-symbols.js';
import type { LocationRefBuilder } from './location-refs.js';
import { declarationAt } from './outline-node.js';
import { readDeclarationHead } from '../inspect/declaration-head.js';
import { locateRanked, searchSymbolsRanked, type NameSearchDeps, type RankedLocatedSymbol } from './symbol-search.js';
import { TypeHierarchy, type HierarchyDeps } from './type-hierarchy.js';

/** How far up a class's supertypes members are looked for, and how many supertypes at most. */
const MAX_SUPERTYPE_DEPTH = 10;
const MAX_SUPERTYPES = 50;
/** What a name names when it can hold members. */
const CONTAINER_KINDS = new Set(['Class', 'Interface']);

export type MemberDeps = NameSearchDeps & HierarchyDeps;

/** A class or one of its supertypes, with the members its outline lists. */
interface TypeMembers {
  name: string;
  filePath: string;
  /** 0 for the class asked about, 1 for what it extends or implements, … */
  depth: number;
  members: OutlineNode[];
}

/** A member found for `Class.member` or `Class.*`, located as a search hit, with the class asked about. */
export interface FoundMember {
  symbol: RankedLocatedSymbol;
  /** The class named in the query, when the member is declared on one of its supertypes. */
  inheritedBy?: string;
}

/**
 * `Sub.member` where Sub declares no `member`: the one its nearest supertype declares (Base, two levels up), found
 * through the heritage clauses as `cn impl --direction super` walks them. Undefined when no class of that name, or
 * none of its supertypes, declares it.
 */
export async function inheritedMember(
  deps: MemberDeps,
  builder: LocationRefBuilder,
  className: string,
  memberName: string,
): Promise<FoundMember | undefined> {
  for (const chain of await chainsOf(deps, builder, className)) {
    for (const type of chain.slice(1)) {
      const node = type.members.find((member) => member.name === memberName);
      if (node) return { symbol: await located(deps, builder, type, node), inheritedBy: className };
    }
  }
  return undefined;
}

/**
 * `Sub.*`, `Sub.get*`: the members of the class (every class of that name) matching the glob, its own first in
 * declaration order, then those of each supertype, nearest first, that no nearer type declares (an override hides
 * what it overrides; private `#names` and constructors are not inherited). Every match is counted; `limit` located.
 */
export async function membersByPattern(
  deps: MemberDeps,
  builder: LocationRefBuilder,
  query: string,
  limit: number,
): Promise<{ members: FoundMember[]; total: number }> {
  const dot = query.lastIndexOf('.');
  const className = query.slice(0, dot);
  const pattern = query.slice(dot + 1);
  if (/[*?]/.test(className) || !/^[\p{L}$_][\p{L}\p{N}$_.]*$/u.test(className))
    throw badInput(
      `'${query.slice(0, 40)}' has a pattern in the class name`,
      'name the class and match its members, e.g. cn find "Router.get*"',
    );
  const matches = /\p{Lu}/u.test(pattern) ? compileGlob(pattern) : caseless(pattern);
  const found: Array<{ type: TypeMembers; node: OutlineNode; inherited: boolean }> = [];
  for (const chain of await chainsOf(deps, builder, className.slice(className.lastIndexOf('.') + 1))) {
    const declaredNearer = new Set<string>();
    for (const type of chain) {
      const inherited = type.depth > 0;
      const names = new Set<string>();
      for (const node of type.members) {
        names.add(node.name);
        if (declaredNearer.has(node.name) || !matches(node.name)) continue;
        if (inherited && (node.name.startsWith('#') || node.kind === 'Constructor')) continue;
        found.push({ type, node, inherited });
      }
      for (const name of names) declaredNearer.add(name);
    }
  }
  const members = await Promise.all(
    found.slice(0, limit).map(async ({ type, node, inherited }) => ({
      symbol: await located(deps, builder, type, node),
      ...(inherited ? { inheritedBy: chainName(className) } : {}),
    })),
  );
  return { members, total: found.length };
}

/** The candidate's note of the class asked about, for a member it inherits. */
export function inheritance(member: FoundMember): Pick<Candidate, 'inheritedBy'> {
  return member.inheritedBy === undefined ? {} : { inheritedBy: member.inheritedBy };
}

function chainName(className: string): string {
  return className.slice(className.lastIndexOf('.') + 1);
}

function caseless(pattern: string): (name: string) => boolean {
  const lower = compileGlob(pattern.toLowerCase());
  return (name) => lower(name.toLowerCase());
}

/** For each class or interface of the name the project declares (best first): it and its supertypes, nearest first. */
async function chainsOf(deps: MemberDeps, builder: LocationRefBuilder, className: string): Promise<TypeMembers[][]> {
  const { symbols } = await searchSymbolsRanked(deps, (filePath) => builder.text(filePath), className, undefined, {
    exact: true,
    relativePath: (filePath) => deps.paths.toRelative(filePath),
  });
  const classes = symbols.filter(({ hit }) => CONTAINER_KINDS.has(hit.kind) && !hit.alias);
  return Promise.all(classes.map(({ hit, position }) => chainOf(deps, builder, hit.filePath, position)));
}

async function chainOf(
  deps: MemberDeps,
  builder: LocationRefBuilder,
  filePath: string,
  position: Position,
): Promise<TypeMembers[]> {
  const own = await typeMembers(deps, builder, filePath, position, 0);
  const hierarchy = new TypeHierarchy(deps, builder);
  const declaration = await hierarchy.declarationAt(filePath, position);
  if (!own || !declaration) return own ? [own] : [];
  const root = { filePath, position, declaration, relation: 'extends' as const };
  const { entries } = await hierarchy.walk(root, 'super', MAX_SUPERTYPE_DEPTH, MAX_SUPERTYPES);
  const supertypes = await Promise.all(
    [...entries]
      .sort((a, b) => a.depth - b.depth)
      .map((entry) =>
        typeMembers(
          deps,
          builder,
          deps.paths.toAbsolute(entry.filePath),
          { line: entry.line, character: entry.character },
          entry.depth,
        ),
      ),
  );
  return [own, ...supertypes.filter((type): type is TypeMembers => type !== undefined)];
}

async function typeMembers(
  deps: MemberDeps,
  builder: LocationRefBuilder,
  filePath: string,
  position: Position,
  depth: number,
): Promise<TypeMembers | undefined> {
  const text = await builder.text(filePath);
  const found = await declarationAt(deps.engine, filePath, position, text);
  if (!found) return undefined;
  // In declaration order: engines list an outline's children in their own order (tsserver's is by name).
  const members = [...found.node.children].sort(
    (a, b) =>
      a.selectionRange.start.line - b.selectionRange.start.line ||
      a.selectionRange.start.character - b.selectionRange.start.character,
  );
  return { name: found.node.name, filePath, depth, members: oneMemberEach(members, text) };
}

/**
 * A member's overload signatures are one member (its implementation, the last), and so is a get/set pair (the
 * getter), as `cn find` answers them (same-name.ts).
 */
function oneMemberEach(members: OutlineNode[], text: SourceText | undefined): OutlineNode[] {
  const kept: OutlineNode[] = [];
  for (const member of members) {
    const earlier = kept.findIndex((other) => other.name === member.name && other.kind === member.kind);
    if (earlier < 0) kept.push(member);
    else if (!(text && readDeclarationHead(text, kept[earlier]).accessor === 'get')) kept[earlier] = member;
  }
  return kept;
}

/** A member as a located search hit: its name's place and the kind cn reports (getters, arrow properties …). */
function located(
  deps: MemberDeps,
  builder: LocationRefBuilder,
  type: TypeMembers,
  node: OutlineNode,
): Promise<RankedLocatedSymbol> {
  const hit: WorkspaceSymbolHit = {
    name: node.name,
    kind: node.kind,
    containerName: type.name,
    filePath: type.filePath,
    range: node.range,
  };
  const texts = (filePath: string): Promise<SourceText | undefined> => builder.text(filePath);
  return locateRanked(deps.engine, texts, { hit, match: NameMatch.Exact });
}
