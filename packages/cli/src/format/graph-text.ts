import type {
  DeclarationForm,
  DiagnosticsResponse,
  GraphResponse,
  HierarchyEntry,
  ImplResponse,
  NamedLocation,
  OrphansResponse,
  TargetGuess,
  TypeResponse,
} from '@cn/core';
import type { Context, Outcome } from '../run.js';
import { graphTree } from './tree.js';

/**
 * Output of the graph commands in every --format: json is the HTTP response; text and tree print
 * the tree (graphs) or lines for people; compact prints one line per edge or result; ids prints
 * one id per line for pipes (`cn calls x --format ids | cn inspect -`).
 */
export interface Renderings<T> {
  text: (response: T) => string;
  compact?: (response: T) => string;
  ids: (response: T) => string[];
}

export function renderGraphOutput<T>(
  context: Context,
  response: T,
  renderings: Renderings<T>,
  exitCode: number,
): Outcome {
  const format = context.format as string;
  const output =
    format === 'json'
      ? JSON.stringify(response)
      : format === 'ids'
        ? renderings.ids(response).join('\n')
        : format === 'compact' && renderings.compact
          ? renderings.compact(response)
          : renderings.text(response);
  return { output, exitCode };
}

export const graphRenderings: Renderings<GraphResponse> = {
  text: graphTree,
  compact: (response) => response.edges.map((edge) => `${edge.from} -${edge.kind}→ ${edge.to}`).join('\n'),
  ids: (response) => response.nodes.filter((node) => node.id !== response.root).map((node) => node.id),
};

function named(location: NamedLocation & DeclarationForm): string {
  const container = location.container ? ` (in ${location.container})` : '';
  const form = location.declaration ? `, ${location.declaration}` : '';
  return `${location.name} (${location.kind}${form})${container} [${location.id}]`;
}

/** impl and type answered a guessed name: say so, with the other matches to re-ask by id. */
export function guessNotes(response: TargetGuess, command: string): string[] {
  if (!response.ambiguous) return [];
  return [
    `ambiguous: the name was a guess; re-ask with an id: cn ${command} <id>`,
    ...(response.candidates ?? []).map((candidate) => `  also ${named(candidate)}`),
  ];
}

export const implRenderings: Renderings<ImplResponse> = {
  text: (response) => {
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
    lines.push(...guessNotes(response, 'impl'));
    lines.push(
      `projects: ${response.projects}, ${response.complete ? 'complete: true' : `complete: false (${response.incomplete ?? 'unknown'})`}${shownOf(response)}`,
    );
    return lines.join('\n');
  },
  compact: (response) =>
    [
      ...response.implementations.map((entry) => `${named(entry)} ${entry.relation} ${entry.via}`),
      ...response.supertypes.map((entry) => `${entry.via} ${entry.relation} ${named(entry)}`),
      ...(response.complete ? [] : [`complete: false (${response.incomplete ?? 'unknown'})`]),
      ...(response.truncated ? [shownOf(response).slice(2)] : []),
      ...guessNotes(response, 'impl'),
    ].join('\n'),
  ids: (response) => [...response.implementations, ...response.supertypes].map((entry) => entry.id),
};

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

export const typeRenderings: Renderings<TypeResponse> = {
  text: (response) => {
    const lines = [`${named(response.target)}`, response.signature];
    if (response.documentation) lines.push('', response.documentation);
    for (const definition of response.typeDefinitions) lines.push(`type defined at  ${named(definition)}`);
    return [...lines, ...guessNotes(response, 'type')].join('\n');
  },
  compact: (response) =>
    [
      response.signature,
      ...response.typeDefinitions.map((definition) => `type: ${definition.id}`),
      ...guessNotes(response, 'type'),
    ].join('\n'),
  ids: (response) => response.typeDefinitions.map((definition) => definition.id),
};

export const diagnosticsRenderings: Renderings<DiagnosticsResponse> = {
  text: (response) => {
    const lines = response.diagnostics.map(
      (d) => `${d.filePath}:${d.line}:${d.character}  ${d.severity} ${d.code}  ${d.message.split('\n')[0]}`,
    );
    const errors = response.diagnostics.filter((d) => d.severity === 'error').length;
    const files = `${response.filesChecked} file${response.filesChecked === 1 ? '' : 's'}`;
    lines.push(`${errors} error${errors === 1 ? '' : 's'}, ${response.diagnostics.length - errors} other in ${files}`);
    return lines.join('\n');
  },
  ids: (response) => response.diagnostics.map((d) => d.id),
};

export const orphansRenderings: Renderings<OrphansResponse> = {
  text: (response) =>
    [
      ...response.orphans.map((orphan) => `${orphan.filePath}${orphan.entryPoint ? '  (entry point)' : ''}`),
      `${response.orphans.length} of ${response.totalFiles} files are imported by no other file`,
    ].join('\n'),
  ids: (response) => response.orphans.map((orphan) => orphan.filePath),
};
