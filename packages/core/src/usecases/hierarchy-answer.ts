/** What every cn impl answer shares: how complete the walk was, and its entries' order. */
import type { HierarchyEntry, ImplResponse } from '@cn/protocol';
import type { CodeIntelligence } from '../ports/code-intelligence.js';

/**
 * Each entry is named through its file; beyond this many, naming costs more than it tells (the answer says it was cut).
 */
export const MAX_IMPLEMENTATIONS = 200;

export interface Searched {
  projects: number;
  unreadConfigs: number;
}

export function searchedProjects(engine: CodeIntelligence): Searched {
  const status = engine.status();
  return {
    projects: status.projects.length + (status.looseFiles > 0 ? 1 : 0),
    unreadConfigs: status.configErrors?.length ?? 0,
  };
}

export function completeness(
  searched: Searched,
  truncated: boolean,
  more: string[] = [],
): Pick<ImplResponse, 'projects' | 'complete' | 'incomplete'> {
  const reasons = [...more];
  if (truncated) reasons.push(`stopped at ${MAX_IMPLEMENTATIONS} entries`);
  if (searched.unreadConfigs > 0)
    reasons.push(
      `${searched.unreadConfigs} tsconfig/jsconfig file(s) could not be read, so their projects were not searched (cn status)`,
    );
  return {
    projects: searched.projects,
    complete: reasons.length === 0,
    ...(reasons.length > 0 ? { incomplete: reasons.join('; ') } : {}),
  };
}

/** Nearest first, then by place, so the same question always prints the same answer. */
export function sortedEntries(entries: HierarchyEntry[]): HierarchyEntry[] {
  return [...entries].sort(
    (a, b) => a.depth - b.depth || a.filePath.localeCompare(b.filePath) || a.line - b.line || a.character - b.character,
  );
}
