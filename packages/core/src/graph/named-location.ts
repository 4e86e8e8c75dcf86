import type { NamedLocation } from '@cn/protocol';
import { rangeContains, type Position } from '../domain/location.js';
import { identifierAround } from '../domain/source-text.js';
import type { OutlineNode } from '../domain/symbols.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import { refineKind } from '../ranking/refine-kind.js';
import type { LocationRefBuilder } from '../usecases/location-refs.js';

interface Declaration {
  node: OutlineNode;
  container?: string;
}

/**
 * Names the symbol declared at a place the engine reported. Engines report either the name or the
 * whole declaration (from `export`, decorators …), so both are matched against the outline, and
 * the id always points at the name, ready for cn find / cn calls.
 */
export async function namedLocation(
  engine: CodeIntelligence,
  builder: LocationRefBuilder,
  filePath: string,
  position: Position,
  fallbackKind = 'Unknown',
  /** When nothing is declared at the position: accept a node of this kind around it. */
  enclosingOfKind?: (kind: string) => boolean,
): Promise<NamedLocation> {
  // Files outside the root (lib.d.ts, packages) have no outline for us; they keep the engine's place.
  const outline = await engine.outline(filePath).catch((): OutlineNode[] => []);
  const text = await builder.text(filePath);
  const refined = (node: OutlineNode) =>
    refineKind(node.kind, text?.line(node.selectionRange.start.line), node.selectionRange.start.character);
  const identifier = identifierAround(text?.line(position.line), position.character);
  const declaration =
    findDeclaration(outline, position, identifier) ??
    (enclosingOfKind ? findEnclosing(outline, position, (node) => enclosingOfKind(refined(node))) : undefined);
  const at = declaration?.node.selectionRange.start ?? position;
  const ref = await builder.ref(filePath, at, declaration ? refined(declaration.node) : fallbackKind);
  const name = declaration?.node.name ?? identifier;
  return { ...ref, name, ...(declaration?.container ? { container: declaration.container } : {}) };
}

/** The node named at the position, or whose declaration starts there; not merely one enclosing it (a callback). */
function findDeclaration(
  nodes: OutlineNode[],
  position: Position,
  identifier: string,
  container?: string,
): Declaration | undefined {
  for (const node of nodes) {
    const deeper = findDeclaration(node.children, position, identifier, node.name);
    if (deeper) return deeper;
    const onName =
      samePosition(node.selectionRange.start, position) ||
      (rangeContains(node.selectionRange, position) && node.name === identifier);
    if (onName || samePosition(node.range.start, position)) {
      return { node, ...(container !== undefined ? { container } : {}) };
    }
  }
  return undefined;
}

/** The innermost node around the position that `accept`s, e.g. the type alias whose `{ … }` the engine points at. */
function findEnclosing(
  nodes: OutlineNode[],
  position: Position,
  accept: (node: OutlineNode) => boolean,
  container?: string,
): Declaration | undefined {
  for (const node of nodes) {
    if (!rangeContains(node.range, position)) continue;
    const deeper = findEnclosing(node.children, position, accept, node.name);
    if (deeper) return deeper;
    if (accept(node)) return { node, ...(container !== undefined ? { container } : {}) };
  }
  return undefined;
}

function samePosition(a: Position, b: Position): boolean {
  return a.line === b.line && a.character === b.character;
}
