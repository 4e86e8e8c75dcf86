import type { UnusedResponse } from '@cn/protocol';
import { cutFlag, largestFitting, withReport, type TokenMeasure } from './budget.js';
import { estimateJsonTokens } from './token-estimate.js';

/**
 * `cn unused --max-tokens`: the list is in path and line order, so it is cut from the end (as many
 * symbols as fit), else only the counts remain. `total` always counts everything found.
 */
export function fitUnused(
  response: UnusedResponse,
  maxTokens: number,
  measure: TokenMeasure<UnusedResponse> = estimateJsonTokens,
): UnusedResponse {
  const full = withReport(response, maxTokens, 'full', measure);
  if (full.budget!.tokens <= maxTokens) return full;
  // What the used ones rest on goes first: the unused are the answer.
  const { used: _used, ...unusedOnly } = response;
  const withoutUsed = withReport(unusedOnly, maxTokens, 'no-previews', measure);
  if (withoutUsed.budget!.tokens <= maxTokens) return withoutUsed;
  // Then what a word search would hit for each: the names are the answer.
  const bare = { ...unusedOnly, files: withoutWordMatches(response.files) };
  const withoutWords = withReport(bare, maxTokens, 'no-previews', measure);
  if (withoutWords.budget!.tokens <= maxTokens) return withoutWords;
  const listed = response.files.reduce((sum, file) => sum + file.unused.length, 0);
  const keep = (count: number) =>
    withReport(
      { ...bare, files: firstSymbols(bare.files, count), truncated: true as const },
      maxTokens,
      'cut',
      measure,
    );
  const kept = largestFitting(listed - 1, (count) => keep(count).budget!.tokens <= maxTokens);
  if (kept > 0) return keep(kept);
  return withReport({ ...bare, files: [], ...cutFlag(listed > 0) }, maxTokens, 'totals', measure);
}

function withoutWordMatches(files: UnusedResponse['files']): UnusedResponse['files'] {
  return files.map((file) => ({ ...file, unused: file.unused.map(({ otherMatches: _words, ...symbol }) => symbol) }));
}

function firstSymbols(files: UnusedResponse['files'], count: number): UnusedResponse['files'] {
  const kept: UnusedResponse['files'] = [];
  let left = count;
  for (const file of files) {
    if (left <= 0) break;
    kept.push({ ...file, unused: file.unused.slice(0, left) });
    left -= file.unused.length;
  }
  return kept;
}
