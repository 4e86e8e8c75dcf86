import type { UnusedFile, UnusedResponse, UnusedSymbol } from '@cn/protocol';
import type { ProjectPaths } from '../domain/project-paths.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import { searchCompleteness, searchedProjects } from './searched-projects.js';
import type { UnusedCandidate } from './unused-candidate.js';

/** Files not checked are named, the first few. */
const NAMED_UNREADABLE = 5;

export function groupByFile(paths: ProjectPaths, candidates: UnusedCandidate[]): UnusedFile[] {
  const files = new Map<string, UnusedSymbol[]>();
  for (const { filePath, symbol } of candidates) {
    const list = files.get(filePath) ?? [];
    list.push(symbol);
    files.set(filePath, list);
  }
  return [...files].map(([filePath, unused]) => ({ filePath: paths.toRelative(filePath), unused }));
}

/** §1 of the contract: a project-wide answer says what it searched and whether anything was left out. */
export function searched(
  engine: CodeIntelligence,
  unreadable: string[],
): Pick<UnusedResponse, 'projects' | 'complete' | 'incomplete'> {
  const named =
    [...unreadable].sort().slice(0, NAMED_UNREADABLE).join(', ') + (unreadable.length > NAMED_UNREADABLE ? ', …' : '');
  const unchecked =
    unreadable.length === 0
      ? []
      : [
          unreadable.length === 1
            ? `1 file could not be outlined and was not checked: ${named}`
            : `${unreadable.length} files could not be outlined and were not checked: ${named}`,
        ];
  return searchCompleteness(searchedProjects(engine), unchecked);
}

/** How many reported symbols a computed key may read, when any. */
export function possiblyUsed(reported: UnusedCandidate[]): Pick<UnusedResponse, 'possiblyUsed'> {
  const count = reported.filter((candidate) => candidate.symbol.computedAccess).length;
  return count > 0 ? { possiblyUsed: count } : {};
}
