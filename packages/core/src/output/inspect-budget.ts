import type { InspectManyResponse, InspectResponse, InspectResult } from '@cn/protocol';
import { largestFitting, withReport, type TokenMeasure } from './budget.js';
import { estimateJsonTokens } from './token-estimate.js';

/**
 * `cn inspect --max-tokens`: blocks are read in the order asked, so the later ones give way first —
 * their code (and related symbols) is dropped, their ranges stay, for as many blocks as it takes
 * (stage no-previews); if ranges alone are too many, blocks are cut from the end (cut), down to
 * the failures and totals (totals). Counts are found by bisection: measuring is a full render.
 */
export function fitInspectMany(
  response: InspectManyResponse,
  maxTokens: number,
  measure: TokenMeasure<InspectManyResponse> = estimateJsonTokens,
): InspectManyResponse {
  const full = withReport(response, maxTokens, 'full', measure);
  if (full.budget!.tokens <= maxTokens) return full;
  const { results } = response;
  const withCode = (count: number) =>
    withReport(
      { ...response, results: results.map((result, index) => (index < count ? result : rangeOnly(result))) },
      maxTokens,
      'no-previews',
      measure,
    );
  const fits = (answer: InspectManyResponse) => answer.budget!.tokens <= maxTokens;
  if (fits(withCode(0))) return withCode(largestFitting(results.length - 1, (count) => fits(withCode(count))));
  const keep = (count: number) =>
    withReport(
      { ...response, results: results.slice(0, count).map(rangeOnly), truncated: true as const },
      maxTokens,
      count > 0 ? 'cut' : 'totals',
      measure,
    );
  return keep(largestFitting(results.length - 1, (count) => fits(keep(count))));
}

/** One block: whole, or its range alone when the code does not fit. */
export function fitInspect(
  response: InspectResponse,
  maxTokens: number,
  measure: TokenMeasure<InspectResponse> = estimateJsonTokens,
): InspectResponse {
  const full = withReport(response, maxTokens, 'full', measure);
  if (full.budget!.tokens <= maxTokens) return full;
  return withReport({ ...response, result: rangeOnly(response.result) }, maxTokens, 'no-previews', measure);
}

function rangeOnly<R extends InspectResult>(result: R): R {
  const { code: _code, relatedSymbols: _related, ...rest } = result;
  return rest as R;
}
