import type { Position, Range } from '../domain/location.js';
import type { SourceText } from '../domain/source-text.js';
import type { OutlineNode } from '../domain/symbols.js';

/**
 * workspace/symbol ranges cover the whole declaration (from `export`, decorators, JSDoc …); the
 * name is the first whole-word occurrence inside it. Falls back to the range start for names that
 * are not plain identifiers (computed keys, string-named members).
 */
export function locateName(text: SourceText | undefined, range: Range, name: string): Position {
  if (!text || name === '') return range.start;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}$_])${escapeRegExp(name)}(?![\\p{L}\\p{N}$_])`, 'u');
  for (let line = range.start.line; line <= range.end.line; line++) {
    const content = text.line(line);
    if (content === undefined) break;
    const from = line === range.start.line ? range.start.character - 1 : 0;
    const match = pattern.exec(content.slice(from));
    if (match) return { line, character: from + match.index + 1 };
  }
  return range.start;
}

/**
 * Where the name of the declaration starting at `range` is, from the engine's outline: for files
 * whose text cn does not read (outside the root), so their ids still point at the name.
 */
export function nameInOutline(outline: OutlineNode[], range: Range, name: string): Position | undefined {
  for (const node of outline) {
    const { start } = node.range;
    if (node.name === name && start.line === range.start.line && start.character === range.start.character)
      return node.selectionRange.start;
    const inside = nameInOutline(node.children, range, name);
    if (inside) return inside;
  }
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
