import type { ImpactResponse } from '@cn/protocol';
import { keepEdges } from '../graph/limit-edges.js';
import { largestFitting, withReport, type TokenMeasure } from './budget.js';
import { estimateJsonTokens } from './token-estimate.js';

/**
 * `cn impact --max-tokens`: the files are the answer, so they go last. First the caller graph's edges are cut
 * from the end, then the files (farthest first, as they are sorted nearest first), then the tests list.
 */
export function fitImpact(
  response: ImpactResponse,
  maxTokens: number,
  measure: TokenMeasure<ImpactResponse> = estimateJsonTokens,
): ImpactResponse {
  const full = withReport(response, maxTokens, 'full', measure);
  if (full.budget!.tokens <= maxTokens) return full;
  const roots = response.roots ?? [response.root];
  const totalFiles = response.totalFiles ?? response.files.length;
  const withEdges = (count: number) =>
    withReport(
      { ...response, ...keepEdges(response, roots, count), truncated: true, totalEdges: response.edges.length },
      maxTokens,
      'cut',
      measure,
    );
  const edges = largestFitting(response.edges.length, (count) => withEdges(count).budget!.tokens <= maxTokens);
  if (edges > 0 || withEdges(0).budget!.tokens <= maxTokens) return withEdges(edges);
  const bare = {
    ...response,
    ...keepEdges(response, roots, 0),
    truncated: true as const,
    totalEdges: response.edges.length,
    totalFiles,
  };
  const withFiles = (count: number) =>
    withReport({ ...bare, files: response.files.slice(0, count) }, maxTokens, 'cut', measure);
  const files = largestFitting(response.files.length, (count) => withFiles(count).budget!.tokens <= maxTokens);
  if (files > 0) return withFiles(files);
  return withReport({ ...bare, files: [], tests: [] }, maxTokens, 'totals', measure);
}
