import type { BudgetReport, CallsResponse, GraphEdge, GraphNode, OtherMatches, TypeResponse } from '@cn/protocol';
import { keepEdges } from '../graph/limit-edges.js';
import { cutFlag, largestFitting, withoutOtherMatches, withReport, type TokenMeasure } from './budget.js';
import { estimateJsonTokens } from './token-estimate.js';

/** A graph answer an edge budget can cut: calls and deps (`roots` when it grew from several targets). */
interface EdgeGraph {
  root: string;
  otherMatches?: OtherMatches;
  roots?: string[];
  nodes: GraphNode[];
  edges: GraphEdge[];
  totalEdges?: number;
  truncated?: boolean;
  budget?: BudgetReport;
}

/**
 * `--max-tokens` on a graph (calls, deps): edges are cut from the end of the graph's order, as many as fit
 * (found by bisection: measuring is a full render), else the roots and totals only. `totalEdges` counts all.
 */
export function fitEdges<T extends EdgeGraph>(
  response: T,
  maxTokens: number,
  measure: TokenMeasure<T> = estimateJsonTokens,
): T {
  const full = withReport(response, maxTokens, 'full', measure);
  if (full.budget!.tokens <= maxTokens) return full;
  const roots = response.roots ?? [response.root];
  const cut = withoutOtherMatches(response);
  const totalEdges = response.totalEdges ?? response.edges.length;
  const keep = (count: number) =>
    withReport(
      { ...cut, ...keepEdges(response, roots, count), truncated: true, totalEdges },
      maxTokens,
      count > 0 ? 'cut' : 'totals',
      measure,
    );
  return keep(largestFitting(response.edges.length - 1, (count) => keep(count).budget!.tokens <= maxTokens));
}

/**
 * `--max-tokens` on deps: the import statements go first (stage `no-previews`: the edges stay, as the tree and ids
 * print them), then edges as fitEdges cuts them.
 */
export function fitDeps<T extends EdgeGraph>(
  response: T,
  maxTokens: number,
  measure: TokenMeasure<T> = estimateJsonTokens,
): T {
  const full = withReport(response, maxTokens, 'full', measure);
  if (full.budget!.tokens <= maxTokens || !response.edges.some((edge) => edge.statements)) return full;
  // The statements go, and the namesake imports with them (their count stays).
  const { namesakeImports: _namesakes, ...kept } = response as T & { namesakeImports?: unknown };
  const bare = { ...(kept as T), edges: response.edges.map(({ statements: _statements, ...edge }) => edge) };
  const stripped = withReport(bare, maxTokens, 'no-previews', measure);
  return stripped.budget!.tokens <= maxTokens ? stripped : fitEdges(bare, maxTokens, measure);
}

export const fitCalls: (
  response: CallsResponse,
  maxTokens: number,
  measure?: TokenMeasure<CallsResponse>,
) => CallsResponse = fitEdges;

/** An answer whose one list can be cut from its end: `total` then counts the whole list. */
type ListAnswer<Key extends string> = { [K in Key]: unknown[] } & {
  total?: number;
  truncated?: true;
  budget?: BudgetReport;
};

/** `--limit` on a list the client assembles (diagnostics pages): the first `limit` items, `total` counting all. */
export function limitListItems<Key extends string, T extends ListAnswer<Key>>(
  response: T,
  key: Key,
  limit: number | undefined,
): T {
  const items = response[key];
  if (limit === undefined || items.length <= limit) return response;
  return { ...response, [key]: items.slice(0, limit), total: response.total ?? items.length, truncated: true };
}

/** `--max-tokens` on a plain list (diagnostics, orphans): as many items as fit, from the front, else counts only. */
export function fitListItems<Key extends string, T extends ListAnswer<Key>>(
  response: T,
  key: Key,
  maxTokens: number,
  measure: TokenMeasure<T> = estimateJsonTokens,
): T {
  const full = withReport(response, maxTokens, 'full', measure);
  if (full.budget!.tokens <= maxTokens) return full;
  const items = response[key];
  const total = response.total ?? items.length;
  const keep = (count: number) =>
    withReport({ ...response, [key]: items.slice(0, count), total, truncated: true }, maxTokens, 'cut', measure);
  const kept = largestFitting(items.length - 1, (count) => keep(count).budget!.tokens <= maxTokens);
  if (kept > 0) return keep(kept);
  return withReport({ ...response, [key]: [], total, ...cutFlag(items.length > 0) }, maxTokens, 'totals', measure);
}

/**
 * `cn type --max-tokens`: a doc comment can run to thousands of tokens; it goes first (with the word-search line), then
 * the other
 * candidates of a guessed name. The symbol, its signature and its type's declarations always stay.
 */
export function fitType(
  response: TypeResponse,
  maxTokens: number,
  measure: TokenMeasure<TypeResponse> = estimateJsonTokens,
): TypeResponse {
  const full = withReport(response, maxTokens, 'full', measure);
  if (full.budget!.tokens <= maxTokens) return full;
  const noDocs = withReport({ ...withoutOtherMatches(response), documentation: '' }, maxTokens, 'cut', measure);
  if (noDocs.budget!.tokens <= maxTokens || response.candidates === undefined) return noDocs;
  const { candidates: _candidates, ...bare } = withoutOtherMatches(response);
  return withReport({ ...bare, documentation: '' }, maxTokens, 'totals', measure);
}
