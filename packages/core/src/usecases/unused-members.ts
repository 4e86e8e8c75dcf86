import { badInput } from '../domain/errors.js';
import { formatLocationId, looksLikeTarget } from '../domain/ids.js';
import type { Position } from '../domain/location.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import type { OutlineNode } from '../domain/symbols.js';
import type { SourceFiles } from '../ports/source-files.js';
import { readDeclarationHead } from '../inspect/declaration-head.js';
import { declaredKind } from '../ranking/refine-kind.js';
import { readsComputedKey, type KeyAccess } from './computed-access.js';
import { resolveSymbolTarget, type NameSearchDeps } from './symbol-search.js';
import { isIdentifierName } from './top-level-declarations.js';
import type { UnusedCandidate } from './unused-candidate.js';

type Deps = NameSearchDeps & { files: SourceFiles; paths: ProjectPaths };

/**
 * `cn unused <Class> --members`: the class's static and instance members (constructors aside,
 * overloads and get/set pairs once; a static and an instance member of one name apart, as the
 * compiler tells their references apart), each of the kind the source declares (accessors as
 * Getter or Setter, as cn map says). With `publicOnly`, private and #private members are left out.
 * The references asked for each member include uses through subclasses (`Post.find()` for a static
 * `find` of `Model`): the compiler resolves those to the base's member.
 */
export async function memberCandidates(
  deps: Deps,
  target: string,
  publicOnly: boolean,
): Promise<{
  filePath: string;
  className: string;
  candidates: UnusedCandidate[];
  /** The computed key on the class or enum (`Color[name]`) that may read a static or enum member. */
  computedKey: (candidate: UnusedCandidate) => KeyAccess | undefined;
}> {
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
    const head = readDeclarationHead(text, node);
    const isStatic = head.modifiers.includes('static');
    const hashPrivate = node.name.startsWith('#');
    const key = `${isStatic ? 'static ' : ''}${node.name}`;
    if (!isIdentifierName(hashPrivate ? node.name.slice(1) : node.name) || seen.has(key)) continue;
    seen.add(key);
    const isPublic = !hashPrivate && !head.modifiers.includes('private');
    if (publicOnly && !isPublic) continue;
    const symbol = {
      id: formatLocationId(relative, line, character),
      name: node.name,
      kind: declaredKind(node.kind, lineText, character, head.accessor),
      line,
      exported: isPublic,
      container: container.name,
      ...(isStatic ? { static: true as const } : {}),
    };
    candidates.push({ filePath, node, symbol });
  }
  const access = await computedKeyOn(deps, filePath, container);
  // A key on the class reads its statics; one on an enum, its members.
  const reads = (candidate: UnusedCandidate) => container.kind === 'Enum' || candidate.symbol.static === true;
  return {
    filePath,
    className: container.name,
    candidates,
    computedKey: (candidate) => (access && reads(candidate) ? access : undefined),
  };
}

/** The first reference to the class or enum followed by a computed key: `Color[name]`, `(Model as any)[key]`. */
async function computedKeyOn(deps: Deps, filePath: string, container: OutlineNode): Promise<KeyAccess | undefined> {
  const references = await deps.engine.references(filePath, container.selectionRange.start, false).catch(() => []);
  for (const reference of references) {
    const text = await deps.files.readSource(reference.filePath).catch(() => undefined);
    const lineText = text?.line(reference.range.start.line);
    if (lineText === undefined) continue;
    const start = reference.range.start.character - 1;
    const before = lineText.slice(0, start);
    const after = lineText.slice(start + container.name.length);
    const bracket =
      /^\s*(?:\?\.)?\s*\[/.exec(after) ?? (/\(\s*$/.test(before) ? /^\s+as\s+[^()]*\)\s*\[/.exec(after) : null);
    if (bracket && readsComputedKey(before, after.slice(bracket[0].length)))
      return {
        at: formatLocationId(deps.paths.toRelative(reference.filePath), reference.range.start.line, start + 1),
        filePath: reference.filePath,
      };
  }
  return undefined;
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
