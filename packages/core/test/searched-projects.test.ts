import { describe, expect, it } from 'vitest';
import { searchCompleteness, searchedProjects } from '../src/usecases/searched-projects.js';

const status = (fields: Record<string, unknown>) => ({
  status: () => ({ projects: ['tsconfig.json'], looseFiles: 10_000, ...fields }) as never,
});

describe('searchCompleteness: what a project-wide answer says it searched', () => {
  it('is complete with every project and loose file loaded; the loose files count as one project', () => {
    expect(searchCompleteness(searchedProjects(status({})), [])).toEqual({ projects: 2, complete: true });
  });

  it('is incomplete while loose files past the cap were left out, and says how many and what would take them in', () => {
    const answer = searchCompleteness(searchedProjects(status({ looseFilesLeftOut: 2500 })), []);
    expect(answer.complete).toBe(false);
    expect(answer.incomplete).toBe(
      "2500 source file(s) outside every tsconfig/jsconfig, past cn's cap on such files, were not searched (cn status; a jsconfig.json that includes them makes them a project)",
    );
  });
});
