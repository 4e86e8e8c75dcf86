import type { FindRequest, OtherMatches } from '@cn/protocol';
import type { Position, SourceLocation } from '../domain/location.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { CodeNavigation } from '../ports/navigation.js';
import type { ProjectSources } from '../ports/project-sources.js';
import type { SourceFiles } from '../ports/source-files.js';
import type { SearchIndex } from '../search/search-index.js';
import type { LocationRefBuilder } from './location-refs.js';
import { otherMatchesOf, type OtherMatchesOptions } from './other-matches.js';
import { pausesOf, type WorkClock } from '../search/work-budget.js';
import { wordOccurrences, type FileOccurrences } from './word-occurrences.js';
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
  request: Pick<FindRequest, 'in' | 'refsIn' | 'refsNotIn' | 'role'>,
  references: () => Promise<SourceLocation[][]>,
  options: OtherMatchesOptions = {},
): Promise<{ otherMatches?: OtherMatches }> {
  const { sources, searchIndex } = deps;
  if (!sources || !searchIndex) return {};
  const scope = { in: request.in, refsIn: request.refsIn, refsNotIn: request.refsNotIn };
  const everyReference = references().then((lists) => lists.flat());
  // Asked for calls (`--role call`), the other calls of the word are what a reader would grep for next.
  const calls = options.calls ?? request.role?.some((role) => role === 'call' || role === 'new');
  try {
    return {
      otherMatches: await otherMatchesOf({ ...deps, sources, searchIndex }, builder, word, scope, everyReference, {
        ...options,
        calls,
      }),
    };
  } catch {
    return {};
  } finally {
    // A failed reference search fails the answer where it is awaited; here it must not also go unhandled.
    everyReference.catch(() => undefined);
  }
}

/**
 * Starts the scan otherMatchesFor makes of the word's occurrences in the request's scope, to pass it on as
 * `options.occurrences`: it needs no engine, so a find starts it with its question, while a cold engine still loads
 * (typeorm after a stop: ~0.7 s in which the daemon only waited; docs/performance.md says what it gains on 2 cores).
 * Undefined where otherMatchesFor answers nothing.
 */
export function startWordScan(
  deps: NameMatchDeps,
  builder: LocationRefBuilder,
  word: string,
  request: Pick<FindRequest, 'in' | 'refsIn' | 'refsNotIn'>,
): Promise<FileOccurrences[]> | undefined {
  const { sources } = deps;
  if (!sources || !deps.searchIndex) return undefined;
  const scope = { in: request.in, refsIn: request.refsIn, refsNotIn: request.refsNotIn };
  // The name search's engine request, started right after this, goes out before the scan's first pass holds the
  // thread (as otherMatchesOf lets the references out first).
  const scan = (async () => {
    await deps.pause?.();
    return wordOccurrences({ sources, paths: deps.paths }, builder, word, scope, pausesOf(deps));
  })();
  // Not awaited when the name answers nothing: its failure is then nobody's (otherMatchesFor catches its own).
  scan.catch(() => undefined);
  return scan;
}

/**
 * `otherMatches` for calls, impl and type asked about one symbol: by a name (one name for every declaration it stood
 * for: two functions mergePath account for the references of each), a `path::Name` or an id (the name at its place);
 * the references of the declarations are searched once for it. Several targets asked together get none.
 */
export async function targetOtherMatches(
  deps: NameMatchDeps,
  builder: LocationRefBuilder,
  targets: ResolvedSymbolTarget[],
  options: OtherMatchesOptions = {},
): Promise<{ otherMatches?: OtherMatches }> {
  const names = new Set(
    await Promise.all(
      targets.map(
        async (target) => target.symbol?.name ?? identifierAt(await builder.text(target.filePath), target.position),
      ),
    ),
  );
  const [name] = names;
  if (names.size !== 1 || name === undefined || name === '') return {};
  const references = () =>
    Promise.all(targets.map((target) => deps.engine.references(target.filePath, target.position, true)));
  return otherMatchesFor(deps, builder, name, {}, references, options);
}

/** The identifier that starts at a place (an id's column): the word a word search for it looks for. */
export function identifierAt(text: { line(line: number): string | undefined } | undefined, position: Position): string {
  const content = text?.line(position.line) ?? '';
  const match = /^[\p{L}\p{N}$_]+/u.exec(content.slice(position.character - 1));
  return match ? match[0] : '';
}
