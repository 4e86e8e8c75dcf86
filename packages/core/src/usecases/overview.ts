import type { OverviewFile, OverviewRequest, OverviewResponse, OverviewSymbol } from '@cn/protocol';
import { MissingPath, badInput } from '../domain/errors.js';
import { formatLocationId } from '../domain/ids.js';
import { isDeclarationFile, type ProjectPaths } from '../domain/project-paths.js';
import { SourceText } from '../domain/source-text.js';
import { hasByteEscapes } from '../domain/file-names.js';
import type { SearchIndex } from '../search/search-index.js';
import type { OutlineNode } from '../domain/symbols.js';
import { projectFilesInRoot } from '../graph/import-index.js';
import { MIN_MAX_TOKENS, checkMaxTokens, countKinds, fitOverview } from '../output/budget.js';
import { signature } from '../output/snippets.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { ImportGraphSource } from '../ports/import-graph.js';
import type { SourceFiles } from '../ports/source-files.js';
import { refineKind } from '../ranking/refine-kind.js';
import { boundedMap } from '../bounded-map.js';
import { buildImportIndex, defaultExportName } from './import-index.js';
import { isExported, isIdentifierName, isImportOrReExport, statementBindingTest } from './top-level-declarations.js';

export const DEFAULT_OVERVIEW_TOKENS = 2000;

/**
 * The budget a client cuts an overview to, from the `maxTokens` asked (named `option` in errors, as the
 * caller spells it): the default when none is asked, undefined for 0 (no cut).
 */
export function overviewBudget(maxTokens: number | undefined, option: string): number | undefined {
  if (maxTokens === undefined) return DEFAULT_OVERVIEW_TOKENS;
  if (maxTokens === 0) return undefined;
  if (maxTokens < MIN_MAX_TOKENS)
    throw badInput(`${option} takes 0 (no cut) or a whole number of ${MIN_MAX_TOKENS} or more, not '${maxTokens}'`);
  return maxTokens;
}
/** Per file; the rest is counted in `omitted`. A file with more is read with cn map. */
export const SYMBOLS_PER_FILE = 8;
const MOST_REFERENCED = 10;
const OUTLINE_WIDTH = 8;

/** The file list comes from the import graph's view of the project (every config's files plus loose files). */
type Deps = {
  engine: CodeIntelligence;
  files: SourceFiles;
  paths: ProjectPaths;
  importGraph: Pick<ImportGraphSource, 'projectFiles' | 'importsOf'>;
  /** cn's own parse of a file, for one no engine can open (a name that is not UTF-8: file-names.ts). */
  searchIndex?: Pick<SearchIndex, 'declarationsOf'>;
};
interface Declared extends OverviewSymbol {
  line: number;
}

/**
 * `cn overview [dir]`: a repo map for the first call on an unfamiliar project. Per file, its
 * top-level declarations (exported first) with kind and one-line signature, most-imported first;
 * files ordered by their most-imported declaration, cut to a token budget. Overloads are one entry.
 *
 * "How often referenced" is `importedBy`: how many project files import (or re-export) that
 * declaration, read from their import clauses and resolved (see import-index.ts for why not LSP references).
 */
