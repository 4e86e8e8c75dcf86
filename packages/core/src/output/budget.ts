import type {
  BudgetReport,
  BudgetStage,
  FileCount,
  FindResponse,
  MapResponse,
  OtherCalls,
  OtherMatches,
  OverviewResponse,
} from '@cn/protocol';
import { badInput } from '../domain/errors.js';
import { estimateJsonTokens } from './token-estimate.js';

/** Counts the tokens of an answer as the client will see it (JSON by default, or a text format). */
export type TokenMeasure<T> = (response: T) => number;

const LIST_STAGES = ['full', 'no-previews', 'grouped', 'totals'] as const;
type ListStage = (typeof LIST_STAGES)[number];
/** Below this no answer is useful; refusing says so instead of returning an empty shell. */
export const MIN_MAX_TOKENS = 20;

export function checkMaxTokens(maxTokens: number | undefined, allowZero = false): number | undefined {
  if (maxTokens === undefined || (allowZero && maxTokens === 0)) return maxTokens;
  if (!Number.isInteger(maxTokens) || maxTokens < MIN_MAX_TOKENS) {
    throw badInput(`max-tokens must be a whole number of ${MIN_MAX_TOKENS} or more, not ${maxTokens}`);
  }
  return maxTokens;
}

/**
 * Shrinks an answer in stages until its estimate fits: drop previews and snippets, then replace lists
 * by per-file counts, then keep totals only. Every stage keeps the ids an agent needs to go on
 * (the definition, and candidates until the last stage) and says which stage it used.
 */
function fit<T extends object>(
  response: T,
  maxTokens: number,
  measure: TokenMeasure<T>,
  stages: Record<ListStage, (r: T) => T>,
): T {
  let last: T = response;
  for (const stage of LIST_STAGES) {
    last = withReport(stages[stage](response), maxTokens, stage, measure);
    if ((last as { budget: BudgetReport }).budget.tokens <= maxTokens) return last;
  }
  return last;
}

/** The report is part of the answer, so it is measured with it. */
export function withReport<T extends object>(
  shaped: T,
  maxTokens: number,
  stage: BudgetStage,
  measure: TokenMeasure<T>,
): T {
  const candidate = { ...shaped, budget: { maxTokens, stage, tokens: 0 } } as T & { budget: BudgetReport };
  candidate.budget.tokens = measure(candidate);
  return candidate;
}

/**
 * Overview is already a ranked list, so it is cut from the end: as many of the most-mentioned files
 * as fit (found by bisection: measuring is a full render), else counts and most-referenced only.
 */
export function fitOverview(
  response: OverviewResponse,
  maxTokens: number,
  measure: TokenMeasure<OverviewResponse> = estimateJsonTokens,
): OverviewResponse {
  const full = withReport(response, maxTokens, 'full', measure);
  if (full.budget!.tokens <= maxTokens) return full;
  const keep = (count: number) =>
    withReport(
      { ...response, files: response.files.slice(0, count), truncated: true as const },
      maxTokens,
      'cut',
      measure,
    );
  const kept = largestFitting(response.files.length - 1, (count) => keep(count).budget!.tokens <= maxTokens);
  if (kept > 0) return keep(kept);
  return withReport({ ...response, files: [], ...cutFlag(response.files.length > 0) }, maxTokens, 'totals', measure);
}

/** The largest count in 0..most that `fits` (which must hold for every count below one that fits), by bisection. */
export function largestFitting(most: number, fits: (count: number) => boolean): number {
  let low = 0;
  let high = most;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}

export function fitFind(
  response: FindResponse,
  maxTokens: number,
  measure: TokenMeasure<FindResponse> = estimateJsonTokens,
): FindResponse {
  if (response.pattern) return fitPatternList(response, maxTokens, measure);
  const bare = withoutPreviews(response);
  const parts = [response, ...(response.moreDefinitions ?? [])];
  const listed = parts.some((part) => part.references.length > 0);
  return fit(response, maxTokens, measure, {
    full: (r) => r,
    'no-previews': () => bare,
    grouped: () => ({
      ...eachPart(bare, countedByFile),
      ...otherMatchCounts(response.otherMatches),
      ...cutFlag(listed),
    }),
    totals: () => {
      const groups = parts.some(
        (part) => (part.referenceFiles?.length ?? 0) + (part.referenceSymbols?.length ?? 0) > 0,
      );
      return {
        ...eachPart(bare, totalsOnly),
        ...otherMatchCounts(response.otherMatches),
        candidates: [],
        ...cutFlag(listed || response.candidates.length > 0 || groups),
      };
    },
  });
}

type ReferencePart = Pick<FindResponse, 'references' | 'referenceFiles' | 'referenceSymbols' | 'totalGroups'>;

/** The answer and each of its `moreDefinitions` shaped alike. */
function eachPart(response: FindResponse, shape: <P extends ReferencePart>(part: P) => P): FindResponse {
  const more = response.moreDefinitions?.map((group) => shape(group));
  return { ...shape(response), ...(more ? { moreDefinitions: more } : {}) };
}

/** References as counts per file (the `grouped` stage). */
function countedByFile<P extends ReferencePart>(part: P): P {
  return {
    ...part,
    references: [],
    ...(part.references.length > 0 ? { referenceFiles: countByFile(part.references) } : {}),
  };
}

