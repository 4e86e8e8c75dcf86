import type { OtherMatches } from '@cn/protocol';
import type { Position } from '../domain/location.js';
import type { SourceText } from '../domain/source-text.js';
import { exportEntriesOf, importBindingsOf } from '../inspect/module-statements.js';

/** A statement's module specifier: the string after `from`, `import`, `import(` or `require(`. */
const BEFORE_SPECIFIER = /(?:\bfrom|\bimport|\bimport\s*\(|\brequire\s*\()\s*$/;

/** Whether the word at `offset` is inside a module specifier (`'./TransactionContext.js'`), not any string. */
export function inModulePath(text: string, offset: number): boolean {
  const lineStart = text.lastIndexOf('\n', offset) + 1;
  const before = text.slice(lineStart, offset);
  const quote = Math.max(before.lastIndexOf("'"), before.lastIndexOf('"'));
  return quote >= 0 && BEFORE_SPECIFIER.test(before.slice(0, quote));
}

/** Modules listed under `otherImports`; the rest are in its total. */
const MAX_MODULES = 5;

/** Counts the places that are an import's binding or an `export { } from`'s name, by the module named. */
export function countImports(
  imports: Map<string, number>,
  text: SourceText,
  places: Array<{ position: Position }>,
): void {
  const named = [
    ...importBindingsOf(text).map(({ nameAt, from }) => ({ at: nameAt, from })),
    ...exportEntriesOf(text).flatMap(({ nameAt, from }) => (from !== undefined ? [{ at: nameAt, from }] : [])),
  ];
  for (const { position } of places) {
    const found = named.find(({ at }) => at.line === position.line && at.character === position.character);
    if (found) imports.set(found.from ?? '?', (imports.get(found.from ?? '?') ?? 0) + 1);
  }
}

export function importsSummary(imports: Map<string, number>): NonNullable<OtherMatches['otherImports']> {
  const modules = [...imports].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return {
    total: modules.reduce((sum, [, count]) => sum + count, 0),
    modules: modules.slice(0, MAX_MODULES).map(([from, count]) => ({ from, count })),
  };
}
