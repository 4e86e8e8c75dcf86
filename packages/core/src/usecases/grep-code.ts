import type { GrepGroup, GrepRequest, GrepResponse } from '@cn/protocol';
import { mapInOrder } from '../bounded-map.js';
import { badInput } from '../domain/errors.js';
import { forwardSlashes } from '../domain/file-names.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import type { ProjectSources } from '../ports/project-sources.js';
import type { SourceFiles } from '../ports/source-files.js';
import { isGlob, pathFilter } from '../ranking/path-filter.js';
import { kindFilter } from '../ranking/kind-filter.js';
import { MAX_MATCHES_PER_LINE, grepFile, type FileMatches, type Found } from '../search/grep-file.js';
import { LinePattern } from '../search/line-pattern.js';
import type { SearchIndex } from '../search/search-index.js';
import { WorkBudget, type WorkClock } from '../search/work-budget.js';

export { grepPreview } from '../search/grep-file.js';

const DEFAULT_LIMIT = 100;
/** Files read at once: enough to keep the file system busy, few enough to hold little in memory. */
const PARALLEL_FILES = 16;
/** Matching lines looked at before the search stops: past this the pattern is too broad to be read anyway. */
export const MAX_GREP_MATCHES = 10_000;
/** How long one search may take; past it the answer says where it stopped. */
export const GREP_TIME_BUDGET_MS = 10_000;

type Deps = WorkClock & {
  sources: ProjectSources;
  files: SourceFiles;
  paths: ProjectPaths;
  searchIndex: Pick<SearchIndex, 'declarationsOf'>;
};

/**
 * `cn grep <pattern> [paths…]`: a regular expression searched line by line in the project's source files (each line
 * once, where its first match starts), the matches grouped by the innermost declaration around them, so an agent
 * reads "in Hono.fetch, lines 3 and 9" instead of loose lines. Comments and strings count unless `codeOnly`.
 */
export async function grepCode(deps: Deps, request: GrepRequest): Promise<GrepResponse> {
  const pattern = LinePattern.compile(request.pattern, request);
  const keepKind = kindFilter(request.kind);
  const files = await filesToSearch(deps, request);
  const budget = new WorkBudget(deps, GREP_TIME_BUDGET_MS);
  const found: Found[] = [];
  let filesMatched = 0;
  let linesGivenUp = 0;
  let stopped: string | undefined;
  let searched = 0;
  const outOfTime = (where: string) =>
    `stopped after ${GREP_TIME_BUDGET_MS / 1000} s${where}, ${searched} of ${files.length} files searched`;
  // Files are read a few at a time (each read waits on the file system), their matches taken in file order.
  await mapInOrder(
    files,
    PARALLEL_FILES,
    async (filePath): Promise<FileMatches | undefined> => {
      if (budget.spent()) return undefined;
      // A file cn may not read (too large, binary, gone since listed) holds nothing to show.
      const source = await deps.files.readSource(filePath).catch(() => undefined);
      if (source === undefined || !pattern.mayMatchIn(source)) return { found: [], linesGivenUp: 0 };
      const options = { codeOnly: request.codeOnly === true, maxLines: MAX_GREP_MATCHES, budget };
      return grepFile(deps, filePath, source.text, pattern, options);
    },
    (inFile, filePath) => {
      if (inFile === undefined) {
        stopped = outOfTime('');
        return false;
      }
      searched++;
      linesGivenUp += inFile.linesGivenUp;
      const kept = keepKind ? inFile.found.filter((entry) => keepKind(entry.in.kind)) : inFile.found;
      if (kept.length > 0) filesMatched++;
      found.push(...kept);
      if (inFile.cutAtLine !== undefined) {
        stopped = outOfTime(` at line ${inFile.cutAtLine} of ${deps.paths.toRelative(filePath)}`);
        return false;
      }
      if (found.length < MAX_GREP_MATCHES) return true;
      stopped = `stopped at ${MAX_GREP_MATCHES} matching lines, ${searched} of ${files.length} files searched`;
      return false;
    },
  );
  const givenUp =
    linesGivenUp === 0
      ? undefined
      : `${linesGivenUp === 1 ? '1 line holds' : `${linesGivenUp} lines hold`} over ${MAX_MATCHES_PER_LINE} matches in comments and strings: the rest of ${linesGivenUp === 1 ? 'it was' : 'them were'} not searched`;
  const reasons = [stopped, givenUp].filter((reason): reason is string => reason !== undefined);
  return answer(request, found, {
    filesSearched: searched,
    filesMatched,
    stopped: reasons.length > 0 ? reasons.join('; ') : undefined,
  });
}

/** The project's files under `paths` (any of them) and `in`; a path that names nothing is refused, as rg does. */
async function filesToSearch(deps: Deps, request: GrepRequest): Promise<string[]> {
  const all = (await deps.sources.files()).map((file) => ({ file, relative: deps.paths.toRelative(file) }));
  const scopes = (request.paths ?? []).map((scope) => {
    const cleaned = forwardSlashes(scope);
    if (cleaned.startsWith('/') || cleaned.split('/').includes('..'))
      throw badInput(`${scope} is outside the project root`, 'cn grep searches the project: e.g. cn grep retry src');
    return { scope, keep: pathFilter(scope)! };
  });
  for (const { scope, keep } of scopes) {
    if (!isGlob(scope) && !all.some(({ relative }) => keep(relative)))
      throw badInput(`no source file of the project under ${scope}`, 'paths are relative to the project root');
  }
  const keepIn = pathFilter(request.in);
  return all
    .filter(({ relative }) => scopes.length === 0 || scopes.some(({ keep }) => keep(relative)))
    .filter(({ relative }) => !keepIn || keepIn(relative))
    .map(({ file }) => file);
}

function answer(
  request: GrepRequest,
  found: Found[],
  counts: { filesSearched: number; filesMatched: number; stopped: string | undefined },
): GrepResponse {
  const limit = request.limit ?? DEFAULT_LIMIT;
  const groups = new Map<string, GrepGroup>();
  found.forEach((entry, index) => {
    const group = groups.get(entry.in.id) ?? { filePath: entry.filePath, in: entry.in, matches: [], count: 0 };
    group.count++;
    if (index < limit) group.matches.push(entry.match);
    groups.set(entry.in.id, group);
  });
  const listed = [...groups.values()].filter((group) => group.matches.length > 0);
  return {
    pattern: request.pattern,
    groups: listed,
    totalMatches: found.length,
    totalGroups: groups.size,
    filesSearched: counts.filesSearched,
    filesMatched: counts.filesMatched,
    ...(found.length > limit ? { truncated: true as const } : {}),
    complete: counts.stopped === undefined,
    ...(counts.stopped !== undefined ? { incomplete: counts.stopped } : {}),
  };
}
