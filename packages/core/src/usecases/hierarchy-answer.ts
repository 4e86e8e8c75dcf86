/** What every cn impl answer shares: how complete the walk was, and its entries' order. */
import type { HierarchyEntry, ImplResponse } from '@cn/protocol';
import { searchCompleteness, type Searched } from './searched-projects.js';

/**
 * Each entry is named through its file; beyond this many, naming costs more than it tells (the answer says it was cut).
 */
export const MAX_IMPLEMENTATIONS = 200;

/** Implementations found past the cap are left out; the answer says so. */
export function completeness(
  searched: Searched,
  truncated: boolean,
  more: string[] = [],
): Pick<ImplResponse, 'projects' | 'complete' | 'incomplete'> {
  return searchCompleteness(searched, [...more, ...(truncated ? [`stopped at ${MAX_IMPLEMENTATIONS} entries`] : [])]);
}

/** Nearest first, then by place, so the same question always prints the same answer. */
export function sortedEntries(entries: HierarchyEntry[]): HierarchyEntry[] {
  return [...entries].sort(
    (a, b) => a.depth - b.depth || a.filePath.localeCompare(b.filePath) || a.line - b.line || a.character - b.character,
  );
}
