import type { WorkspaceSymbolHit } from '../domain/symbols.js';

export interface SymbolSearch {
  hits: WorkspaceSymbolHit[];
  /**
   * False when names may be missing: the engine's index was still being built and only the
   * declarations named exactly as asked were looked up (they are all there).
   */
  complete: boolean;
}

/**
 * Name search over every loaded project: tsserver's own (navto), or the index cn builds from the
 * native engine's outlines. Use cases never know which engine answers.
 */
export interface SymbolIndex {
  /**
   * Declarations whose name contains `query`, ignoring case (an engine may return more; ranking drops
   * the rest), each with its container; re-exports and renamed imports marked `alias`.
   * `exactSuffices`: an answer holding the declarations named exactly `query` may come before the
   * whole index is built (then `complete` is false); otherwise the answer is complete.
   */
  searchSymbols(query: string, options?: { exactSuffices?: boolean }): Promise<SymbolSearch>;
}
