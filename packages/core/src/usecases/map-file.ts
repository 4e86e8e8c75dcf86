import type { MapRequest, MapResponse, MapSymbol } from '../contract.js';
import { badInput } from '../domain/errors.js';
import { formatLocationId } from '../domain/ids.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import { SourceText } from '../domain/source-text.js';
import type { OutlineNode } from '../domain/symbols.js';
import { checkMaxTokens, fitMap } from '../output/budget.js';
import { checkSnippetLevel, snippet } from '../output/snippets.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { SourceFiles } from '../ports/source-files.js';
import { refineKind } from '../ranking/refine-kind.js';
import { resolveSourceFile } from './resolve-source.js';

const DECLARING_CONTAINERS = new Set(['Class', 'Interface', 'Enum', 'Module', 'Namespace', 'Struct']);

/** `cn map <file>`: the file's outline, flattened in document order, each symbol with its id. */
export async function mapFile(
  deps: { engine: CodeIntelligence; files: SourceFiles; paths: ProjectPaths },
  request: MapRequest,
): Promise<MapResponse> {
  const level = checkSnippetLevel(request.snippet);
  const maxTokens = checkMaxTokens(request.maxTokens);
  if (request.limit !== undefined && (!Number.isInteger(request.limit) || request.limit < 1)) {
    throw badInput(`limit must be a whole number of 1 or more, not ${request.limit}`);
  }
  const filePath = await resolveSourceFile(deps.files, request.file);
  // Reading first refuses binary and oversized files before the engine sees them.
  const text = new SourceText(await deps.files.readText(filePath));
  const outline = await deps.engine.outline(filePath);
  const relative = deps.paths.toRelative(filePath);
  const entries: Array<{ symbol: MapSymbol; character: number }> = [];
  const visit = (node: OutlineNode, container: string | undefined) => {
    // What a file declares is its top level and the members of its types and namespaces; what
    // lives inside a function body is detail, there only when asked for.
    if (container !== undefined && !request.locals && !DECLARING_CONTAINERS.has(parentKind.get(node) ?? '')) return;
    const { line, character } = node.selectionRange.start;
    entries.push({
      character,
      symbol: {
        id: formatLocationId(relative, line, character),
        name: node.name,
        kind: refineKind(node.kind, text.line(line), character),
        line,
        endLine: node.range.end.line,
        ...(container !== undefined ? { container } : {}),
        ...(level ? { snippet: snippet(text, node.range.start.line, node.range.end.line, level) } : {}),
      },
    });
    for (const child of node.children) {
      parentKind.set(child, node.kind);
      visit(child, node.name);
    }
  };
  const parentKind = new Map<OutlineNode, string>();
  outline.forEach((node) => visit(node, undefined));
  // The engine nests by syntax; callers read top to bottom.
  entries.sort((a, b) => a.symbol.line - b.symbol.line || a.character - b.character);
  const all = entries.map((entry) => entry.symbol);
  const symbols = request.limit === undefined ? all : all.slice(0, request.limit);
  const response: MapResponse = { filePath: relative, symbols, total: all.length, ...(symbols.length < all.length ? { truncated: true as const } : {}) };
  return maxTokens === undefined ? response : fitMap(response, maxTokens);
}
