import type { MapResponse, MapSymbol } from '@cn/protocol';
import { cutNotes, plural } from './notes.js';
import type { Voice } from './voice.js';

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

/**
 * The first line of a map: the file, or the declaration mapped with its kind and lines, then how many symbols and
 * the filters that chose them: `src/request.ts::HonoRequest, Class 34-439 (14 of 44 symbols: method, public)`.
 */
export function mapHeading(response: MapResponse, separator = ' '): string {
  const total = response.total ?? response.symbols.length;
  const doc = response.ofLines?.docLines;
  const where = response.of
    ? `${response.filePath}::${qualifiedName(response.of)}, ${response.of.kind} ${lineSpan(response.of)}${doc ? ` (doc ${doc[0]}-${doc[1]})` : ''}`
    : response.filePath;
  const filters = [...(response.kind !== undefined ? [response.kind] : []), ...(response.modifiers ?? [])];
  const counted =
    response.filteredOut !== undefined
      ? `${total} of ${plural(total + response.filteredOut, 'symbol')}${filters.length > 0 ? `: ${filters.join(', ')}` : ''}`
      : plural(total, 'symbol');
  return `${where}${separator}(${counted})${ends(response)}`;
}

/** The mapped declaration's first and last line as written, as find's definition line shows them. */
function ends(response: MapResponse): string {
  const lines = response.ofLines;
  if (!response.of || !lines || lines.preview === '') return '';
  return `  │ ${lines.preview}${lines.endPreview !== undefined ? `  ┆ ${response.of.endLine}: ${lines.endPreview}` : ''}`;
}

/**
 * A symbol's name as a map prints it: `Container.name`, but bare for a member of the declaration mapped (its heading
 * names it once).
 */
export function shownName(response: MapResponse, symbol: MapSymbol): string {
  return symbol.container !== undefined && symbol.container !== response.of?.name
    ? `${symbol.container}.${symbol.name}`
    : symbol.name;
}

function qualifiedName(symbol: MapSymbol): string {
  return symbol.container !== undefined ? `${symbol.container}.${symbol.name}` : symbol.name;
}

/**
 * `--format names`: each name once with the lines it spans (overloads merged), under the heading: what "the public
 * methods of HonoRequest" costs when the names are the answer.
 */
export function mapNames(response: MapResponse, voice: Voice): string {
  const spans = new Map<string, { line: number; endLine: number }>();
  for (const symbol of response.symbols) {
    const name = shownName(response, symbol);
    const known = spans.get(name);
    if (known) known.endLine = Math.max(known.endLine, symbol.endLine);
    else spans.set(name, { line: symbol.line, endLine: symbol.endLine });
  }
  const lines = [...spans].map(([name, span]) => `${name} ${span.line}-${span.endLine}`);
  const total = response.total ?? response.symbols.length;
  return [mapHeading(response), ...lines, ...cutNotes(response, response.symbols.length, total, 'symbol', voice)].join(
    '\n',
  );
}
