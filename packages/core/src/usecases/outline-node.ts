import type { Position } from '../domain/location.js';
import type { SourceText } from '../domain/source-text.js';
import type { OutlineNode } from '../domain/symbols.js';
import { readDeclarationHead } from '../inspect/declaration-head.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import { declaredKind } from '../ranking/refine-kind.js';

export interface DeclarationAt {
  node: OutlineNode;
  container?: string;
  /** The kind cn reports: the outline's, refined (TypeAlias, Getter/Setter, an arrow function's Function …). */
  kind: string;
}

/** The outline node whose name is at the position, with its container's name and refined kind. */
export async function declarationAt(
  engine: Pick<CodeIntelligence, 'outline'>,
  filePath: string,
  position: Position,
  text: SourceText | undefined,
): Promise<DeclarationAt | undefined> {
  const search = (nodes: OutlineNode[], container?: string): Omit<DeclarationAt, 'kind'> | undefined => {
    for (const node of nodes) {
      const { start, end } = node.selectionRange;
      const onName =
        start.line === position.line &&
        start.character <= position.character &&
        (end.line > position.line || end.character >= position.character);
      if (onName) return { node, ...(container ? { container } : {}) };
      const inside = search(node.children, node.name);
      if (inside) return inside;
    }
    return undefined;
  };
  const found = search(await engine.outline(filePath).catch(() => []));
  if (!found) return undefined;
  const accessor = text ? readDeclarationHead(text, found.node).accessor : undefined;
  const kind = declaredKind(found.node.kind, text?.line(position.line), position.character, accessor);
  return { ...found, kind };
}
