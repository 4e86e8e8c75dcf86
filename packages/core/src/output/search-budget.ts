import type { BudgetReport, GrepResponse, SearchResponse } from '@cn/protocol';
import { cutFlag, largestFitting, withReport, type TokenMeasure } from './budget.js';
import { estimateJsonTokens } from './token-estimate.js';

/**
 * `cn search --max-tokens`: a ranked list, so past dropping previews and snippets it keeps as many of the best
 * results as fit (stage `cut`), and at worst the totals. `total` still counts every match.
 */
export function fitSearch(
  response: SearchResponse,
  maxTokens: number,
  measure: TokenMeasure<SearchResponse> = estimateJsonTokens,
): SearchResponse {
  const full = withReport(response, maxTokens, 'full', measure);
  if (full.budget!.tokens <= maxTokens) return full;
  const bare = {
    ...response,
    results: response.results.map(({ preview: _preview, snippet: _snippet, ...hit }) => hit),
  };
  const withoutPreviews = withReport(bare, maxTokens, 'no-previews', measure);
  if (withoutPreviews.budget!.tokens <= maxTokens) return withoutPreviews;
  return cutList(bare, 'results', maxTokens, measure);
}

/**
 * `cn grep --max-tokens`: drop the lines' previews, then the lines themselves (each declaration keeps its count:
 * stage `grouped`), then as many declarations as fit, then the totals.
 */
export function fitGrep(
  response: GrepResponse,
  maxTokens: number,
  measure: TokenMeasure<GrepResponse> = estimateJsonTokens,
): GrepResponse {
  const full = withReport(response, maxTokens, 'full', measure);
  if (full.budget!.tokens <= maxTokens) return full;
  const bare = {
    ...response,
    groups: response.groups.map((group) => ({
      ...group,
      matches: group.matches.map(({ preview: _preview, ...match }) => match),
    })),
  };
  const withoutPreviews = withReport(bare, maxTokens, 'no-previews', measure);
  if (withoutPreviews.budget!.tokens <= maxTokens) return withoutPreviews;
  const grouped = {
    ...bare,
    groups: bare.groups.map((group) => ({ ...group, matches: [] })),
    ...cutFlag(response.groups.length > 0),
  };
  const counts = withReport(grouped, maxTokens, 'grouped', measure);
  if (counts.budget!.tokens <= maxTokens) return counts;
  return cutList(grouped, 'groups', maxTokens, measure);
}

/** As many of the list's first entries as fit (stage `cut`), else none (stage `totals`). */
function cutList<T extends { budget?: BudgetReport }, Field extends keyof T>(
  response: T,
  field: Field,
  maxTokens: number,
  measure: TokenMeasure<T>,
): T {
  const list = response[field] as unknown[];
  const keep = (count: number) =>
    withReport({ ...response, [field]: list.slice(0, count), ...cutFlag(true) }, maxTokens, 'cut', measure);
  const kept = largestFitting(list.length - 1, (count) => keep(count).budget!.tokens <= maxTokens);
  if (kept > 0) return keep(kept);
  return withReport({ ...response, [field]: [], ...cutFlag(list.length > 0) }, maxTokens, 'totals', measure);
}
