import type { UnusedRequest, UnusedResponse, UnusedSymbol } from '../contract.js';
import { formatLocationId } from '../domain/ids.js';
import type { Position } from '../domain/location.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import { SourceText } from '../domain/source-text.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { SourceFiles } from '../ports/source-files.js';
import { refineKind } from '../ranking/refine-kind.js';
import { resolveSourceFile } from './resolve-source.js';

/** References are asked a few at a time: tsserver answers one by one anyway, and this bounds memory. */
const CONCURRENT_QUERIES = 4;

/**
 * `cn unused <file>`: the file's top-level declarations that nothing else in the project refers
 * to — one call instead of a map plus a find per symbol. Overloads count as one declaration.
 */
export async function findUnused(deps: { engine: CodeIntelligence; files: SourceFiles; paths: ProjectPaths }, request: UnusedRequest): Promise<UnusedResponse> {
  const filePath = await resolveSourceFile(deps.files, request.file);
  const text = new SourceText(await deps.files.readText(filePath));
  const relative = deps.paths.toRelative(filePath);
  const seen = new Set<string>();
  // The engine's outline is not always in document order; people and agents read top to bottom.
  const declarations = [...(await deps.engine.outline(filePath))]
    .sort((a, b) => a.selectionRange.start.line - b.selectionRange.start.line)
    .filter((node) => !seen.has(node.name) && seen.add(node.name));
  const verdicts = await mapLimited(declarations, CONCURRENT_QUERIES, async (node) => {
    const at: Position = node.selectionRange.start;
    const uses = await deps.engine.references(filePath, at, false);
    // Some servers list the declaration even when asked not to; a use is anywhere else.
    return uses.every((use) => use.filePath === filePath && use.range.start.line === at.line && use.range.start.character === at.character);
  });
  const unused: UnusedSymbol[] = [];
  declarations.forEach((node, index) => {
    if (!verdicts[index]) return;
    const { line, character } = node.selectionRange.start;
    const lineText = text.line(line) ?? '';
    unused.push({
      id: formatLocationId(relative, line, character),
      name: node.name,
      kind: refineKind(node.kind, lineText, character),
      line,
      exported: /^\s*export\b/.test(text.line(node.range.start.line) ?? '') || /^\s*export\b/.test(lineText),
    });
  });
  return { filePath: relative, checked: declarations.length, unused };
}

async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
