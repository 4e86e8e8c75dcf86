import type { SymbolIndex } from '../ports/symbol-index.js';

/** Names offered for a name nothing matched; more is a list, not a suggestion. */
const MAX_SUGGESTIONS = 3;
/** The symbol index is searched by the name's first and last few characters: a typo is rarely in both. */
const PROBE_LENGTH = 3;

/**
 * "Did you mean": names in the project's symbol index within a small edit distance of a name
 * nothing matched (`mergPath` → `mergePath`), closest first. The index is searched by the name's
 * ends, so a misspelling in the middle is still found.
 */
export async function suggestNames(symbols: SymbolIndex, name: string): Promise<string[]> {
  if (name.length < PROBE_LENGTH) return [];
  const probes = [...new Set([name.slice(0, PROBE_LENGTH), name.slice(-PROBE_LENGTH)])];
  const answers = await Promise.all(
    probes.map((probe) =>
      symbols.searchSymbols(probe).then(
        ({ hits }) => hits,
        () => [],
      ),
    ),
  );
  return closestNames(
    name,
    answers.flat().map((hit) => hit.name),
  );
}

/** The few names within a small edit distance of `name` (about one edit per four characters), closest first. */
export function closestNames(name: string, names: Iterable<string>): string[] {
  const allowed = Math.max(1, Math.floor(name.length / 4));
  const lower = name.toLowerCase();
  return [...new Set(names)]
    .map((candidate) => ({ candidate, distance: editDistance(lower, candidate.toLowerCase()) }))
    .filter(({ candidate, distance }) => candidate !== name && distance <= allowed)
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, MAX_SUGGESTIONS)
    .map(({ candidate }) => candidate);
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swapped neighbours cost 1. */
export function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > Math.max(a.length, b.length) / 2) return Math.max(a.length, b.length);
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[a.length][b.length];
}
