import type { MapRequest, MapResponse, MapSymbol } from '@cn/protocol';
import { badInput } from '../domain/errors.js';
import { formatLocationId } from '../domain/ids.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import { DECLARING_CONTAINER_KINDS, type OutlineNode } from '../domain/symbols.js';
import { readDeclarationHead } from '../inspect/declaration-head.js';
import { exportEntriesOf } from '../inspect/module-statements.js';
import { checkMaxTokens, fitMap } from '../output/budget.js';
import { checkSnippetLevel, snippet } from '../output/snippets.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { SourceFiles } from '../ports/source-files.js';
import { declaredKind } from '../ranking/refine-kind.js';
import { boundedMap } from '../bounded-map.js';
import { statementBindingTest } from './top-level-declarations.js';
import { declarationAt } from './outline-node.js';
import { docCommentAbove } from './find-parts.js';
import type { SourceText } from '../domain/source-text.js';
import { mapScope, symbolFilter } from './map-scope.js';

/** Re-export targets asked of the engine at once. */
const RESOLVE_WIDTH = 16;

type Deps = { engine: CodeIntelligence; files: SourceFiles; paths: ProjectPaths };
type Entry = { symbol: MapSymbol; character: number; resolveAt?: { line: number; character: number } };

/**
 * `cn map <file>`: the file's outline, flattened in document order, each symbol with its id,
 * modifiers and lines; re-exports (which the engine's outline leaves out) with the id each resolves to.
 * `cn map <file>::<Name>`: what that declaration declares (a class's members), the declaration as `of`. `kind` and
 * `modifiers` keep the symbols that match (`filteredOut` counts the others).
 */
export async function mapFile(deps: Deps, request: MapRequest): Promise<MapResponse> {
  const level = checkSnippetLevel(request.snippet);
  const maxTokens = checkMaxTokens(request.maxTokens);
  if (request.limit !== undefined && (!Number.isInteger(request.limit) || request.limit < 1)) {
    throw badInput(`limit must be a whole number of 1 or more, not ${request.limit}`);
  }
  const keeps = symbolFilter(request);
  const { filePath, text, outline, of } = await mapScope(deps, request.file);
  const relative = deps.paths.toRelative(filePath);
  // A declaration's map has its members, not the file's re-exports.
  const exports = of ? [] : exportEntriesOf(text);
  // The engine lists `export = X` as a constant named `export=` that says nothing of X; the export entry does.
  const assigned = exports.some((entry) => entry.name === 'export=');
  const isStatementBinding = statementBindingTest(text);
  const entries: Entry[] = [];
  const visit = (node: OutlineNode, container: OutlineNode | undefined) => {
    // What a file declares is its top level and the members of its types and namespaces; what
    // lives inside a function body is detail, there only when asked for (or when that function was asked for).
    if (
      container !== undefined &&
      container !== of &&
      !request.locals &&
      !DECLARING_CONTAINER_KINDS.has(container.kind)
    )
      return;
    if (
      container === undefined &&
      ((!request.locals && isStatementBinding(node)) || (assigned && node.name === 'export='))
    )
      return;
    entries.push(outlineEntry(node, container));
    for (const child of node.children) visit(child, node);
  };
  const outlineEntry = (node: OutlineNode, container: OutlineNode | undefined): Entry => {
    const head = readDeclarationHead(text, node);
    const { line, character } = head.nameAt;
    const kind = declaredKind(node.kind, text.line(line), character, head.accessor);
    return {
      character,
      symbol: {
        id: formatLocationId(relative, line, character),
        name: node.name,
        kind,
        line,
        endLine: node.range.end.line,
        ...(container !== undefined ? { container: container.name } : {}),
        ...(head.modifiers.length > 0 ? { modifiers: head.modifiers } : {}),
        ...(level ? { snippet: snippet(text, node.range.start.line, node.range.end.line, level) } : {}),
      },
    };
  };
  if (of) of.children.forEach((node) => visit(node, of));
  else outline.forEach((node) => visit(node, undefined));
  for (const entry of exports) {
    const { line, character } = entry.nameAt;
    entries.push({
      character,
      resolveAt: entry.resolveAt,
      symbol: {
        id: formatLocationId(relative, line, character),
        name: entry.name,
        kind: 'Export',
        line,
        endLine: entry.endLine,
        ...(entry.typeOnly ? { modifiers: ['type'] } : {}),
        ...(entry.from !== undefined ? { from: entry.from } : {}),
      },
    });
  }
  // The engine nests by syntax; callers read top to bottom.
  entries.sort((a, b) => a.symbol.line - b.symbol.line || a.character - b.character);
  const kept = keeps ? entries.filter((entry) => keeps(entry.symbol)) : entries;
  const shown = request.limit === undefined ? kept : kept.slice(0, request.limit);
  // Only what is shown is resolved: one engine question per re-export.
  const symbols = await boundedMap(shown, RESOLVE_WIDTH, async (entry) =>
    entry.resolveAt ? { ...entry.symbol, ...(await resolveExport(deps, filePath, entry.resolveAt)) } : entry.symbol,
  );
  const response: MapResponse = {
    filePath: relative,
    ...(of ? mappedDeclaration(outlineEntry(of, undefined).symbol, containerOf(outline, of), text) : {}),
    symbols,
    total: kept.length,
    ...(symbols.length < kept.length ? { truncated: true as const } : {}),
    ...(request.kind !== undefined ? { kind: request.kind } : {}),
    ...(request.modifiers?.length ? { modifiers: request.modifiers } : {}),
    ...(keeps ? { filteredOut: entries.length - kept.length } : {}),
  };
  return maxTokens === undefined ? response : fitMap(response, maxTokens);
}

