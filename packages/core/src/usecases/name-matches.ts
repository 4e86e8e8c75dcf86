import type { FindRequest, OtherMatches } from '@cn/protocol';
import type { SourceLocation } from '../domain/location.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { CodeNavigation } from '../ports/navigation.js';
import type { ProjectSources } from '../ports/project-sources.js';
import type { SourceFiles } from '../ports/source-files.js';
import type { SearchIndex } from '../search/search-index.js';
import type { WorkClock } from '../search/work-budget.js';
import type { LocationRefBuilder } from './location-refs.js';
import { otherMatchesOf } from './other-matches.js';
import type { ResolvedSymbolTarget } from './symbol-search.js';

/**
 * What the answers to a name read to say what `rg -w Name` would also hit. `sources` and `searchIndex` are the
 * daemon's (every route has them); a caller without them (a test) gets no `otherMatches`.
 */
export interface NameMatchDeps extends Partial<WorkClock> {
  engine: Pick<CodeIntelligence, 'definition' | 'outline' | 'references'>;
  files: Pick<SourceFiles, 'isInsideRoot'>;
  paths: ProjectPaths;
  sources?: ProjectSources;
  searchIndex?: Pick<SearchIndex, 'syntaxOf'>;
  /** What the compiler's hover says of a declaration outside the root (a library's `String.raw`). */
  navigation?: Pick<CodeNavigation, 'hover'>;
}

/**
 * `otherMatches` for a name: the word's occurrences in the files the answer's path filters keep, told apart from the
 * references of what was answered (`references`: asked for only when needed). Nothing when the project's files are
 * unknown, or when reading them fails: the answer itself stands without it.
 */
export async function otherMatchesFor(
  deps: NameMatchDeps,
  builder: LocationRefBuilder,
  word: string,
  request: Pick<FindRequest, 'in' | 'refsIn' | 'refsNotIn'>,
  references: () => Promise<SourceLocation[][]>,
): Promise<{ otherMatches?: OtherMatches }> {
  const { sources, searchIndex } = deps;
  if (!sources || !searchIndex) return {};
  const scope = { in: request.in, refsIn: request.refsIn, refsNotIn: request.refsNotIn };
  const everyReference = references().then((lists) => lists.flat());
  try {
    return {
      otherMatches: await otherMatchesOf({ ...deps, sources, searchIndex }, builder, word, scope, everyReference),
    };
  } catch {
    return {};
  } finally {
    // A failed reference search fails the answer where it is awaited; here it must not also go unhandled.
    everyReference.catch(() => undefined);
  }
}

/**
 * `otherMatches` for calls, impl and type asked about one name (not an id, nor several targets): the references of
 * the declarations it stood for are searched once for it.
 */
export async function targetOtherMatches(
  deps: NameMatchDeps,
  builder: LocationRefBuilder,
  targets: ResolvedSymbolTarget[],
): Promise<{ otherMatches?: OtherMatches }> {
  const names = new Set(targets.map((target) => target.symbol?.name));
  const [name] = names;
  // A name that stood for several declarations (two functions mergePath) accounts for the references of each.
  if (names.size !== 1 || name === undefined) return {};
  const references = () =>
    Promise.all(targets.map((target) => deps.engine.references(target.filePath, target.position, true)));
  return otherMatchesFor(deps, builder, name, {}, references);
}
