import type { SourceText } from '../domain/source-text.js';
import type { OutlineNode } from '../domain/symbols.js';
import type { ChangedLines } from '../ports/change-history.js';
import type { CallHierarchyItem } from '../ports/navigation.js';
import { locateName } from '../usecases/name-position.js';

/** Declarations whose members are their API: a change inside one is a change of the member. */
const CONTAINERS = new Set(['Class', 'Interface', 'Enum', 'Module', 'Namespace', 'Struct']);

/**
 * The declarations the changed lines fall in, innermost first: a member of a class (or interface, enum,
 * namespace), else the top-level declaration. The inside of a function is its own business — a local changed
 * changes the function — so functions, methods and variables are not descended into. Anonymous callbacks
 * (`describe('x', () => …)`) are looked through. Lines in no declaration (imports, top-level statements) name none.
 */
export function changedDeclarations(outline: OutlineNode[], lines: ChangedLines[]): OutlineNode[] {
  const found = new Set<OutlineNode>();
  for (const changed of lines) for (const node of innermost(outline, changed)) found.add(node);
  return [...found].sort((a, b) => a.selectionRange.start.line - b.selectionRange.start.line);
}

/** A new file, or a file asked for as a whole: its top-level declarations (through callbacks). */
export function topLevelDeclarations(outline: OutlineNode[]): OutlineNode[] {
  return outline.flatMap((node) => (isCallback(node) ? topLevelDeclarations(node.children) : [node]));
}

function innermost(nodes: OutlineNode[], changed: ChangedLines): OutlineNode[] {
  return nodes.flatMap((node) => {
    if (node.range.end.line < changed.start || node.range.start.line > changed.end) return [];
    if (isCallback(node)) return innermost(node.children, changed);
    if (!CONTAINERS.has(node.kind)) return [node];
    const members = innermost(node.children, changed);
    return members.length > 0 ? members : [node];
  });
}

/** An outline declaration as the item the call graph and the references are asked about, its id at its name. */
export function declarationItem(filePath: string, node: OutlineNode, text: SourceText | undefined): CallHierarchyItem {
  const start = locateName(text, node.selectionRange, node.name);
  return {
    name: node.name,
    kind: node.kind,
    filePath,
    range: node.range,
    selectionRange: { start, end: { line: start.line, character: start.character + node.name.length } },
  };
}

/** The engine's names for anonymous functions in an outline: `describe('x') callback`, `<function>`, `<class>`. */
export function isCallback(node: OutlineNode): boolean {
  return / callback$/.test(node.name) || /^<.*>$/.test(node.name);
}
