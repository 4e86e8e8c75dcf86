import type { CallsResponse } from '@cn/protocol';
import { keepEdges } from '../graph/limit-edges.js';
import { withReport, type TokenMeasure } from './budget.js';
import { estimateJsonTokens } from './token-estimate.js';

/**
 * `cn calls --max-tokens`: edges are cut from the end of the graph's order, as many as fit (found by
 * bisection: measuring is a full render), else the roots and totals only. `totalEdges` counts all.
 */
export function fitCalls(
  response: CallsResponse,
  maxTokens: number,
  measure: TokenMeasure<CallsResponse> = estimateJsonTokens,
): CallsResponse {
  const full = withReport(response, maxTokens, 'full', measure);
  if (full.budget!.tokens <= maxTokens) return full;
  const roots = response.roots ?? [response.root];
  const totalEdges = response.totalEdges ?? response.edges.length;
  const keep = (count: number) =>
    withReport(
      { ...response, ...keepEdges(response, roots, count), truncated: true, totalEdges },
      maxTokens,
      count > 0 ? 'cut' : 'totals',
      measure,
    );
  let low = 0;
  let high = response.edges.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (keep(middle).budget!.tokens <= maxTokens) low = middle;
    else high = middle - 1;
  }
  return keep(low);
}
