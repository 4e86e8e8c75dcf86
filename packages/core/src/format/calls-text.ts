import type { CallsResponse, GraphNode } from '@cn/protocol';
import { guessNotes } from './graph-text.js';
import type { Presenter } from './presenter.js';
import { fitCalls } from '../output/graph-budget.js';
import { cutNotes, fileList, fileOfId, incompleteNote, plural } from './notes.js';
import { PART_NOT_SEARCHED } from './text.js';
import { graphTree, sitesSuffix } from './tree.js';
import type { Voice } from './voice.js';

/**
 * `cn calls` in text/tree, compact and ids. Compact is one line per call edge with both ends named
 * and the call sites as `line:col` in the caller's file:
 *
 *   Hono.route [src/hono.ts::120::3] → mergePath [src/utils/url.ts::50::14] @ 122:10 130:5
 *   <module> [src/x.test.ts] → Hono [src/hono.ts::10::14] @ 5:13
 */
export const callsPresenter: Presenter<CallsResponse> = {
  text: (response, voice) => [graphTree(response, voice), ...callsNotes(response, voice)].join('\n'),
  tree: (response, voice) => [graphTree(response, voice), ...callsNotes(response, voice)].join('\n'),
  compact: (response, voice) => {
    const nodes = new Map(response.nodes.map((node) => [node.id, node]));
    const lines = response.edges.map(
      (edge) =>
        `${nodeLabel(nodes.get(edge.from), edge.from)} → ${nodeLabel(nodes.get(edge.to), edge.to)}${sitesSuffix(edge)}`,
    );
    // A budget that kept no edge is not "no calls": the note below says how many there are.
    const roots = (response.roots ?? [response.root]).join(' ');
    if (lines.length === 0) lines.push(response.totalEdges ? `roots: ${roots}` : `no calls (roots: ${roots})`);
    return [...lines, ...callsNotes(response, voice)].join('\n');
  },
  ids: (response) => {
    const roots = new Set(response.roots ?? [response.root]);
    return response.nodes
      .filter((node) => !roots.has(node.id))
      .map((node) => node.id)
      .join('\n');
  },
  // The files of the callers (in) or callees (out): the roots' own files only when the graph holds them.
  files: (response) => {
    const roots = new Set(response.roots ?? [response.root]);
    return fileList(
      response.nodes.filter((node) => !roots.has(node.id)).map((node) => ({ filePath: fileOfId(node.id) })),
    );
  },
  fit: fitCalls,
};

export function nodeLabel(node: GraphNode | undefined, id: string): string {
  if (!node) return id;
  const qualified =
    node.container && !node.name.startsWith(`${node.container}.`) ? `${node.container}.${node.name}` : node.name;
  return `${qualified} [${id}]`;
}

/** What the graph leaves out or guessed, so an empty or small answer is not read as "nobody calls it". */
function callsNotes(response: CallsResponse, voice: Voice): string[] {
  const notes: string[] = [];
  const total = response.totalEdges ?? response.edges.length;
  notes.push(
    ...cutNotes(
      { truncated: response.truncated ? true : undefined, budget: response.budget },
      response.edges.length,
      total,
      'edge',
      voice,
    ),
  );
  notes.push(...incompleteNote(response, PART_NOT_SEARCHED));
  if (response.nonCallSites)
    notes.push(
      `${plural(response.nonCallSites, 'reference')} that do not call (imports, types, instanceof, values): left out`,
    );
  if (response.filteredCallSites)
    notes.push(
      `${plural(response.filteredCallSites, 'call site')} in files ${voice.option('refsIn')}/${voice.option('refsNotIn')} exclude: left out`,
    );
  notes.push(...guessNotes(response, 'calls', voice));
  return notes;
}
