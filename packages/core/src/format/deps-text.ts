import type { DepsResponse, GraphEdge, OrphanFile, OrphansResponse } from '@cn/protocol';
import { idAsFileLine } from '../domain/ids.js';
import { fileModuleName } from '../graph/import-index.js';
import { fitDeps, fitListItems } from '../output/graph-budget.js';
import { cutNotes, fileList, incompleteNote, plural, pluralWord } from './notes.js';
import { PART_NOT_SEARCHED } from './text.js';
import type { Presenter } from './presenter.js';
import { graphTree } from './tree.js';
import { compactEdges, statementText } from './deps-compact.js';
import type { Voice } from './voice.js';

/**
 * What counts as an import, said once, so an agent need not grep for dynamic imports or re-exports (it did): what
 * the import graph reads (lsp/src/navigation/import-graph.ts).
 */
const IMPORT_RULE =
  "imports counted: import, import type, export … from (* as ns too), import('…'), require('…') with a literal path";

/**
 * `cn deps`: the import graph as a tree with each edge's statements (text), the tree alone (tree), one line per import
 * statement (compact: `src/page.ts:1  import { raw } from './html'`, and `→ target` unless it is the root), the files
 * (ids, files). The statements are the evidence an agent grepped for.
 */
const importGraph: Presenter<DepsResponse> = {
  text: (response, voice) =>
    [
      graphTree(response, voice, { edgeSuffix: statementsSuffix }),
      IMPORT_RULE,
      ...namesakeLine(response, voice),
      ...mentionsLine(response),
      ...edgeNotes(response, voice),
    ].join('\n'),
  compact: (response, voice) =>
    [
      ...compactEdges(response, voice),
      IMPORT_RULE,
      ...namesakeLine(response, voice),
      ...mentionsLine(response),
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
  fit: (response, maxTokens, measure) => fitDeps(response, maxTokens, measure),
};
// The tree alone (a picture of the graph), with its cut and completeness notes but not the rule of what counts.
importGraph.tree = (response, voice) => [graphTree(response, voice), ...edgeNotes(response, voice)].join('\n');

/** ` @ 1  import { raw } from './html'` after a tree's edge, each statement of the edge in turn. */
function statementsSuffix(edge: GraphEdge): string {
  return (edge.statements ?? []).map((statement) => ` @ ${statement.line}  ${statementText(statement)}`).join('');
}

/**
 * `other imports naming html: 2, resolving elsewhere: → src/jsx/html.ts: src/jsx/index.ts:3 './html'; unresolved:
 * src/broken.ts:2 './htm/html'`, or none: what a search of import lines for the file's name would hit beyond the
 * importers listed, grouped by where they lead (a dozen `'../helper/html'` read as one fact, not twelve).
 */
function namesakeLine(response: DepsResponse, voice: Voice): string[] {
  const count = response.namesakeImportCount;
  if (count === undefined) return [];
  const name = (response.namesakeNames ?? [fileModuleName(response.root) ?? response.root]).join(' or ');
  const leftOut = response.namesakeImportsLeftOut
    ? ` (+${response.namesakeImportsLeftOut} in files ${voice.option('refsIn')}/${voice.option('refsNotIn')} exclude)`
    : '';
  if (count === 0) {
    return [`other imports naming ${name}: none${leftOut} (every import whose path ends in ${name} is listed)`];
  }
  const byTarget = new Map<string, string[]>();
  for (const { site, specifier, to } of response.namesakeImports ?? []) {
    const key = to !== undefined ? `→ ${to}` : 'unresolved';
    byTarget.set(key, [...(byTarget.get(key) ?? []), `${idAsFileLine(site)} '${specifier}'`]);
  }
  const groups = [...byTarget].map(([target, sites]) => `${target}: ${sites.join(', ')}`);
  const listedCount = response.namesakeImports?.length ?? 0;
  const more = count > listedCount ? `; +${count - listedCount} more` : '';
  return [`other imports naming ${name}: ${count}${leftOut}, resolving elsewhere: ${groups.join('; ')}${more}`];
}

/**
 * `other files writing '@mikro-orm/mysql' (no import of it): 2: src/config.ts ×3, …`, or none: what a search for the
 * specifier's text would add to the importers listed.
 */
function mentionsLine(response: DepsResponse): string[] {
  const mentions = response.specifierMentions;
  if (!mentions) return [];
  const head = `other files writing ${mentions.specifiers.map((specifier) => `'${specifier}'`).join(' or ')}`;
  if (mentions.totalFiles === 0) return [`${head}: none`];
  const listed = mentions.files.map(({ file, count, places }) => `${file} ×${count} (${placesText(places, count)})`);
  const more = mentions.totalFiles > listed.length ? `, +${mentions.totalFiles - listed.length} more` : '';
  return [`${head} (no import of it): ${mentions.totalFiles}: ${listed.join(', ')}${more}`];
}

/** `string :20 MySqlDriver: '@mikro-orm/mysql', ┆ comment :927 …`: where a file writes the specifier, as rg shows. */
function placesText(places: Array<{ line: number; in: string; text: string }>, count: number): string {
  const listed = places.map((place) => `${place.in} :${place.line} ${place.text}`);
  return count > places.length ? `${listed.join(' ┆ ')} ┆ +${count - places.length} more` : listed.join(' ┆ ');
}

function edgeNotes(response: DepsResponse, voice: Voice): string[] {
  return [
    ...(response.filteredImports
      ? [
          `${plural(response.filteredImports, 'import')} in files ${voice.option('refsIn')}/${voice.option('refsNotIn')} exclude: left out`,
        ]
      : []),
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

/** `cn deps --orphans`: one file a line, entry points and a likely missed import said. */
const orphans: Presenter<OrphansResponse> = {
  text: (response, voice) =>
    [
      ...response.orphans.map((orphan) => `${orphan.filePath}${orphanNotes(orphan)}`),
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

/** `  (entry point)`, `  (unresolved './x' at src/a.ts:3 may mean it)`: why nothing imports it, when cn knows. */
function orphanNotes(orphan: OrphanFile): string {
  const missed = orphan.unresolvedImport;
  const notes = [
    ...(orphan.entryPoint ? ['entry point'] : []),
    ...(missed ? [`unresolved '${missed.specifier}' at ${idAsFileLine(missed.site)} may mean it`] : []),
  ];
  return notes.length > 0 ? `  (${notes.join('; ')})` : '';
}

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
