import type {
  DeclarationForm,
  DepsResponse,
  DiagnosticsResponse,
  NamedLocation,
  OrphansResponse,
  TargetGuess,
  TypeResponse,
} from '@cn/protocol';
import { fitEdges, fitListItems, fitType } from '../output/graph-budget.js';
import { cutNotes, fileList, incompleteNote, plural, pluralWord } from './notes.js';
import { PART_NOT_SEARCHED } from './text.js';
import type { Presenter } from './presenter.js';
import { graphTree } from './tree.js';
import type { Voice } from './voice.js';

/**
 * What counts as an import, said once, so an agent need not grep for dynamic imports or re-exports (it did): what
 * the import graph reads (lsp/src/navigation/import-graph.ts).
 */
const IMPORT_RULE =
  "imports counted: import, import type, export … from (* as ns too), import('…'), require('…') with a literal path";

/** `cn deps`: the import graph as a tree (text and tree), one line per edge (compact), the files (ids). */
const importGraph: Presenter<DepsResponse> = {
  text: (response, voice) => [graphTree(response, voice), IMPORT_RULE, ...edgeNotes(response, voice)].join('\n'),
  compact: (response, voice) =>
    [
      ...response.edges.map((edge) => `${edge.from} -${edge.kind}→ ${edge.to}`),
      IMPORT_RULE,
      ...edgeNotes(response, voice),
    ].join('\n'),
  ids: (response) =>
    response.nodes
      .filter((node) => node.id !== response.root)
      .map((node) => node.id)
      .join('\n'),
  // Files only: packages and unresolved specifiers are nodes of the graph, not files.
  files: (response) =>
    fileList(
      response.nodes
        .filter((node) => node.id !== response.root && node.kind === 'File')
        .map((node) => ({ filePath: node.id })),
    ),
  fit: (response, maxTokens, measure) => fitEdges(response, maxTokens, measure),
};
// The tree alone (a picture of the graph), with its cut and completeness notes but not the rule of what counts.
importGraph.tree = (response, voice) => [graphTree(response, voice), ...edgeNotes(response, voice)].join('\n');

function edgeNotes(response: DepsResponse, voice: Voice): string[] {
  return [
    ...cutNotes(
      { truncated: response.totalEdges !== undefined ? true : undefined, budget: response.budget },
      response.edges.length,
      response.totalEdges ?? response.edges.length,
      'edge',
      voice,
    ),
    ...incompleteNote(response, PART_NOT_SEARCHED),
  ];
}

/** `cn deps --orphans`: one file a line, entry points said. */
const orphans: Presenter<OrphansResponse> = {
  text: (response, voice) =>
    [
      ...response.orphans.map((orphan) => `${orphan.filePath}${orphan.entryPoint ? '  (entry point)' : ''}`),
      `${response.total ?? response.orphans.length} of ${plural(response.totalFiles, 'file')} ${pluralWord(response.total ?? response.orphans.length, 'is', 'are')} imported by no other file`,
      IMPORT_RULE,
      ...cutNotes(response, response.orphans.length, response.total ?? response.orphans.length, 'file', voice),
      ...incompleteNote(response, PART_NOT_SEARCHED),
    ].join('\n'),
  compact: (response, voice) => orphans.text(response, voice),
  ids: (response) => response.orphans.map((orphan) => orphan.filePath).join('\n'),
  files: (response) => fileList(response.orphans),
  fit: (response, maxTokens, measure) => fitListItems(response, 'orphans', maxTokens, measure),
};

/** The deps route and the orphans route answer `cn deps`; each answer prints as its own shape. */
export const depsPresenter: Presenter<DepsResponse | OrphansResponse> = {
  text: (response, voice) =>
    'orphans' in response ? orphans.text(response, voice) : importGraph.text(response, voice),
  compact: (response, voice) =>
    'orphans' in response ? orphans.compact(response, voice) : importGraph.compact(response, voice),
  ids: (response, voice) => ('orphans' in response ? orphans.ids!(response, voice) : importGraph.ids!(response, voice)),
  files: (response, voice) =>
    'orphans' in response ? orphans.files!(response, voice) : importGraph.files!(response, voice),
  // --orphans has no tree: the list prints as its text.
  tree: (response, voice) =>
    'orphans' in response ? orphans.text(response, voice) : importGraph.tree!(response, voice),
  fit: (response, maxTokens, measure) =>
    'orphans' in response ? orphans.fit!(response, maxTokens, measure) : importGraph.fit!(response, maxTokens, measure),
};

export function named(location: NamedLocation & DeclarationForm): string {
  const container = location.container ? ` (in ${location.container})` : '';
  const form = location.declaration ? `, ${location.declaration}` : '';
  return `${location.name} (${location.kind}${form})${container} [${location.id}]`;
}

/** impl and type answered a guessed name: say so, with the other matches to re-ask by id. */
export function guessNotes(response: TargetGuess, command: string, voice: Voice): string[] {
  if (!response.ambiguous) return [];
  return [
    `ambiguous: the name was a guess; re-ask with an id: ${voice.ask(command, '<id>')}`,
    ...(response.candidates ?? []).map((candidate) => `  also ${named(candidate)}`),
  ];
}

/** `cn type`: every format starts with the symbol and its id, so even a primitive's answer says where it is. */
export const typePresenter: Presenter<TypeResponse> = {
  text: (response, voice) => {
    const lines = [`${named(response.target)}`, response.signature];
    if (response.documentation) lines.push('', response.documentation);
    for (const definition of response.typeDefinitions) lines.push(`type defined at  ${named(definition)}`);
    return [...lines, ...guessNotes(response, 'type', voice), ...cutNotes(response, 1, 1, 'symbol', voice)].join('\n');
  },
  compact: (response, voice) =>
    [
      named(response.target),
      response.signature,
      ...response.typeDefinitions.map((definition) => `type: ${definition.id}`),
      ...guessNotes(response, 'type', voice),
      ...cutNotes(response, 1, 1, 'symbol', voice),
    ].join('\n'),
  // The symbol's own id, then where its type is declared: never empty, unlike the type definitions alone.
  ids: (response) => [response.target.id, ...response.typeDefinitions.map((definition) => definition.id)].join('\n'),
  files: (response) => fileList([response.target, ...response.typeDefinitions]),
  fit: fitType,
};

export const diagnosticsPresenter: Presenter<DiagnosticsResponse> = {
  text: (response, voice) => {
    const lines = response.diagnostics.map(
      (d) => `${d.filePath}:${d.line}:${d.character}  ${d.severity} ${d.code}  ${d.message.split('\n')[0]}`,
    );
    const total = response.total ?? response.diagnostics.length;
    const files = plural(response.filesChecked, 'file');
    // A cut list cannot count the errors among what it left out; it says the total instead.
    if (response.total !== undefined) lines.push(`${plural(total, 'diagnostic')} in ${files}`);
    else {
      const errors = response.diagnostics.filter((d) => d.severity === 'error').length;
      lines.push(`${plural(errors, 'error')}, ${total - errors} other in ${files}`);
    }
    return [...lines, ...cutNotes(response, response.diagnostics.length, total, 'diagnostic', voice)].join('\n');
  },
  // Already one line per diagnostic.
  compact: (response, voice) => diagnosticsPresenter.text(response, voice),
  ids: (response) => response.diagnostics.map((d) => d.id).join('\n'),
  files: (response) => fileList(response.diagnostics),
  fit: (response, maxTokens, measure) => fitListItems(response, 'diagnostics', maxTokens, measure),
};