/** The declaration mapped, without its code (its members carry their own snippets), and both ends of it as written. */
function mappedDeclaration(
  symbol: MapSymbol,
  container: { container?: string },
  text: SourceText,
): Pick<MapResponse, 'of' | 'ofLines'> {
  const { snippet: _members, ...declaration } = symbol;
  const doc = docCommentAbove(text, symbol.line);
  return {
    of: { ...declaration, ...container },
    ofLines: {
      preview: text.preview(symbol.line),
      ...(symbol.endLine > symbol.line && text.line(symbol.endLine) !== undefined
        ? { endPreview: text.preview(symbol.endLine) }
        : {}),
      ...(doc ? { docLines: doc } : {}),
    },
  };
}

/** The name of the node that holds `node` in the outline, when it is not top-level. */
function containerOf(outline: OutlineNode[], node: OutlineNode): { container?: string } {
  const search = (nodes: OutlineNode[], parent?: OutlineNode): OutlineNode | undefined => {
    for (const candidate of nodes) {
      if (candidate === node) return parent;
      const found = search(candidate.children, candidate);
      if (found) return found;
    }
    return undefined;
  };
  const parent = search(outline);
  return parent ? { container: parent.name } : {};
}

/**
 * The declaration a re-export stands for, and its kind (so "is it the class?" needs no second call);
 * nothing when the engine knows none or it lies outside the root.
 */
async function resolveExport(
  deps: Deps,
  filePath: string,
  at: { line: number; character: number },
): Promise<{ resolvesTo?: string; resolvedKind?: string }> {
  const [target] = await deps.engine.definition(filePath, at);
  if (!target || !(await deps.files.isInsideRoot(target.filePath))) return {};
  const { line, character } = target.range.start;
  const text = await deps.files.readSource(target.filePath);
  const declared = await declarationAt(deps.engine, target.filePath, target.range.start, text);
  return {
    resolvesTo: formatLocationId(deps.paths.toRelative(target.filePath), line, character),
    ...(declared ? { resolvedKind: declared.kind } : {}),
  };
}
