import type { GrepGroup, GrepMatch, GrepRequest, GrepResponse } from '@cn/protocol';
import { mapInOrder } from '../bounded-map.js';
import { badInput } from '../domain/errors.js';
import { formatLocationId } from '../domain/ids.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import { PREVIEW_MAX } from '../domain/source-text.js';
import { MODULE_NODE_NAME } from '../graph/module-items.js';
import { literalSpans } from '../inspect/lexer.js';
import type { DeclarationSpan } from '../ports/declaration-syntax.js';
import type { ProjectSources } from '../ports/project-sources.js';
import type { SourceFiles } from '../ports/source-files.js';
import { isGlob, pathFilter } from '../ranking/path-filter.js';
import { kindFilter } from '../ranking/kind-filter.js';
import { LinePattern } from '../search/line-pattern.js';
import { matchingLines } from '../search/matching-lines.js';
import type { SearchIndex } from '../search/search-index.js';

const DEFAULT_LIMIT = 100;
/** Files read at once: enough to keep the file system busy, few enough to hold little in memory. */
const PARALLEL_FILES = 16;
/** A long line's preview starts this many characters before the match, so the match is always in it. */
const PREVIEW_LEAD = 20;
/** Matching lines looked at before the search stops: past this the pattern is too broad to be read anyway. */
export const MAX_GREP_MATCHES = 10_000;
/** How long one search may take; past it the answer says where it stopped. */
export const GREP_TIME_BUDGET_MS = 10_000;

type Deps = {
  sources: ProjectSources;
  files: SourceFiles;
  paths: ProjectPaths;
  searchIndex: Pick<SearchIndex, 'declarationsOf'>;
  /** Milliseconds from any fixed point (the daemon's clock). */
  now(): number;
};

type Enclosing = GrepGroup['in'];

interface Found {
  filePath: string;
  in: Enclosing;
  match: GrepMatch;
}

/**
 * `cn grep <pattern> [paths…]`: a regular expression searched line by line in the project's source files (each line
 * once, where its first match starts), the matches grouped by the innermost declaration around them, so an agent
 * reads "in Hono.fetch, lines 3 and 9" instead of loose lines. Comments and strings count unless `codeOnly`.
 */
export async function grepCode(deps: Deps, request: GrepRequest): Promise<GrepResponse> {
  const pattern = LinePattern.compile(request.pattern, request);
  const keepKind = kindFilter(request.kind);
  const files = await filesToSearch(deps, request);
  const started = deps.now();
  const found: Found[] = [];
  let filesMatched = 0;
  let stopped: string | undefined;
  let searched = 0;
  // Files are read a few at a time (each read waits on the file system), their matches taken in file order.
  await mapInOrder(
    files,
    PARALLEL_FILES,
    async (filePath) => {
      if (deps.now() - started > GREP_TIME_BUDGET_MS) return undefined;
      // A file cn may not read (too large, binary, gone since listed) holds nothing to show.
      const source = await deps.files.readSource(filePath).catch(() => undefined);
      if (source === undefined || !pattern.mayMatchIn(source)) return [];
      return grepFile(deps, filePath, source.text, pattern, request.codeOnly === true);
    },
    (inFile) => {
      if (inFile === undefined) {
        stopped = `stopped after ${GREP_TIME_BUDGET_MS / 1000} s, ${searched} of ${files.length} files searched`;
        return false;
      }
      searched++;
      const kept = keepKind ? inFile.filter((entry) => keepKind(entry.in.kind)) : inFile;
      if (kept.length > 0) filesMatched++;
      found.push(...kept);
      if (found.length < MAX_GREP_MATCHES) return true;
      stopped = `stopped at ${MAX_GREP_MATCHES} matching lines, ${searched} of ${files.length} files searched`;
      return false;
    },
  );
  return answer(request, found, { filesSearched: searched, filesMatched, stopped });
}

/** The project's files under `paths` (any of them) and `in`; a path that names nothing is refused, as rg does. */
async function filesToSearch(deps: Deps, request: GrepRequest): Promise<string[]> {
  const all = (await deps.sources.files()).map((file) => ({ file, relative: deps.paths.toRelative(file) }));
  const scopes = (request.paths ?? []).map((scope) => {
    const cleaned = scope.replace(/\\/g, '/');
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

async function grepFile(
  deps: Deps,
  filePath: string,
  text: string,
  pattern: LinePattern,
  codeOnly: boolean,
): Promise<Found[]> {
  let skipped: ((offset: number) => boolean) | undefined;
  const lines: Array<{ line: number; offset: number; character: number; text: string }> = [];
  for (const { line, start, text: lineText, matches } of matchingLines(text, pattern)) {
    skipped ??= codeOnly ? inLiteral(filePath, text) : () => false;
    const first = matches.find((match) => !skipped!(start + match.start));
    if (first) lines.push({ line, offset: start + first.start, character: first.start + 1, text: lineText });
  }
  if (lines.length === 0) return [];
  const relative = deps.paths.toRelative(filePath);
  const declarations = await deps.searchIndex.declarationsOf(filePath, text);
  return lines.map(({ line, offset, character, text: lineText }) => ({
    filePath: relative,
    in: enclosingAt(relative, declarations, offset),
    match: { line, character, preview: grepPreview(lineText, character) },
  }));
}

/** Whether an offset falls in a comment, a string or template text (binary search over the file's literal spans). */
function inLiteral(filePath: string, text: string): (offset: number) => boolean {
  const spans = literalSpans(text, /\.[jt]sx$/i.test(filePath));
  return (offset) => {
    let low = 0;
    let high = spans.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const [start, end] = spans[middle];
      if (offset < start) high = middle - 1;
      else if (offset >= end) low = middle + 1;
      else return true;
    }
    return false;
  };
}

/**
 * The innermost declaration whose text (doc comment to end) holds the offset: the last one in source order that
 * does, since nested declarations follow the one holding them. A match on a declaration's own name is in it.
 */
function enclosingAt(relativePath: string, declarations: readonly DeclarationSpan[], offset: number): Enclosing {
  let innermost: DeclarationSpan | undefined;
  for (const declaration of declarations) {
    if (declaration.start > offset) break;
    if (offset < declaration.end) innermost = declaration;
  }
  if (!innermost) return { name: MODULE_NODE_NAME, kind: 'Module', id: relativePath };
  const { name, kind, container, position } = innermost;
  return {
    name,
    kind,
    id: formatLocationId(relativePath, position.line, position.character),
    ...(container !== undefined ? { container } : {}),
  };
}

/** The matching line, trimmed; a line longer than a preview is shown from a little before the match. */
export function grepPreview(line: string, character: number): string {
  const trimmed = line.trim();
  if (trimmed.length <= PREVIEW_MAX) return trimmed;
  const matchAt = character - 1 - (line.length - line.trimStart().length);
  const from = Math.max(0, Math.min(matchAt - PREVIEW_LEAD, trimmed.length - PREVIEW_MAX + 1));
  return from === 0 ? trimmed.slice(0, PREVIEW_MAX) : `…${trimmed.slice(from, from + PREVIEW_MAX - 1)}`;
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
