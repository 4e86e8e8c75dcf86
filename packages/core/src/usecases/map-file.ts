import type { MapRequest, MapResponse, MapSymbol } from '../contract.js';
import { formatLocationId } from '../domain/ids.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import type { OutlineNode } from '../domain/symbols.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { SourceFiles } from '../ports/source-files.js';
import { resolveSourceFile } from './resolve-source.js';

/** `cn map <file>`: the file's outline, flattened in document order, each symbol with its id. */
export async function mapFile(
  deps: { engine: CodeIntelligence; files: SourceFiles; paths: ProjectPaths },
  request: MapRequest,
): Promise<MapResponse> {
  const filePath = await resolveSourceFile(deps.files, request.file);
  await deps.files.readText(filePath); // refuses binary and oversized files before the engine sees them
  const outline = await deps.engine.outline(filePath);
  const relative = deps.paths.toRelative(filePath);
  const entries: Array<{ symbol: MapSymbol; character: number }> = [];
  const visit = (node: OutlineNode, container: string | undefined) => {
    const { line, character } = node.selectionRange.start;
    entries.push({
      character,
      symbol: {
      id: formatLocationId(relative, line, character),
      name: node.name,
      kind: node.kind,
      line,
      endLine: node.range.end.line,
      ...(container !== undefined ? { container } : {}),
      },
    });
    node.children.forEach((child) => visit(child, node.name));
  };
  outline.forEach((node) => visit(node, undefined));
  // The engine nests by syntax; callers read top to bottom.
  entries.sort((a, b) => a.symbol.line - b.symbol.line || a.character - b.character);
  return { filePath: relative, symbols: entries.map((entry) => entry.symbol) };
}
