import type { BudgetReport, BudgetStage } from '@cn/protocol';
import type { Voice } from './voice.js';

/**
 * The lines every format ends with when an answer is not whole, so a reader (or agent) knows more
 * exists and how to get it. Nothing is printed for a whole answer.
 */
export function cutNotes(
  response: { truncated?: true; budget?: BudgetReport },
  shown: number,
  total: number,
  noun: string,
  voice: Voice,
): string[] {
  const notes: string[] = [];
  if (response.truncated && shown < total)
    notes.push(
      `… ${plural(total - shown, `more ${noun}`)} (raise ${voice.option('limit')} or ${voice.option('maxTokens')})`,
    );
  return [...notes, ...budgetNote(response)];
}

/**
 * `incomplete: <why>` when the answer says it did not search everything that could hold a result (a broken
 * tsconfig kept a project out, an index was still being built …): an agent must not read a short answer as whole.
 */
export function incompleteNote(response: { complete?: boolean; incomplete?: string }, fallback: string): string[] {
  return response.complete === false ? [`incomplete: ${response.incomplete ?? fallback}`] : [];
}

/** What each budget stage did to the answer, in words (the JSON names the stage). */
const STAGE_EFFECT: Record<Exclude<BudgetStage, 'full'>, string> = {
  'no-previews': 'previews and code left out',
  grouped: 'lists replaced by counts per file or kind',
  cut: 'cut from the end',
  totals: 'only totals kept',
};

/** `budget: cut from the end to fit ~2000 tokens (this answer ~1950)`: said only when the budget changed the answer. */
export function budgetNote(response: { budget?: BudgetReport }): string[] {
  const budget = response.budget;
  if (!budget || budget.stage === 'full') return [];
  return [`budget: ${STAGE_EFFECT[budget.stage]} to fit ~${budget.maxTokens} tokens (this answer ~${budget.tokens})`];
}

/**
 * `1 file`, `2 files`, `2 processes`: a count with its noun, never "1 refs" or "2 liness". Every count a presenter
 * prints goes through here (or `pluralWord` when the number stands apart); `noun` is the singular, `nouns` the plural
 * when it is not the singular and an s.
 */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${pluralWord(count, noun, nouns)}`;
}

/** The word alone, as `plural` picks it: `match` or `matches`, `is` or `are`. */
export function pluralWord(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}

/**
 * The width of a text column of kinds: 11 (`Constructor`), or the longest kind of the answer (`TypeParameter`), so
 * the names after it line up.
 */
export function kindColumn(symbols: ReadonlyArray<{ kind: string }>): number {
  return Math.max(11, ...symbols.map((symbol) => symbol.kind.length));
}

/**
 * `--format files`: the distinct files of an answer, one a line in first-seen order, for xargs and other pipes;
 * places outside the root (which carry no text) are left out.
 */
export function fileList(places: Iterable<{ filePath: string; outsideRoot?: true }>): string {
  const files = new Set<string>();
  for (const place of places) if (!place.outsideRoot) files.add(place.filePath);
  return [...files].join('\n');
}

/** The file of an id (`path::line::char`), or the id itself when it is a file (`cn deps`, `<module>`). */
export function fileOfId(id: string): string {
  const cut = id.indexOf('::');
  return cut < 0 ? id : id.slice(0, cut);
}

/** ` (in Base)`, ` (in Base; Sub inherits it)`: where a declaration sits, for the text format. */
export function containerNote(symbol: { container?: string; inheritedBy?: string }): string {
  if (symbol.container === undefined) return '';
  return ` (in ${symbol.container}${symbol.inheritedBy !== undefined ? `; ${symbol.inheritedBy} inherits it` : ''})`;
}

/** `path:line:col` — what editors, terminals and `cn inspect` all accept. */
export function place(ref: { filePath: string; line: number; character: number }): string {
  return `${ref.filePath}:${ref.line}:${ref.character}`;
}

/** The preview a reader sees; a place outside the root has none, and says why. */
export function previewOf(ref: { preview?: string; outsideRoot?: true }): string | undefined {
  return ref.outsideRoot ? '(outside the project root)' : ref.preview;
}

export function groupByFile<T extends { filePath: string }>(items: T[]): Map<string, T[]> {
  const files = new Map<string, T[]>();
  for (const item of items) {
    const list = files.get(item.filePath) ?? [];
    list.push(item);
    files.set(item.filePath, list);
  }
  return files;
}

/** A snippet on one line, or indented under its line when it has several. */
export function snippetLines(snippet: string | undefined, indent: string): string[] {
  if (snippet === undefined || !snippet.includes('\n')) return [];
  return snippet.split('\n').map((line) => `${indent}${line}`);
}

/**
 * `re-exported by 2 (followed): src/index.ts:3 export * from './clone.js'; …`, or `re-exported by: none (…)`: the
 * barrels a file's importers may go through, so the index files need no reading (impact, unused).
 */
export function reExportedByLine(
  barrels: { statements: Array<{ site: string; statement: string }>; total: number } | undefined,
  none: string,
  note: string,
  shown = barrels?.statements.length ?? 0,
): string[] {
  if (!barrels) return [];
  if (barrels.total === 0) return [`re-exported by: none (no ${none})`];
  const listed = barrels.statements
    .slice(0, shown)
    .map(({ site, statement }) => `${site} ${statement.replace(/;$/, '')}`);
  const more = barrels.total > listed.length ? `; +${barrels.total - listed.length} more` : '';
  return [`re-exported by ${barrels.total} (${note}): ${listed.join('; ')}${more}`];
}
