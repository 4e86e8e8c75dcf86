import type { HierarchyEntry, ImplResponse } from '@cn/protocol';
import { fitImpl } from '../output/fit-impl.js';
import { guessNotes, named } from './graph-text.js';
import { budgetNote, fileList } from './notes.js';
import type { Presenter } from './presenter.js';

export const implPresenter: Presenter<ImplResponse> = {
  text: (response, voice) => {
    const lines = [named(response.target)];
    // A file's answer is the hierarchies of the types it declares: each under its type.
    const under = (entries: HierarchyEntry[]) =>
      response.declarations
        ? response.declarations.flatMap((type) => [`  ${named(type)}`, ...hierarchyLines(type.id, entries, '    ')])
        : hierarchyLines(response.target.id, entries, '  ');
    if (response.direction !== 'super')
      lines.push(`implementations  ${response.implementations.length}`, ...under(response.implementations));
    if (response.direction !== 'sub')
      lines.push(`supertypes  ${response.supertypes.length}`, ...under(response.supertypes));
    lines.push(...guessNotes(response, 'impl', voice));
    lines.push(
      `projects: ${response.projects}, ${response.complete ? 'complete: true' : `complete: false (${response.incomplete ?? 'unknown'})`}${shownOf(response)}`,
      ...budgetNote(response),
    );
    return lines.join('\n');
  },
  compact: (response, voice) =>
    [
      // The target once, then `it` for it: its id on every line was most of the answer.
      named(response.target),
      ...response.implementations.map((entry) => `${named(entry)} ${entry.relation} ${it(response, entry.via)}`),
      ...response.supertypes.map((entry) => `${it(response, entry.via)} ${entry.relation} ${named(entry)}`),
      ...(response.complete ? [] : [`complete: false (${response.incomplete ?? 'unknown'})`]),
      ...(response.truncated ? [shownOf(response).slice(2)] : []),
      ...guessNotes(response, 'impl', voice),
      ...budgetNote(response),
    ].join('\n'),
  ids: (response) => [...response.implementations, ...response.supertypes].map((entry) => entry.id).join('\n'),
  files: (response) => fileList([...response.implementations, ...response.supertypes]),
  fit: fitImpl,
};
// The hierarchy is already printed as a tree.
implPresenter.tree = implPresenter.text;

/** `it` for the target named on the first line, else the id (a type reached through another). */
function it(response: ImplResponse, id: string): string {
  return id === response.target.id ? 'it' : id;
}

function shownOf(response: ImplResponse): string {
  if (!response.truncated) return '';
  return `, truncated: ${response.implementations.length + response.supertypes.length} of ${response.total ?? '?'} shown`;
}

/** Each entry indented under the type it was reached from, nearest first. */
function hierarchyLines(rootId: string, entries: HierarchyEntry[], indent: string): string[] {
  const lines: string[] = [];
  const visit = (id: string, indent: string) => {
    for (const entry of entries.filter((candidate) => candidate.via === id)) {
      const outside = entry.outsideRoot ? '  (outside the root)' : '';
      lines.push(`${indent}${entry.relation} ${named(entry)}${outside}`);
      if (entry.id !== id) visit(entry.id, `${indent}  `);
    }
  };
  visit(rootId, indent);
  return lines;
}
