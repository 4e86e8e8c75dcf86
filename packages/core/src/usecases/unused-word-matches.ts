import type { UnusedRequest } from '@cn/protocol';
import { boundedMap } from '../bounded-map.js';
import type { SourceLocation } from '../domain/location.js';
import type { SourceFiles } from '../ports/source-files.js';
import { LocationRefBuilder } from './location-refs.js';
import { otherMatchesFor, type NameMatchDeps } from './name-matches.js';
import type { UnusedCandidate } from './unused-candidate.js';

/**
 * Listed symbols whose word is accounted for: an agent told `ref` is unused ran `rg -w` over the imports of every name
 * reported (one such rg printed 53,000 tokens on mikro-orm). Past this many the list is a directory's sweep, read
 * for its names, and each accounting may take up to a second.
 */
export const MAX_ACCOUNTED = 10;
const AT_ONCE = 2;

/**
 * Each listed symbol with what `rg -w Name` would hit in the files whose uses count, beyond its declarations and every
 * reference the engine finds (counted or not): the evidence that none of the word's occurrences there is a use.
 */
export async function withWordMatches(
  deps: NameMatchDeps & { files: SourceFiles },
  listed: UnusedCandidate[],
  /** By the symbol's id: the references the verdict rested on; a symbol without them (not asked) is not accounted. */
  references: Map<string, SourceLocation[]>,
  request: Pick<UnusedRequest, 'refsIn' | 'refsNotIn'>,
): Promise<UnusedCandidate[]> {
  // Without the project's files (a test's deps) there is no word to count.
  if (listed.length > MAX_ACCOUNTED || !deps.sources || !deps.searchIndex) return listed;
  const builder = new LocationRefBuilder(deps.files, deps.paths);
  const scope = { refsIn: request.refsIn, refsNotIn: request.refsNotIn };
  return boundedMap(listed, AT_ONCE, async (candidate) => {
    const found = references.get(candidate.symbol.id);
    if (!found) return candidate;
    // With its declarations: an overloaded function's other signatures are no other symbol's.
    const declaration = { filePath: candidate.filePath, range: candidate.node.selectionRange };
    const withDeclarations = deps.engine
      .references(candidate.filePath, declaration.range.start, true)
      .catch(() => found)
      .then((all) => [declaration, ...all]);
    const { otherMatches } = await otherMatchesFor(
      deps,
      builder,
      candidate.symbol.name,
      scope,
      async () => [await withDeclarations],
      // A member is never imported by its own name: the import lines a reader would grep are a top-level name's.
      { imports: candidate.symbol.container === undefined },
    );
    return otherMatches ? { ...candidate, symbol: { ...candidate.symbol, otherMatches } } : candidate;
  });
}