export async function overview(deps: Deps, request: OverviewRequest): Promise<OverviewResponse> {
  const maxTokens = checkMaxTokens(request.maxTokens, true) ?? DEFAULT_OVERVIEW_TOKENS;
  if (request.limit !== undefined && (!Number.isInteger(request.limit) || request.limit < 1)) {
    throw badInput(`limit must be a whole number of 1 or more, not ${request.limit}`);
  }
  const dir = request.dir === undefined || request.dir.trim() === '' ? '.' : request.dir;
  const resolved = await deps.files.resolveInRoot(dir).catch((error: unknown) => {
    // The files port speaks of files; here the user named a directory.
    if (error instanceof MissingPath)
      throw badInput(
        `no such directory: ${deps.paths.toRelative(deps.paths.toAbsolute(dir))}`,
        'pass a directory under the project root, or nothing for all of it',
      );
    throw error;
  });
  const base = deps.paths.toRelative(resolved);
  const under = (relative: string) => base === '' || relative === base || relative.startsWith(`${base}/`);
  const project = await projectFilesInRoot(deps.importGraph, deps.files);
  const sources = project.filter((file) => !isDeclarationFile(file));
  // A types-only package has nothing but declaration files; then they are its sources.
  const chosen = (sources.length > 0 ? sources : project).filter((file) => under(deps.paths.toRelative(file)));
  if (chosen.length === 0)
    throw badInput(`no source files under ${base || '.'}`, 'pass a directory holding .ts/.js files the project loads');

  const texts = new Map<string, SourceText>();
  await boundedMap(project, OUTLINE_WIDTH * 4, async (file) => {
    const source = await deps.files.readSource(file).catch(() => undefined);
    if (source !== undefined) texts.set(file, source);
  });
  const imports = await buildImportIndex(
    deps.importGraph,
    new Map([...texts].map(([file, text]) => [file, text.text])),
  );

  const declaredPerFile = await boundedMap(chosen, OUTLINE_WIDTH, async (file) => {
    const text = texts.get(file);
    if (!text) return [];
    const outline = hasByteEscapes(file)
      ? await ownOutline(deps, file, text.text)
      : await deps.engine.outline(file).catch(() => [] as OutlineNode[]);
    const defaultName = defaultExportName(text.text);
    // A default import names the module's default export, whatever the importer calls it.
    const importCount = (name: string) =>
      imports.importedBy(file, name) + (name === defaultName ? imports.importedBy(file, 'default') : 0);
    return topLevelDeclarations(deps.paths.toRelative(file), outline, text, importCount);
  });
  const files: Array<OverviewFile & { score: number }> = [];
  chosen.forEach((file, index) => {
    const declared = declaredPerFile[index];
    if (declared.length === 0) return;
    declared.sort((a, b) => Number(b.exported) - Number(a.exported) || b.importedBy - a.importedBy || a.line - b.line);
    const symbols = declared.slice(0, SYMBOLS_PER_FILE).map(({ line: _line, ...symbol }) => symbol);
    const omitted = declared.length - symbols.length;
    files.push({
      filePath: deps.paths.toRelative(file),
      symbols,
      ...(omitted > 0 ? { omitted } : {}),
      score: Math.max(...declared.map((d) => d.importedBy)),
    });
  });
  files.sort((a, b) => b.score - a.score || a.filePath.localeCompare(b.filePath));

  const everything = declaredPerFile.flat();
  const mostImported = everything
    .filter((symbol) => symbol.importedBy > 0)
    .sort((a, b) => b.importedBy - a.importedBy || a.id.localeCompare(b.id))
    .slice(0, MOST_REFERENCED)
    .map(({ id, name, kind, importedBy }) => ({ id, name, kind, filePath: id.slice(0, id.indexOf('::')), importedBy }));
  const listed = files.map(({ score: _score, ...file }) => file);
  const kept = request.limit === undefined ? listed : listed.slice(0, request.limit);
  const response: OverviewResponse = {
    dir: base || '.',
    counts: {
      files: chosen.length,
      symbols: everything.length,
      byKind: countKinds(everything.map((symbol) => symbol.kind)),
    },
    mostImported,
    files: kept,
    total: listed.length,
    ...(kept.length < listed.length ? { truncated: true as const } : {}),
  };
  return maxTokens === 0 ? response : fitOverview(response, maxTokens);
}

function topLevelDeclarations(
  relative: string,
  outline: OutlineNode[],
  text: SourceText,
  importCount: (name: string) => number,
): Declared[] {
  const declared: Declared[] = [];
  const seen = new Map<string, Declared>();
  const isStatementBinding = statementBindingTest(text);
  for (const node of outline) {
    const { line, character } = node.selectionRange.start;
    const lineText = text.line(line) ?? '';
    if (isImportOrReExport(lineText)) continue;
    if (!isIdentifierName(node.name) || isStatementBinding(node)) continue;
    const kind = refineKind(node.kind, lineText, character);
    // Overload signatures and their implementation are one entry; another kind of the same name (an interface and a
    // const, a class and its merged namespace) is another meaning, with an entry of its own.
    const earlier = seen.get(`${kind} ${node.name}`);
    if (earlier) {
      earlier.overloads = (earlier.overloads ?? 0) + 1;
      continue;
    }
    const entry: Declared = {
      id: formatLocationId(relative, line, character),
      name: node.name,
      kind,
      exported: isExported(text, node, lineText),
      signature: signature(text, firstCodeLine(text, node.range.start.line, line), node.range.end.line),
      importedBy: importCount(node.name),
      line,
    };
    seen.set(`${kind} ${node.name}`, entry);
    declared.push(entry);
  }
  return declared;
}

function firstCodeLine(text: SourceText, startLine: number, nameLine: number): number {
  let line = startLine;
  while (line < nameLine && /^\s*(?:@|\/\/|\/\*|\*)/.test(text.line(line) ?? '')) line++;
  return line;
}

/** The top-level declarations cn's own parse finds (the search index's), as outline nodes. */
async function ownOutline(deps: Deps, file: string, text: string): Promise<OutlineNode[]> {
  const declarations = (await deps.searchIndex?.declarationsOf(file, text).catch(() => [])) ?? [];
  return declarations
    .filter((declaration) => declaration.container === undefined)
    .map(({ name, kind, position, startLine, endLine }) => ({
      name,
      kind,
      range: { start: { line: startLine, character: 1 }, end: { line: endLine, character: 1 } },
      selectionRange: { start: position, end: { line: position.line, character: position.character + name.length } },
      children: [],
    }));
}
