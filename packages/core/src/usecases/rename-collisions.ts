import { badInput } from '../domain/errors.js';
import { formatLocationId } from '../domain/ids.js';
import { rangeContains, type Position } from '../domain/location.js';
import type { OutlineNode } from '../domain/symbols.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { ReferenceSyntax, RenameCapture } from '../ports/reference-syntax.js';
import type { EngineRenameEdit } from '../ports/rename.js';

interface Scope {
  /** The declarations beside the renamed one (the file's top level, or a class's members …). */
  siblings: OutlineNode[];
  /** The container's name; undefined at the top level of the file. */
  container?: string;
}

/**
 * Refuses a new name that a declaration beside the renamed one already has (in its file, class, namespace …), found
 * with the outline; for a module-level name, also at the top level of every other file whose local name the rename
 * changes (an aliased import, `import { old as local }`, keeps its local name). The compiler does not check this:
 * it would rename into a duplicate identifier or, worse, a silently shadowed one.
 */
export async function refuseCollision(
  engine: CodeIntelligence,
  declaration: { filePath: string; position: Position },
  newName: string,
  oldName: string,
  edits: EngineRenameEdit[],
  texts: Map<string, string>,
  relative: (filePath: string) => string,
): Promise<void> {
  const outline = await engine.outline(declaration.filePath).catch((): OutlineNode[] => []);
  const scope = scopeOf(outline, declaration.position) ?? { siblings: outline };
  const clash = scope.siblings.find((node) => node.name === newName);
  if (clash) throw collision(newName, relative(declaration.filePath), clash, scope.container);
  if (scope.container !== undefined) return;
  for (const filePath of new Set(edits.map((edit) => edit.filePath))) {
    if (filePath === declaration.filePath) continue;
    const text = texts.get(filePath) ?? '';
    const renamesLocal = edits.some((edit) => edit.filePath === filePath && !keepsLocalName(text, edit));
    if (!renamesLocal) continue;
    const top = await engine.outline(filePath).catch((): OutlineNode[] => []);
    const there = top.find((node) => node.name === newName && node.name !== oldName);
    if (there) throw collision(newName, relative(filePath), there, undefined);
  }
}

/** The declaration whose name is at the position, with its siblings; undefined when the outline does not hold it. */
function scopeOf(nodes: OutlineNode[], position: Position, container?: string): Scope | undefined {
  for (const node of nodes) {
    if (rangeContains(node.selectionRange, position)) return { siblings: nodes, container };
    if (rangeContains(node.range, position)) {
      const inner = scopeOf(node.children, position, node.name);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** `import { old as local }` / `export { old as other }`: the edit renames what is imported, not the local name. */
function keepsLocalName(text: string, edit: EngineRenameEdit): boolean {
  const lines = text.split(/\r\n|[\n\r\u2028\u2029]/);
  const after = lines[edit.range.end.line - 1]?.slice(edit.range.end.character - 1) ?? '';
  return /^\s+as\s/.test(after);
}

/**
 * Refuses a rename that would change what a name means inside a file's scopes, which the outline does not show: a
 * renamed use captured by a local of the new name (`total` → `sum` where a function that reads `total` declares its
 * own `sum`: it still type-checks), the new name already declared in the renamed local's scope, or a use of another
 * `newName` that would now refer to the renamed symbol. Said with the place of the local or the use.
 */
export async function refuseCapture(
  syntax: ReferenceSyntax,
  newName: string,
  oldName: string,
  edits: EngineRenameEdit[],
  texts: Map<string, string>,
  relative: (filePath: string) => string,
): Promise<void> {
  for (const filePath of new Set(edits.map((edit) => edit.filePath))) {
    const positions = edits.filter((edit) => edit.filePath === filePath).map((edit) => edit.range.start);
    const [capture] = await syntax.renameCaptures(filePath, texts.get(filePath) ?? '', positions, oldName, newName);
    if (capture) throw captureError(capture, newName, oldName, relative(filePath));
  }
}

function captureError(capture: RenameCapture, newName: string, oldName: string, relativePath: string) {
  const id = (position: Position) => formatLocationId(relativePath, position.line, position.character);
  const hint = 'choose another name, or rename that one first';
  const declared = capture.declaration ? id(capture.declaration) : relativePath;
  if (capture.kind === 'duplicate')
    return badInput(`'${newName}' is already declared in ${relativePath} at ${declared}`, hint);
  if (capture.kind === 'captured')
    return badInput(
      `not renamed: the use of '${oldName}' at ${id(capture.use)} would refer to the local '${newName}' declared at ${declared}`,
      hint,
    );
  return badInput(
    `not renamed: '${newName}' at ${id(capture.use)} would refer to the renamed '${oldName}' instead of its own declaration`,
    hint,
  );
}

function collision(newName: string, relativePath: string, node: OutlineNode, container: string | undefined) {
  const { line, character } = node.selectionRange.start;
  const where = container === undefined ? relativePath : `${container} (${relativePath})`;
  return badInput(
    `'${newName}' is already declared in ${where} at ${formatLocationId(relativePath, line, character)}`,
    'choose another name, or rename that one first',
  );
}
