import { badInput } from '../domain/errors.js';
import type { SourceText } from '../domain/source-text.js';
import { DECLARING_CONTAINER_KINDS, type OutlineNode, type WorkspaceSymbolHit } from '../domain/symbols.js';
import { projectFilesInRoot } from '../graph/import-index.js';
import { mapInOrder } from '../bounded-map.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { ImportGraphSource } from '../ports/import-graph.js';
import type { SourceFiles } from '../ports/source-files.js';
import type { SymbolIndex } from '../ports/symbol-index.js';
import { compileGlob } from '../ranking/glob.js';
import { NameMatch } from '../ranking/rank-symbols.js';
import { pausesOf, type WorkBudget, type WorkClock } from '../search/work-budget.js';
import { listBest, type Listing } from './pattern-listing.js';
import { isIdentifierName } from './top-level-declarations.js';

/** The query that lists every name: what `cn find --kind interface --in src` sends. */
export const EVERY_NAME = '*';
/** Outlines asked of the engine at once when the files under a scope are listed. */
const OUTLINE_WIDTH = 8;

/** `*Router`, `get?`, `*`: a query with a wildcard lists every matching symbol instead of choosing one. */
export function isNamePattern(query: string): boolean {
  return /[*?]/.test(query);
}

export type PatternSearchDeps = Partial<WorkClock> & {
  engine: CodeIntelligence;
  symbols: SymbolIndex;
  files: Pick<SourceFiles, 'filesInsideRoot'>;
  importGraph: Pick<ImportGraphSource, 'projectFiles'>;
};

export interface PatternSearchOptions {
  kind?: string;
  /** Root-relative paths kept (built from `--in`). */
  within?: (relativePath: string) => boolean;
  relativePath: (filePath: string) => string;
  /** How many of the best matches are located and returned. */
  limit: number;
}

/**
 * Every symbol whose name matches a glob (`*` any run, `?` one character; glob.ts's syntax), ranked as
 * `cn find` ranks (exported top-level first, sources before tests). Case-sensitive when the pattern has
 * a capital letter, else not (`*router` finds `SmartRouter`), as in editors' smart case.
 *
 * Complete for the scope, never a sample: a case-sensitive pattern with a literal run holding a
 * capital (`*Router`) asks the engine's name search for that run, which returns every name containing
 * it in that case; any other pattern (`*`, `*router*`) reads the outline of every project file in scope.
 * Outlines list top-level declarations and the members of classes, interfaces, enums and namespaces,
 * not what is declared inside function bodies. Only the best `limit` are located (pattern-listing.ts); every
 * match is counted, at least.
 */
export async function searchNamePattern(
  deps: PatternSearchDeps,
  texts: (filePath: string) => Promise<SourceText | undefined>,
  pattern: string,
  options: PatternSearchOptions,
): Promise<Listing> {
  if (/[\s.]/.test(pattern))
    throw badInput(
      `'${pattern.slice(0, 40)}' is not a name pattern`,
      'a pattern matches one name, e.g. cn find "*Router"; narrow members with --kind method',
    );
  const matches = nameMatcher(pattern);
  const literal = searchableLiteral(pattern);
  const inScope = (filePath: string) => !options.within || options.within(options.relativePath(filePath));
  const budget = pausesOf(deps);
  const hits = literal
    ? (await deps.symbols.searchSymbols(literal)).hits.filter((hit) => inScope(hit.filePath))
    : await outlineHits(deps, inScope, budget);
  // Imports and re-exports name a declaration listed where it is declared.
  const ranked = hits
    .filter((hit) => !hit.alias && matches(hit.name))
    .map((hit) => ({ hit, match: NameMatch.Exact, relativePath: options.relativePath(hit.filePath) }));
  return listBest(deps.engine, texts, ranked, { limit: options.limit, kind: options.kind, budget });
}

/** The glob over whole names, case-insensitive unless it has a capital letter. */
function nameMatcher(pattern: string): (name: string) => boolean {
  if (/\p{Lu}/u.test(pattern)) return compileGlob(pattern);
  const lower = compileGlob(pattern.toLowerCase());
  return (name) => lower(name.toLowerCase());
}

/**
 * The longest literal run of a plain `*`/`?` pattern, when it holds a capital letter: tsserver's navto
 * then returns every name containing it case-sensitively (a lowercase run is matched at word starts
 * only, so `router` would miss `myrouter`). Undefined when the engine's search cannot be complete.
 */
export function searchableLiteral(pattern: string): string | undefined {
  if (!/^[\p{L}\p{N}$_*?]+$/u.test(pattern)) return undefined;
  const runs = pattern.split(/[*?]+/).filter((run) => /\p{Lu}/u.test(run));
  return runs.sort((a, b) => b.length - a.length)[0];
}

/** The declarations in the outlines of the project files in scope, as search hits; each file's taken as it comes. */
async function outlineHits(
  deps: PatternSearchDeps,
  inScope: (filePath: string) => boolean,
  budget: WorkBudget,
): Promise<WorkspaceSymbolHit[]> {
  const files = (await projectFilesInRoot(deps.importGraph, deps.files)).filter(inScope);
  const hits: WorkspaceSymbolHit[] = [];
  const visit = (filePath: string, node: OutlineNode, container: OutlineNode | undefined) => {
    // Callbacks (`describe('x') callback`) and string keys are in outlines too; they are no names.
    if (isIdentifierName(node.name)) {
      hits.push({
        name: node.name,
        kind: node.kind,
        filePath,
        range: node.range,
        ...(container ? { containerName: container.name } : {}),
      });
    }
    if (DECLARING_CONTAINER_KINDS.has(node.kind)) for (const child of node.children) visit(filePath, child, node);
  };
  await mapInOrder(
    files,
    OUTLINE_WIDTH,
    async (filePath) => {
      const outline = await deps.engine.outline(filePath).catch((): OutlineNode[] => []);
      for (let pause = budget.pauseIfDue(); pause; pause = budget.pauseIfDue()) await pause;
      return outline;
    },
    (outline, filePath) => outline.forEach((node) => visit(filePath, node, undefined)),
  );
  return hits;
}
