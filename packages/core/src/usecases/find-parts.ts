import type { Candidate, FindResponse, ReferenceMode, SnippetLevel } from '@cn/protocol';
import type { Position, Range, SourceLocation } from '../domain/location.js';
import type { SourceText } from '../domain/source-text.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import type { WorkspaceSymbolHit } from '../domain/symbols.js';
import { snippet } from '../output/snippets.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { ImportGraphSource } from '../ports/import-graph.js';
import type { ReferenceSyntax } from '../ports/reference-syntax.js';
import type { SourceFiles } from '../ports/source-files.js';
import type { SymbolIndex } from '../ports/symbol-index.js';
import type { WorkClock } from '../search/work-budget.js';
import { describeReferences, type ReferenceFilters, type ReferencePart } from './find-references.js';
import type { LocationRefBuilder } from './location-refs.js';
import { searchCompleteness, searchedProjects } from './searched-projects.js';
import type { NameMatchDeps } from './name-matches.js';

/** What `cn find` reads: the engine and its name index, the files, each reference's syntax (and NameMatchDeps'). */
export type FindDeps = Partial<WorkClock> &
  NameMatchDeps & {
    engine: CodeIntelligence;
    symbols: SymbolIndex;
    files: SourceFiles;
    paths: ProjectPaths;
    /** The project's files, for listing by kind or path (symbol-patterns.ts). */
    importGraph: Pick<ImportGraphSource, 'projectFiles'>;
    referenceSyntax: ReferenceSyntax;
  };

export type Definition = NonNullable<FindResponse['definition']>;

export interface FindOptions {
  refs: ReferenceMode;
  snippet?: SnippetLevel;
  limit?: number;
  filters: ReferenceFilters;
}

export type ReferencesAnswer = ReferencePart & {
  projects?: number;
  complete?: boolean;
  incomplete?: string;
  /** Every reference the engine found, before the filters: the places a word search would also hit. */
  locations: SourceLocation[];
};

/**
 * A reference search under way: the engine's places as soon as it gives them, and their description after. A word
 * search (`otherMatches`) waits only for the places: on typeorm's DataSource it starts its engine lookups ~20 ms
 * sooner, while the 2,172 references are classified and placed.
 */
export interface ReferenceSearch {
  /** Every reference the engine found, before description and filters. */
  found: Promise<SourceLocation[]>;
  described: Promise<ReferencesAnswer>;
}

/** The references of the symbol at a place, described and filtered; nothing searched with `refs: none`. */
export function searchReferences(
  deps: FindDeps,
  builder: LocationRefBuilder,
  filePath: string,
  position: Position,
  options: FindOptions,
): ReferenceSearch {
  // `--no-refs` skips the project-wide search entirely: that is where the time goes.
  if (options.refs === 'none') {
    const none: ReferencesAnswer = { references: [], totalReferences: 0, truncated: false, locations: [] };
    return { found: Promise.resolve([]), described: Promise.resolve(none) };
  }
  const found = deps.engine.references(filePath, position, true);
  const described = found.then(async (locations) => ({
    ...(await describeReferences(deps, builder, locations, options.filters)),
    ...searchCompleteness(searchedProjects(deps.engine), []),
    locations,
  }));
  // Whoever waits for the places alone may not be there to see them fail: the description carries the failure.
  found.catch(() => undefined);
  return { found, described };
}

/**
 * A symbol-search hit as an answer's candidate (or definition), at its name; a definition (`end`) says its last line's
 * text too (a list of candidates does not: a line each is what keeps it at grep's cost).
 */
export async function namedRef(
  builder: LocationRefBuilder,
  hit: WorkspaceSymbolHit,
  position: Position,
  level: SnippetLevel | undefined,
  end: 'end' | 'no end' = 'no end',
): Promise<Candidate> {
  const ref = await builder.ref(hit.filePath, position, hit.kind);
  const named: Candidate = {
    ...ref,
    name: hit.name,
    ...(hit.containerName ? { container: hit.containerName } : {}),
    endLine: hit.range.end.line,
    ...(end === 'end' ? await endPreview(builder, hit.filePath, ref.line, hit.range.end.line) : {}),
  };
  if (level) await addSnippet(builder, named, hit.filePath, hit.range, level);
  return named;
}

/**
 * Both ends of a definition's range, seen: its last line's text, when it ends on another line than its name's, and the
 * doc comment above its first line (agents ran `sed` around both ends to see them).
 */
export async function endPreview(
  builder: LocationRefBuilder,
  filePath: string,
  line: number,
  endLine: number,
): Promise<{ endPreview?: string; docLines?: [number, number] }> {
  const text = await builder.text(filePath);
  if (!text) return {};
  const doc = docCommentAbove(text, line);
  return {
    ...(endLine > line && text.line(endLine) !== undefined ? { endPreview: text.preview(endLine) } : {}),
    ...(doc ? { docLines: doc } : {}),
  };
}

/** How far above a declaration its doc comment's start is looked for. */
const MAX_DOC_LINES = 200;

/** The `/** … *\/` block ending right above `line` (decorator lines between skipped): its first and last line. */
export function docCommentAbove(text: SourceText, line: number): [number, number] | undefined {
  let last = line - 1;
  while (last >= 1 && (text.line(last) ?? '').trim().startsWith('@')) last--;
  if (last < 1 || !(text.line(last) ?? '').trim().endsWith('*/')) return undefined;
  for (let first = last; first >= 1 && last - first < MAX_DOC_LINES; first--) {
    const content = (text.line(first) ?? '').trim();
    if (content.startsWith('/**')) return [first, last];
    // A plain block comment, or another comment's end: no doc comment of this declaration.
    if (content.startsWith('/*') || (first < last && content.includes('*/'))) return undefined;
  }
  return undefined;
}

export async function addSnippet(
  builder: LocationRefBuilder,
  target: { snippet?: string },
  filePath: string,
  range: Range,
  level: SnippetLevel,
): Promise<void> {
  const text = await builder.text(filePath);
  if (text) target.snippet = snippet(text, range.start.line, range.end.line, level);
}

/** `refs` is echoed when not `all`, so an empty reference list is not read as "never used". */
export function modeEcho(options: FindOptions): { refs?: ReferenceMode } {
  return options.refs === 'all' ? {} : { refs: options.refs };
}
