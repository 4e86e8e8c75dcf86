import type { ImplResponse } from '@cn/protocol';
import { withoutOtherMatches, withReport, type TokenMeasure } from './budget.js';
import { estimateJsonTokens } from './token-estimate.js';
import { limitEntries } from '../usecases/find-implementations.js';

/**
 * `cn impl --max-tokens`: drop previews and headers (and the word-search line), then the account of what was read
 * (`examined`) and as many entries as do not fit, nearest kept first (found by bisection: measuring is a full render).
 * The target, its counts and the completeness stay.
 */
export function fitImpl(
  response: ImplResponse,
  maxTokens: number,
  measure: TokenMeasure<ImplResponse> = estimateJsonTokens,
): ImplResponse {
  const full = withReport(response, maxTokens, 'full', measure);
  if (full.budget!.tokens <= maxTokens) return full;
  const bare = <T extends { preview: string; header?: string }>({ header: _header, ...entry }: T): T =>
    ({ ...entry, preview: '' }) as T;
  const noPreviews: ImplResponse = {
    ...withoutOtherMatches(response),
    target: bare(response.target),
    implementations: response.implementations.map(bare),
    supertypes: response.supertypes.map(bare),
  };
  const shrunk = withReport(noPreviews, maxTokens, 'no-previews', measure);
  if (shrunk.budget!.tokens <= maxTokens) return shrunk;
  const total = noPreviews.implementations.length + noPreviews.supertypes.length;
  // Entries before the account of what was read: a cut answer says it was cut.
  const { examined: _examined, ...withoutExamined } = noPreviews;
  const keep = (count: number) =>
    withReport(limitEntries({ ...withoutExamined, total: undefined }, count), maxTokens, 'cut', measure);
  let low = 0;
  let high = total;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (keep(middle).budget!.tokens <= maxTokens) low = middle;
    else high = middle - 1;
  }
  return keep(low);
}
