import type { MapSymbol } from '@cn/protocol';

/** `start-end`: where a declaration begins and ends, so "where does this method end" needs no second call. */
export function lineSpan(symbol: MapSymbol): string {
  return `${symbol.line}-${symbol.endLine}`;
}

/** `static async ` before the kind, as the source writes them; nothing when there are none. */
export function modifierPrefix(symbol: MapSymbol): string {
  return symbol.modifiers?.length ? `${symbol.modifiers.join(' ')} ` : '';
}

/**
 * What follows an outline line's name: the line span of a declaration, or for a re-export where
 * it comes from and what it resolves to (`from './trie' → Class src/trie.ts::8::23`).
 */
export function outlineSpan(symbol: MapSymbol): string {
  if (symbol.kind !== 'Export') return lineSpan(symbol);
  const from = symbol.from !== undefined ? `from '${symbol.from}'` : '';
  const kind = symbol.resolvedKind !== undefined ? `${symbol.resolvedKind} ` : '';
  const target = symbol.resolvesTo !== undefined ? `→ ${kind}${symbol.resolvesTo}` : '';
  return [from, target].filter((part) => part !== '').join(' ');
}
