import type { CodeIntelligence } from '../ports/code-intelligence.js';

export interface Searched {
  projects: number;
  unreadConfigs: number;
  /** Loose files past cn's cap, which no project-wide search went through. */
  looseFilesLeftOut: number;
}

/** The tsconfig/jsconfig projects (and the loose-file project) a project-wide search went through. */
export function searchedProjects(engine: Pick<CodeIntelligence, 'status'>): Searched {
  const status = engine.status();
  return {
    projects: status.projects.length + (status.looseFiles > 0 ? 1 : 0),
    unreadConfigs: status.configErrors?.length ?? 0,
    looseFilesLeftOut: status.looseFilesLeftOut ?? 0,
  };
}

/** `projects`, `complete` and why not: the command's own reasons, and configs that could not be read. */
export function searchCompleteness(
  searched: Searched,
  reasons: string[],
): { projects: number; complete: boolean; incomplete?: string } {
  const all = [...reasons];
  if (searched.unreadConfigs > 0)
    all.push(
      `${searched.unreadConfigs} tsconfig/jsconfig file(s) could not be read, so their projects were not searched (cn status)`,
    );
  if (searched.looseFilesLeftOut > 0)
    all.push(
      `${searched.looseFilesLeftOut} source file(s) outside every tsconfig/jsconfig, past cn's cap on such files, were not searched (cn status; a jsconfig.json that includes them makes them a project)`,
    );
  return {
    projects: searched.projects,
    complete: all.length === 0,
    ...(all.length > 0 ? { incomplete: all.join('; ') } : {}),
  };
}
