import { badInput, notFound } from '../domain/errors.js';
import type { NamedTarget } from '../domain/ids.js';
import type { Position } from '../domain/location.js';
import type { OutlineNode } from '../domain/symbols.js';
import { exportEntries } from '../inspect/export-entries.js';
import { importBindings } from '../inspect/import-bindings.js';
import { closestNames } from '../ranking/did-you-mean.js';
import type { SourceText } from '../domain/source-text.js';

interface Declared {
  /** Container names, outermost first, then the name. */
  path: string[];
  position: Position;
}

/**
 * Where the declaration `path::Name` (or `path::Class.member`) names is: its name's position in the
 * file's outline, the shallowest match first (a class before a same-named member elsewhere); overloads
 * are one declaration. A re-export (`export { Hono } from './hono'`) or an import (`import { Node } from './node'`),
 * which outlines leave out, is the name in its statement, which the engine follows to the declaration: "the `Node`
 * this file uses" in one call. Two declarations at the same depth under different containers
 * are refused with their qualified names, so one re-ask settles it.
 */
export function positionOfNamedTarget(target: NamedTarget, outline: OutlineNode[], text: SourceText): Position {
  const wanted = target.name.split('.');
  const declared = [...declarations(outline, []), ...exported(text), ...imported(text)];
  const matches = declared
    .filter(({ path }) => endsWith(path, wanted))
    .sort((a, b) => a.path.length - b.path.length || a.position.line - b.position.line);
  const [best] = matches;
  if (!best) {
    const names = [...new Set(declared.map(({ path }) => path.join('.')))];
    const suggestions = closestNames(target.name, names);
    throw notFound(
      `no declaration named '${target.name}' in ${target.filePath}`,
      suggestions.length > 0
        ? `did you mean ${suggestions.map((name) => `${target.filePath}::${name}`).join(', ')}?`
        : `cn map ${target.filePath} lists what it declares`,
    );
  }
  const rivals = matches.filter(
    (match) => match.path.length === best.path.length && match.path.join('.') !== best.path.join('.'),
  );
  if (rivals.length > 0) {
    const qualified = [best, ...rivals].map(({ path, position }) => `${path.join('.')} (line ${position.line})`);
    throw badInput(
      `'${target.name}' names ${qualified.length} declarations in ${target.filePath}: ${qualified.join(', ')}`,
      `qualify it, e.g. ${target.filePath}::${best.path.join('.')}, or pass an id`,
    );
  }
  return best.position;
}

function declarations(nodes: OutlineNode[], containers: string[]): Declared[] {
  return nodes.flatMap((node) => [
    { path: [...containers, node.name], position: node.selectionRange.start },
    ...declarations(node.children, [...containers, node.name]),
  ]);
}

/** `export { a as b } from`, `export { x }`, `export * as ns from`: names a file exports without declaring them. */
function exported(text: SourceText): Declared[] {
  return exportEntries(text.text)
    .filter(({ name }) => name !== '*' && name !== 'export=')
    .map(({ name, nameAt }) => ({ path: [name], position: nameAt }));
}

/** `import { Node } from './node'`, `import * as ns`, default imports: names the file uses without declaring them. */
function imported(text: SourceText): Declared[] {
  return importBindings(text.text).map(({ name, nameAt }) => ({ path: [name], position: nameAt }));
}

function endsWith(path: string[], wanted: string[]): boolean {
  if (wanted.length > path.length) return false;
  const offset = path.length - wanted.length;
  return wanted.every((name, index) => path[offset + index] === name);
}
