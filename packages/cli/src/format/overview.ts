import type { OverviewResponse } from '@cn/core';
import { cutNotes } from './notes.js';

/**
 * The repo map for text and compact alike (it is already one line per declaration):
 * counts, the most-imported symbols, then per file its declarations: `*` marks exported ones,
 * `[n]` how many files import the name.
 */
export function overviewText(response: OverviewResponse): string {
  const { counts } = response;
  const kinds = Object.entries(counts.byKind)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  const lines = [`${response.dir}: ${counts.files} files, ${counts.symbols} top-level declarations (${kinds})`];
  if (response.mostReferenced.length > 0) {
    lines.push(
      `most imported: ${response.mostReferenced.map((symbol) => `${symbol.name} ${symbol.importedBy}`).join(', ')}`,
    );
  }
  for (const file of response.files) {
    lines.push(file.filePath);
    for (const symbol of file.symbols) {
      const at = symbol.id.slice(symbol.id.indexOf('::') + 2).replace('::', ':');
      const overloads = symbol.overloads ? ` (+${symbol.overloads} overloads)` : '';
      lines.push(
        ` ${at} ${symbol.exported ? '*' : ' '}${symbol.kind} ${symbol.name} [${symbol.importedBy}]${overloads} │ ${symbol.signature}`,
      );
    }
    if (file.omitted) lines.push(`  … ${file.omitted} more (cn map ${file.filePath})`);
  }
  lines.push(...cutNotes(response, response.files.length, response.total, 'files'));
  return lines.join('\n');
}

export function overviewIds(response: OverviewResponse): string {
  return response.files.flatMap((file) => file.symbols.map((symbol) => symbol.id)).join('\n');
}
