import { badInput } from '../domain/errors.js';
import { formatLocationId, looksLikeTarget } from '../domain/ids.js';
import type { Position } from '../domain/location.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import type { OutlineNode } from '../domain/symbols.js';
import type { SourceFiles } from '../ports/source-files.js';
import { refineKind } from '../ranking/refine-kind.js';
import { resolveSymbolTarget, type NameSearchDeps } from './symbol-search.js';
import { isIdentifierName } from './top-level-declarations.js';
import type { UnusedCandidate } from './unused-candidate.js';

type Deps = NameSearchDeps & { files: SourceFiles; paths: ProjectPaths };

/**
 * `cn unused <Class> --members`: the class's static and instance members (constructors aside,
 * overloads and get/set pairs once). With `publicOnly`, private and #private members are left out.
 * The references asked for each member include uses through subclasses (`Post.find()` for a static
 * `find` of `Model`): the compiler resolves those to the base's member.
 */
export async function memberCandidates(
  deps: Deps,
  target: string,
  publicOnly: boolean,
): Promise<{ filePath: string; className: string; candidates: UnusedCandidate[] }> {
  if (!looksLikeTarget(target) && /[\\/]|\.[cm]?[jt]sx?$/.test(target)) {
    throw badInput(
      `--members takes a class, not a file: '${target.slice(0, 80)}'`,
      'pass the class name or the id of its name, e.g. cn unused User --members',
    );
  }
  const { filePath, position } = await resolveSymbolTarget(deps, target);
  const text = await deps.files.readSource(filePath);
  const container = nodeAt(await deps.engine.outline(filePath), position);
  if (!container)
    throw badInput(
      `no declaration at ${deps.paths.toRelative(filePath)}:${position.line}:${position.character}`,
      'pass a class name or the id of its name, e.g. cn unused User --members',
    );
  const members = container.children.filter((member) => member.kind !== 'Constructor');
  const relative = deps.paths.toRelative(filePath);
  if (members.length === 0) {
    throw badInput(
      `${container.name} (${container.kind}, ${relative}:${container.selectionRange.start.line}) has no members`,
      '--members takes a class, interface or enum; pass the id of the one you mean',
    );
  }
  const seen = new Set<string>();
  const candidates: UnusedCandidate[] = [];
  for (const node of [...members].sort((a, b) => a.selectionRange.start.line - b.selectionRange.start.line)) {
    const { line, character } = node.selectionRange.start;
    const lineText = text.line(line) ?? '';
    const before = lineText.slice(0, character - 1);
    const hashPrivate = node.name.startsWith('#');
    if (!isIdentifierName(hashPrivate ? node.name.slice(1) : node.name) || seen.has(node.name)) continue;
    seen.add(node.name);
    const isPublic = !hashPrivate && !/\bprivate\b/.test(before);
    if (publicOnly && !isPublic) continue;
    const symbol = {
      id: formatLocationId(relative, line, character),
      name: node.name,
      kind: refineKind(node.kind, lineText, character),
      line,
      exported: isPublic,
      container: container.name,
      ...(/\bstatic\b/.test(before) ? { static: true as const } : {}),
    };
    candidates.push({ filePath, node, symbol });
  }
  return { filePath, className: container.name, candidates };
}

/** The outline node whose name is at the position, at any depth. */
function nodeAt(nodes: OutlineNode[], position: Position): OutlineNode | undefined {
  for (const node of nodes) {
    const { start, end } = node.selectionRange;
    if (start.line === position.line && start.character <= position.character && end.character >= position.character)
      return node;
    const inside = nodeAt(node.children, position);
    if (inside) return inside;
  }
  return undefined;
}
