import type { SourceText } from '../domain/source-text.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import { kindFilter } from '../ranking/kind-filter.js';
import { compareRankKeys, compareRanked, kindRank, rankKey, type RankedHit } from '../ranking/rank-symbols.js';
import { possibleKinds } from '../ranking/refine-kind.js';
import type { WorkBudget } from '../search/work-budget.js';
import { locateRanked, type RankedLocatedSymbol } from './symbol-search.js';

export interface Listing {
  /** The best `limit` matches, best first, each located. */
  symbols: RankedLocatedSymbol[];
  /** Matches of the kind asked; a lower bound when `totalIsLowerBound`. */
  total: number;
  /**
   * Some matches' kind is known only once their file is read (a constant holding an arrow function is a Function,
   * a property with `get` a Getter) and the listing stopped before reading them: `total` counts what it knows.
   */
  totalIsLowerBound: boolean;
}

/** Which way a kind filter goes for a hit before its file is read. */
type Verdict = 'passes' | 'fails' | 'unknown';

/**
 * The best `limit` of a pattern's matches as cn find ranks them, reading (locating) only as many files as that takes.
 * Ranking needs what a read tells (exported or not, the kind refined: refine-kind.ts), so the matches are walked in
 * the order of the best rank each could have once read; the walk stops when `limit` located matches rank better than
 * that best of the next one. `*` on 70,000 declarations read every file and took 58 s (issue 22); its first five now
 * read a few. The walk pauses for other questions as it goes.
 */
export async function listBest(
  engine: CodeIntelligence,
  texts: (filePath: string) => Promise<SourceText | undefined>,
  matches: readonly RankedHit[],
  options: { limit: number; kind?: string; budget: WorkBudget },
): Promise<Listing> {
  const accepts = kindFilter(options.kind);
  const verdict = (kind: string): Verdict => {
    if (!accepts) return 'passes';
    const passing = possibleKinds(kind).filter(accepts).length;
    return passing === 0 ? 'fails' : passing === possibleKinds(kind).length ? 'passes' : 'unknown';
  };
  let total = 0;
  let unknown = 0;
  const buckets = new Map<string, { key: number[]; files: Map<string, RankedHit[]> }>();
  for (const [index, ranked] of matches.entries()) {
    if (index % 1000 === 0)
      for (let pause = options.budget.pauseIfDue(); pause; pause = options.budget.pauseIfDue()) await pause;
    const said = verdict(ranked.hit.kind);
    if (said === 'fails') continue;
    if (said === 'passes') total++;
    else unknown++;
    const key = bestRankKey(ranked);
    const name = key.join(',');
    const bucket = buckets.get(name) ?? { key, files: new Map<string, RankedHit[]>() };
    buckets.set(name, bucket);
    const inFile = bucket.files.get(ranked.hit.filePath) ?? [];
    bucket.files.set(ranked.hit.filePath, inFile);
    inFile.push(ranked);
  }
  const best: RankedLocatedSymbol[] = [];
  const walk = async (): Promise<void> => {
    for (const { files } of [...buckets.values()].sort((a, b) => compareRankKeys(a.key, b.key))) {
      // compareRanked's own order within a rank: file (as localeCompare orders), then line.
      for (const filePath of [...files.keys()].sort(FILE_ORDER.compare)) {
        const inFile = files.get(filePath)!.sort((a, b) => a.hit.range.start.line - b.hit.range.start.line);
        for (const ranked of inFile) {
          if (best.length >= options.limit && compareRanked(best[options.limit - 1], bestCase(ranked)) < 0) return;
          for (let pause = options.budget.pauseIfDue(); pause; pause = options.budget.pauseIfDue()) await pause;
          const located = await locateRanked(engine, texts, ranked);
          const passes = !accepts || accepts(located.hit.kind);
          if (verdict(ranked.hit.kind) === 'unknown') {
            unknown--;
            if (passes) total++;
          }
          if (passes) keepBest(best, located, options.limit);
        }
      }
    }
  };
  await walk();
  return { symbols: best, total, totalIsLowerBound: unknown > 0 };
}

const FILE_ORDER = new Intl.Collator();

/** The ranked hit as it would rank at best once read: exported, and of the best kind it may turn out to be. */
function bestCase(ranked: RankedHit): RankedHit {
  const kinds = possibleKinds(ranked.hit.kind);
  const kind = kinds.reduce((best, kind) => (kindRank(kind) < kindRank(best) ? kind : best));
  return { ...ranked, exported: true, hit: kind === ranked.hit.kind ? ranked.hit : { ...ranked.hit, kind } };
}

/** compareRanked's keys before file and line, for the best case: equal keys share a bucket. */
function bestRankKey(ranked: RankedHit): number[] {
  return rankKey(bestCase(ranked));
}

/** Inserts in rank order after its equals (binary search), keeping at most `limit`. */
function keepBest(best: RankedLocatedSymbol[], located: RankedLocatedSymbol, limit: number): void {
  let low = 0;
  let high = best.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compareRanked(best[middle], located) <= 0) low = middle + 1;
    else high = middle;
  }
  const at = low;
  if (at >= limit) return;
  best.splice(at, 0, located);
  if (best.length > limit) best.pop();
}
