import type { HierarchyEntry, NamedLocation } from '@cn/protocol';
import type { Position } from '../domain/location.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import type { OutlineNode } from '../domain/symbols.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { LocationRefBuilder } from './location-refs.js';
import { samePosition, type HierarchyWalk, type TypeHierarchy, type TypeNode } from './type-hierarchy.js';

/** The class or interface a member is declared in, found through the file's outline. */
export async function memberContainer(
  engine: CodeIntelligence,
  hierarchy: TypeHierarchy,
  filePath: string,
  member: Position,
): Promise<{ type: TypeNode; memberName: string } | undefined> {
  const outline = await engine.outline(filePath).catch((): OutlineNode[] => []);
  const found = parentOf(outline, member);
  if (!found) return undefined;
  const declaration = await hierarchy.declarationAt(filePath, found.parent.selectionRange.start);
  if (!declaration) return undefined;
  return {
    type: { filePath, position: declaration.position, declaration, relation: 'extends' },
    memberName: found.member.name,
  };
}

/**
 * The members of that name declared in the container's subtypes (a subtype that only inherits the
 * member has none): each implements the nearest one above it, the target member at the top.
 */
export async function membersInSubtypes(
  engine: CodeIntelligence,
  builder: LocationRefBuilder,
  paths: ProjectPaths,
  subtypes: HierarchyWalk,
  target: NamedLocation & { containerId: string; memberName: string },
): Promise<HierarchyEntry[]> {
  const memberOfType = new Map<string, string>([[target.containerId, target.id]]);
  const viaOfType = new Map(subtypes.entries.map((entry) => [entry.id, entry.via]));
  const members: Array<{ typeId: string; entry: Omit<HierarchyEntry, 'via'> }> = [];
  for (const subtype of subtypes.entries) {
    const outline = await engine.outline(paths.toAbsolute(subtype.filePath)).catch((): OutlineNode[] => []);
    const typeNode = nodeAt(outline, { line: subtype.line, character: subtype.character });
    const member = typeNode?.children.find((child) => child.name === target.memberName);
    if (!member) continue;
    const ref = await builder.ref(paths.toAbsolute(subtype.filePath), member.selectionRange.start, member.kind);
    memberOfType.set(subtype.id, ref.id);
    members.push({
      typeId: subtype.id,
      entry: { ...ref, name: member.name, container: subtype.name, depth: subtype.depth, relation: subtype.relation },
    });
  }
  const nearestAbove = (typeId: string): string => {
    for (let current = viaOfType.get(typeId); current !== undefined; current = viaOfType.get(current)) {
      const member = memberOfType.get(current);
      if (member) return member;
    }
    return target.id;
  };
  return members.map(({ typeId, entry }) => ({ ...entry, via: nearestAbove(typeId) }));
}

function parentOf(
  nodes: OutlineNode[],
  position: Position,
  parent?: OutlineNode,
): { parent: OutlineNode; member: OutlineNode } | undefined {
  for (const node of nodes) {
    if (parent && samePosition(node.selectionRange.start, position)) return { parent, member: node };
    const deeper = parentOf(node.children, position, node);
    if (deeper) return deeper;
  }
  return undefined;
}

function nodeAt(nodes: OutlineNode[], position: Position): OutlineNode | undefined {
  for (const node of nodes) {
    if (samePosition(node.selectionRange.start, position)) return node;
    const deeper = nodeAt(node.children, position);
    if (deeper) return deeper;
  }
  return undefined;
}
