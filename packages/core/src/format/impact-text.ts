import type { ImpactResponse } from '@cn/protocol';
import { callEdgeLine, nodeLabel } from './calls-text.js';
import { guessNotes } from './graph-text.js';
import { otherImportsLine } from './other-matches.js';
import type { Presenter } from './presenter.js';
import { fitImpact } from '../output/impact-budget.js';
import { cutNotes, fileList, plural, reExportedByLine } from './notes.js';
import { graphTree } from './tree.js';
import type { Voice } from './voice.js';

/**
 * `cn impact` in every format. The files are the answer; compact is one line per file with why it is
 * affected, then the test files and the caller edges (as `cn calls` prints them):
 *
 *   src/hono-base.ts 1 calls,imports
 *   tests: src/compose.test.ts
 *   caller edges (compose: src/compose.ts::10::14)
 *   Hono.#dispatch [src/hono-base.ts::400::3] → compose @ 412:7
 *
 * ids prints the files, one per line.
 */
/** Caller edges compact prints; past them a count (the tree and JSON have all). */
const COMPACT_EDGES = 10;

export const impactPresenter: Presenter<ImpactResponse> = {
  text: (response, voice) => {
    const nodes = new Map(response.nodes.map((node) => [node.id, node]));
    const changed = (response.roots ?? (nodes.has(response.root) ? [response.root] : [])).map((id) =>
      nodeLabel(nodes.get(id), id),
    );
    const lines = [
      `changed: ${changed.length > 0 ? changed.join(', ') : `nothing (${response.root})`}`,
      `${plural(response.totalFiles ?? response.files.length, 'file')} affected to depth ${response.depth}, ${plural(response.tests.length, 'test')}`,
      ...response.files.map(
        (file) => `  ${file.filePath}  ${file.reasons.join(' ')}${file.depth > 1 ? `  (depth ${file.depth})` : ''}`,
      ),
    ];
    if (response.tests.length > 0) lines.push('tests', ...response.tests.map((test) => `  ${test}`));
    if (response.edges.length > 0) lines.push('callers', graphTree(response, voice));
    return [...lines, ...impactNotes(response, voice)].join('\n');
  },
  compact: (response, voice) => {
    const nodes = new Map(response.nodes.map((node) => [node.id, node]));
    const lines = response.files.map((file) => `${file.filePath} ${file.depth} ${file.reasons.join(',')}`);
    const changed = (response.roots ?? [response.root]).join(' ');
    // A budget that kept no file is not "no files affected": the note below says how many there are.
    if (lines.length === 0)
      lines.push(response.totalFiles ? `changed: ${changed}` : `no files affected (changed: ${changed})`);
    if (response.tests.length > 0) lines.push(`tests: ${response.tests.join(' ')}`);
    // The files are the answer; the caller edges back them, the nearest first, the rest counted (hono's raw had 27:
    // 900 tokens of an answer read for its 13 files).
    // One count of the edges not printed, those a budget cut included.
    const edges = response.edges.slice(0, COMPACT_EDGES);
    // The changed symbol is named by its name alone on its callers' edges: its id, repeated on each, was a tenth of
    // hono's three-symbol impact answer.
    const roots = response.roots ?? [response.root];
    const said = roots.length === 1 ? new Set(roots) : new Set<string>();
    if (said.size > 0 && edges.some((edge) => said.has(edge.to)))
      lines.push(`caller edges (${nodes.get(roots[0])?.name ?? roots[0]}: ${roots[0]})`);
    lines.push(...edges.map((edge) => callEdgeLine(edge, nodes, said)));
    if (edges.length < response.edges.length)
      lines.push(
        `… ${plural((response.totalEdges ?? response.edges.length) - edges.length, 'more caller edge')} (${voice.option('format')} tree lists them)`,
      );
    return [...lines, ...impactNotes(response, voice, edges.length < response.edges.length)].join('\n');
  },
  ids: (response) => response.files.map((file) => file.filePath).join('\n'),
  files: (response) => fileList(response.files),
  // The caller graph alone, with the same notes.
  tree: (response, voice) => [graphTree(response, voice), ...impactNotes(response, voice)].join('\n'),
  fit: fitImpact,
};

/** What was cut, guessed, skipped or not searched, so a short list is not read as the whole impact. */
function impactNotes(response: ImpactResponse, voice: Voice, edgesCounted = false): string[] {
  const notes = cutNotes(
    { truncated: response.truncated ? true : undefined, budget: response.budget },
    response.files.length,
    response.totalFiles ?? response.files.length,
    'file',
    voice,
  );
  if (!edgesCounted && response.totalEdges !== undefined && response.edges.length < response.totalEdges)
    notes.push(`… ${plural(response.totalEdges - response.edges.length, 'more caller edge')}`);
  if (response.namesakeCallSites)
    notes.push(
      `${plural(response.namesakeCallSites, 'call')} of a namesake (the definition there is another declaration of the name): left out`,
    );
  if (response.filteredFiles)
    notes.push(
      `${plural(response.filteredFiles, 'file')} in ${voice.option('refsIn')}/${voice.option('refsNotIn')}'s exclusion: left out, not followed`,
    );
  if (response.changedFiles)
    notes.push(
      `${plural(response.changedFiles, 'changed source file')} with no declaration changed (imports, top-level statements)`,
    );
  notes.push(...reExportLine(response));
  if (!response.complete) notes.push(`complete: false (${response.incomplete ?? 'unknown'})`);
  notes.push(...guessNotes(response, 'impact', voice), ...otherImportsLine(response.otherMatches, 'listed'));
  return notes;
}

/**
 * `re-exported by: src/index.ts:3 export * from './clone.js' ← …`, or `re-exported by: none`: the barrels followed, so
 * the index files need no reading to believe the list (agents grepped them after the answer).
 */
function reExportLine(response: ImpactResponse): string[] {
  // The nearest four: a package's chain (its index, the package's entry point) is among them; JSON has eight.
  return reExportedByLine(response.reExportedBy, 'export * or export { } from names its file', 'followed', 4);
}
