import type { TargetNarrowing } from '@cn/protocol';
import { looksLikeTarget } from '../domain/ids.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import type { SourceFiles } from '../ports/source-files.js';
import { pathFilter } from '../ranking/path-filter.js';
import { NameMatch } from '../ranking/rank-symbols.js';
import { LocationRefBuilder } from './location-refs.js';
import {
  resolveSymbolTarget,
  searchSymbolsRanked,
  validateQuery,
  type NameSearchDeps,
  type ResolvedSymbolTarget,
} from './symbol-search.js';

/** Declarations of one name a command answers at once; past this many it says how many more, to re-ask by id. */
export const MAX_MEANINGS = 6;
/** Declarations of the name judged for fit, best first; the rest are counted as not answered. */
const MAX_JUDGED = 2 * MAX_MEANINGS;

/** What a declaration is to the command asking (the call-hierarchy item, the type declaration …), and its identity. */
export interface Fitted<T> {
  /** Equal for the declarations of one symbol: overloads, an interface and its class, an alias and its original. */
  key: string;
  value: T;
}

export interface Meaning<T> {
  target: ResolvedSymbolTarget;
  fitted?: T;
}

export interface NameMeanings<T> {
  /**
   * What the command answers, best first (the declaration `cn find` would choose). One when the name is certain: an
   * id, `path::Name`, a name (or `Class.member`) with one fitting declaration; a guess (no exact name) is one too,
   * flagged `ambiguous` as before. Several when the name exactly names several fitting declarations: each is
   * answered, never one picked silently. None fitting: the best, without `fitted` (the command says why).
   */
  meanings: Array<Meaning<T>>;
  /** Declarations of the name not answered: fitting ones past MAX_MEANINGS, and those past MAX_JUDGED unjudged. */
  more: number;
}

/**
 * The declarations a name stands for that fit the question (`fit` says: a callable for cn calls, a class or interface
 * for cn impl). The one place calls and impl turn a name into what they answer; find has the same rule for its
 * definitions.
 */
export async function nameMeanings<T>(
  deps: NameSearchDeps & { files: SourceFiles; paths: ProjectPaths },
  rawQuery: string,
  narrowing: TargetNarrowing,
  fit: (target: ResolvedSymbolTarget) => Promise<Fitted<T> | undefined>,
): Promise<NameMeanings<T>> {
  const query = validateQuery(rawQuery);
  const single = async (target: ResolvedSymbolTarget): Promise<NameMeanings<T>> => {
    const fitted = await fit(target);
    return { meanings: [{ target, ...(fitted ? { fitted: fitted.value } : {}) }], more: 0 };
  };
  if (looksLikeTarget(query)) return single(await resolveSymbolTarget(deps, query, narrowing));
  const builder = new LocationRefBuilder(deps.files, deps.paths);
  const within = pathFilter(narrowing.in);
  const { symbols, total } = await searchSymbolsRanked(
    deps,
    (filePath) => builder.text(filePath),
    query,
    narrowing.kind,
    {
      limit: MAX_JUDGED,
      exact: true,
      relativePath: (filePath) => deps.paths.toRelative(filePath),
      ...(within ? { where: (filePath: string) => within(deps.paths.toRelative(filePath)) } : {}),
    },
  );
  const exact = symbols.filter(({ match }) => match === NameMatch.Exact);
  // One declaration of exactly that name, or none (a guess, answered and flagged as before, with its did-you-mean).
  if (exact.length <= 1) return single(await resolveSymbolTarget(deps, query, narrowing));
  // Each candidate costs the engine a question or two: a name declared a hundred times (`get`) is judged on its best.
  const candidates = exact.slice(0, MAX_JUDGED).map(({ hit, position }): ResolvedSymbolTarget => ({
    filePath: hit.filePath,
    position,
    symbol: hit,
  }));
  // Matches past the located ones were not read at all (they may differ in case only): counted as not answered.
  const unjudged = exact.length - candidates.length + Math.max(0, total - symbols.length);
  const fitted = await Promise.all(candidates.map((target) => fit(target).catch(() => undefined)));
  const meanings: Array<Meaning<T>> = [];
  const seen = new Set<string>();
  let fitting = 0;
  candidates.forEach((target, index) => {
    const found = fitted[index];
    if (!found || seen.has(found.key)) return;
    seen.add(found.key);
    fitting++;
    if (meanings.length < MAX_MEANINGS) meanings.push({ target, fitted: found.value });
  });
  // Nothing fits: the name is answered as before (the best, flagged when it was a guess), and the command says why.
  if (meanings.length === 0) return single(await resolveSymbolTarget(deps, query, narrowing));
  return { meanings, more: fitting - meanings.length + unjudged };
}