function totalsOnly<P extends ReferencePart>(part: P): P {
  const { referenceFiles: _files, referenceSymbols: _symbols, totalGroups: _groups, ...rest } = part;
  return { ...rest, references: [] } as unknown as P;
}

/**
 * A pattern's answer is a ranked list and nothing else: past dropping previews it is cut from the end,
 * keeping as many of the best matches as fit (stage `cut`); totalCandidates still counts all.
 */
function fitPatternList(response: FindResponse, maxTokens: number, measure: TokenMeasure<FindResponse>) {
  const full = withReport(response, maxTokens, 'full', measure);
  if (full.budget!.tokens <= maxTokens) return full;
  const bare = withReport(withoutPreviews(response), maxTokens, 'no-previews', measure);
  if (bare.budget!.tokens <= maxTokens) return bare;
  const keep = (count: number) =>
    withReport(
      { ...bare, candidates: bare.candidates.slice(0, count), ...cutFlag(count < bare.candidates.length) },
      maxTokens,
      'cut',
      measure,
    );
  return keep(largestFitting(bare.candidates.length - 1, (count) => keep(count).budget!.tokens <= maxTokens));
}

export function fitMap(
  response: MapResponse,
  maxTokens: number,
  measure: TokenMeasure<MapResponse> = estimateJsonTokens,
): MapResponse {
  const bare: MapResponse = {
    ...response,
    symbols: response.symbols.map(({ snippet: _dropped, ...symbol }) => symbol),
  };
  const kinds = countKinds(response.symbols.map((symbol) => symbol.kind));
  // The top level of what was mapped: the file's, or the members of the declaration asked for.
  const topLevel = bare.symbols.filter((symbol) => symbol.container === response.of?.name);
  return fit(response, maxTokens, measure, {
    full: (r) => r,
    'no-previews': () => bare,
    // A file's members are what makes it long; its top-level declarations and the kind counts remain.
    grouped: () => ({ ...bare, symbols: topLevel, kinds, ...cutFlag(topLevel.length < response.symbols.length) }),
    totals: () => ({ ...bare, symbols: [], kinds, ...cutFlag(response.symbols.length > 0) }),
  });
}

function withoutPreviews(response: FindResponse): FindResponse {
  const strip = <R extends { preview?: string; snippet?: string; endPreview?: string; docLines?: [number, number] }>(
    ref: R,
  ): R => {
    const { preview: _preview, snippet: _snippet, endPreview: _end, docLines: _doc, ...rest } = ref;
    return rest as R;
  };
  const more = response.moreDefinitions?.map((group) => ({
    ...group,
    definition: strip(group.definition),
    references: group.references.map(strip),
  }));
  return {
    ...response,
    definition: response.definition && strip(response.definition),
    references: response.references.map(strip),
    candidates: response.candidates.map(strip),
    ...(more ? { moreDefinitions: more } : {}),
  };
}

export function countByFile(refs: Array<{ filePath: string }>): FileCount[] {
  const counts = new Map<string, number>();
  for (const ref of refs) counts.set(ref.filePath, (counts.get(ref.filePath) ?? 0) + 1);
  return [...counts].map(([filePath, count]) => ({ filePath, count }));
}

export function countKinds(kinds: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of kinds) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

/**
 * An answer under a budget it does not fit at once: what a word search would also hit (`otherMatches`) is an extra,
 * given up before anything the answer is about (calls, impl and type drop it; find keeps its counts).
 */
export function withoutOtherMatches<T extends { otherMatches?: OtherMatches }>(response: T): T {
  if (response.otherMatches === undefined) return response;
  const { otherMatches: _dropped, ...rest } = response;
  return rest as T;
}

/** `otherMatches` as counts: its symbols become one `moreDeclarations` entry. */
function otherMatchCounts(matches: OtherMatches | undefined): { otherMatches?: OtherMatches } {
  if (!matches) return {};
  const listed = matches.declarations;
  const symbols = listed.length + (matches.moreDeclarations?.symbols ?? 0);
  const count =
    listed.reduce((sum, declaration) => sum + declaration.count, 0) + (matches.moreDeclarations?.count ?? 0);
  const { moreDeclarations: _more, otherCalls, ...rest } = matches;
  return {
    otherMatches: {
      ...rest,
      declarations: [],
      ...(symbols > 0 ? { moreDeclarations: { symbols, count } } : {}),
      ...(otherCalls ? { otherCalls: otherCallCounts(otherCalls) } : {}),
    },
  };
}

/** The other calls as counts too: their callees become one `moreCallees` entry. */
function otherCallCounts(calls: OtherCalls): OtherCalls {
  const { moreCallees: _more, callees, ...rest } = calls;
  const symbols = callees.length + (calls.moreCallees?.symbols ?? 0);
  const count = callees.reduce((sum, callee) => sum + callee.count, 0) + (calls.moreCallees?.count ?? 0);
  return { ...rest, callees: [], ...(symbols > 0 ? { moreCallees: { symbols, count } } : {}) };
}

export function cutFlag(cut: boolean): { truncated?: true } {
  return cut ? { truncated: true } : {};
}
