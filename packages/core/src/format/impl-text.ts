import type { HierarchyEntry, ImplExamined, ImplResponse } from '@cn/protocol';
import { fitImpl } from '../output/fit-impl.js';
import { guessNotes, named } from './graph-text.js';
import { budgetNote, fileList, plural } from './notes.js';
import type { Presenter } from './presenter.js';

export const implPresenter: Presenter<ImplResponse> = {
  text: (response, voice) => {
    const lines = [...meaningsLines(response), named(response.target)];
    // A file's answer (or a name's several types, or a class merged with an interface) is the hierarchies of the
    // types it declares: each under its type.
    const under = (entries: HierarchyEntry[]) =>
      response.declarations
        ? response.declarations.flatMap((type) => [`  ${named(type)}`, ...hierarchyLines(type.id, entries, '    ')])
        : hierarchyLines(response.target.id, entries, '  ');
    if (response.direction !== 'super')
      lines.push(`implementations  ${response.implementations.length}`, ...under(response.implementations));
    if (response.direction !== 'sub')
      lines.push(`supertypes  ${response.supertypes.length}`, ...under(response.supertypes));
    lines.push(...guessNotes(response, 'impl', voice), ...examinedNote(response.examined));
    lines.push(
      `projects: ${response.projects}, ${response.complete ? 'complete: true' : `complete: false (${response.incomplete ?? 'unknown'})`}${shownOf(response)}`,
      ...budgetNote(response),
    );
    return lines.join('\n');
  },
  compact: (response, voice) =>
    [
      ...meaningsLines(response),
      // The target once, then `it` for it: its id on every line was most of the answer.
      ...(response.meanings ? [] : [`${named(response.target)}${header(response.target)}`]),
      ...response.implementations.map(
        (entry) => `${entryNamed(entry)} ${entry.relation} ${it(response, entry.via)}${header(entry)}`,
      ),
      ...response.supertypes.map(
        (entry) => `${it(response, entry.via)} ${entry.relation} ${entryNamed(entry)}${header(entry)}`,
      ),
      ...examinedNote(response.examined),
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

/**
 * The declaration's header (else its line), `  │ export abstract class Platform {`: its heritage as written, so a type
 * that extends nothing is seen to (agents grepped `^export (abstract )?class (A|B|…)` -A2 after a hierarchy).
 */
function header(location: { preview: string; header?: string; library?: true }): string {
  // A library type's preview is the project's clause naming it, the line of the type below it: said already.
  if (location.library) return '';
  const written = location.header ?? location.preview;
  return written === '' ? '' : `  │ ${written}`;
}

/**
 * `it` for the target named on the first line, else the id (a type reached through another, or one of a name's
 * several meanings: each is named by its id).
 */
function it(response: ImplResponse, id: string): string {
  return id === response.target.id && !response.meanings ? 'it' : id;
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
      lines.push(`${indent}${entry.relation} ${entryNamed(entry)}${outside}`);
      if (entry.id !== id) visit(entry.id, `${indent}  `);
    }
  };
  visit(rootId, indent);
  return lines;
}

/**
 * An entry with what an agent would open the file to check: `Error (Class, library)` for a type the project does not
 * declare, `Base (Class) [id] through Timestamped(Base)` for a class a mixin was applied to.
 */
function entryNamed(entry: HierarchyEntry): string {
  const label = named(entry.library ? { ...entry, kind: `${entry.kind}, library` } : entry);
  return entry.mixin ? `${label} through ${entry.mixin}` : label;
}

/**
 * `examined 3 files, each one that references a type of the walk (…): 5 classes, 1 class expression, 2 interfaces, 1
 * mixin`: what "none found" was read from.
 */
function examinedNote(examined: ImplExamined | undefined): string[] {
  if (!examined) return [];
  const parts = [
    plural(examined.classes, 'class', 'classes'),
    plural(examined.classExpressions, 'class expression'),
    plural(examined.interfaces, 'interface'),
    plural(examined.typeAliases, 'type alias', 'type aliases'),
    plural(examined.mixins, 'mixin application'),
    plural(examined.merged, 'interface+class merge'),
  ].filter((part) => !part.startsWith('0 '));
  // Which files, and why no other: an agent told `examined 48 files` on a 1,843-file repository grepped for subclasses.
  const which = `${plural(examined.files, 'file')}, each one that references a type of the walk (a subtype names its supertype)`;
  return [`examined ${which}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`];
}

/**
 * `2 declarations named Widget, each answered (re-ask with an id for one)`, then each with its counts: no silent pick
 * to mistrust.
 */
function meaningsLines(response: ImplResponse): string[] {
  const meanings = response.meanings;
  if (!meanings) return [];
  const more = response.moreMeanings ? ` (${response.moreMeanings} more not answered)` : '';
  return [
    `${meanings.length} declarations named ${meanings[0].name}${more}, each answered (re-ask with an id for one)`,
    ...meanings.map(
      (meaning) =>
        `${named(meaning)}: ${plural(meaning.implementations, 'implementation')}, ${plural(meaning.supertypes, 'supertype')}`,
    ),
  ];
}
