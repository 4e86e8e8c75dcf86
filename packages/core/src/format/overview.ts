import type { OverviewResponse, OverviewSymbol } from '@cn/protocol';
import { fitOverview } from '../output/budget.js';
import { cutNotes, fileList, plural } from './notes.js';
import type { Presenter } from './presenter.js';
import type { Voice } from './voice.js';

/** The project's counts and most-imported names: the first lines of every overview. */
function heading(response: OverviewResponse): string[] {
  const { counts } = response;
  const kinds = Object.entries(counts.byKind)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  const lines = [
    `${response.dir}: ${plural(counts.files, 'file')}, ${plural(counts.symbols, 'top-level declaration')} (${kinds})`,
  ];
  if (response.mostImported.length > 0)
    lines.push(
      `most imported (files importing it): ${response.mostImported.map((symbol) => `${symbol.name} ${symbol.importedBy}`).join(', ')}`,
    );
  return lines;
}

/** `line:col` of a declaration's name, from its id. */
function position(symbol: OverviewSymbol): string {
  return symbol.id.slice(symbol.id.indexOf('::') + 2).replace('::', ':');
}

function overloads(symbol: OverviewSymbol): string {
  return symbol.overloads ? ` (+${plural(symbol.overloads, 'overload')})` : '';
}

/** For agents: one line per declaration, its marks explained once in a legend line. */
function overviewCompact(response: OverviewResponse, voice: Voice): string {
  const lines = heading(response);
  if (response.files.length > 0)
    lines.push('per file: line:col, * if exported, kind, name, [files importing it] │ signature');
  for (const file of response.files) {
    lines.push(file.filePath);
    for (const symbol of file.symbols)
      lines.push(
        ` ${position(symbol)} ${symbol.exported ? '*' : ' '}${symbol.kind} ${symbol.name} [${symbol.importedBy}]${overloads(symbol)} │ ${symbol.signature}`,
      );
    if (file.omitted) lines.push(`  … ${file.omitted} more (${voice.ask('map', file.filePath)})`);
  }
  return [...lines, ...cutNotes(response, response.files.length, response.total, 'file', voice)].join('\n');
}

/** For people: words instead of marks, the signature under its declaration. */
function overviewText(response: OverviewResponse, voice: Voice): string {
  const lines = heading(response);
  for (const file of response.files) {
    lines.push('', file.filePath);
    const width = Math.max(...file.symbols.map((symbol) => position(symbol).length));
    for (const symbol of file.symbols) {
      const said = [...(symbol.exported ? ['exported'] : []), `imported by ${plural(symbol.importedBy, 'file')}`].join(
        ', ',
      );
      lines.push(`  ${position(symbol).padStart(width)}  ${symbol.kind} ${symbol.name}${overloads(symbol)}  (${said})`);
      lines.push(`  ${' '.repeat(width)}  ${symbol.signature}`);
    }
    if (file.omitted)
      lines.push(`  … ${plural(file.omitted, 'more declaration')} (${voice.ask('map', file.filePath)})`);
  }
  const notes = cutNotes(response, response.files.length, response.total, 'file', voice);
  return [...lines, ...(notes.length > 0 ? ['', ...notes] : [])].join('\n');
}

export const overviewPresenter: Presenter<OverviewResponse> = {
  text: overviewText,
  compact: overviewCompact,
  ids: (response) => response.files.flatMap((file) => file.symbols.map((symbol) => symbol.id)).join('\n'),
  files: (response) => fileList(response.files),
  fit: fitOverview,
};
