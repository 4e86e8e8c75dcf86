import type { CallsResponse, GraphEdge, GraphNode, ReferenceRole } from '@cn/protocol';
import { guessNotes } from './graph-text.js';
import type { Presenter } from './presenter.js';
import { fitCalls } from '../output/graph-budget.js';
import { cutNotes, fileList, fileOfId, incompleteNote, plural } from './notes.js';
import { PART_NOT_SEARCHED } from './text.js';
import { graphTree, sharedThrough, shortSites, siteGroups } from './tree.js';
import type { Voice } from './voice.js';

/**
 * `cn calls` in text/tree, compact and ids. Compact is one line per call edge with both ends named
 * and the call sites as `line:col` in the caller's file:
 *
 *   Hono.route [src/hono.ts::120::3] → mergePath [src/utils/url.ts::50::14] @ 122:10 130:5
 *   <module> [src/x.test.ts] → Hono [src/hono.ts::10::14] @ 5:13
 *   $ZodObject › arrow@9 [src/lazy.ts::9::14] → defineLazy [src/lazy.ts::1::17] @ 10:3 11:3
 */
export const callsPresenter: Presenter<CallsResponse> = {
  text: (response, voice) =>
    [...meaningsHeadline(response), treeWithMeanings(response, voice), ...callsNotes(response, voice)].join('\n'),
  tree: (response, voice) =>
    [...meaningsHeadline(response), treeWithMeanings(response, voice), ...callsNotes(response, voice)].join('\n'),
  compact: (response, voice) => {
    const nodes = new Map(response.nodes.map((node) => [node.id, node]));
    const lines = response.meanings
      ? [...meaningsHeadline(response), ...groupedByMeaning(response, nodes)]
      : response.edges.map((edge) => callEdgeLine(edge, nodes));
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

export function nodeLabel(node: GraphNode | undefined, id: string, through: string[] = []): string {
  const path = through.map((scope) => ` › ${scope}`).join('');
  if (!node) return `${id}${path}`;
  const qualified =
    node.container && !node.name.startsWith(`${node.container}.`) ? `${node.container}.${node.name}` : node.name;
  return `${qualified}${path} [${id}]`;
}

/**
 * One line per call edge: `mount › arrow@364 [id] → defineLazy [id] @ 365:7` says every call of the edge is in an
 * arrow function written in mount at line 364, not in mount's own body. Only the callbacks all its sites share are
 * named (a test file's sites are each in their own `it` callback: naming them all would cost a line each); the JSON's
 * `through` and the tree have every site's.
 */
export function callEdgeLine(
  edge: GraphEdge,
  nodes: Map<string, GraphNode>,
  /** Callees the answer is about: named without their id, which every one of their edges would repeat. */
  asked: ReadonlySet<string> = new Set(),
): string {
  const sites = shortSites(edge);
  const caller = nodeLabel(nodes.get(edge.from), edge.from, sharedThrough(siteGroups(edge)));
  const callee = asked.has(edge.to) ? (nodes.get(edge.to)?.name ?? edge.to) : nodeLabel(nodes.get(edge.to), edge.to);
  return `${caller} → ${callee}${sites.length > 0 ? ` @ ${sites.join(' ')}` : ''}`;
}

/** `2 declarations named mergePath, each answered (re-ask with an id for one)`: no silent pick to mistrust. */
function meaningsHeadline(response: CallsResponse): string[] {
  const meanings = response.meanings;
  if (!meanings) return [];
  const more = response.moreMeanings ? ` (${response.moreMeanings} more not answered)` : '';
  return [
    `${meanings.length} declarations named ${meanings[0].name}${more}, each answered (re-ask with an id for one)`,
  ];
}

/** `: 2 callers, 3 call sites` after a meaning's own line. */
function meaningCounts(response: CallsResponse): Map<string, string> {
  const noun = response.direction === 'in' ? 'caller' : response.direction === 'out' ? 'callee' : 'edge';
  return new Map(
    (response.meanings ?? []).map((meaning) => [
      meaning.id,
      `: ${plural(meaning.edges, noun)}, ${plural(meaning.callSites, 'call site')}`,
    ]),
  );
}

function treeWithMeanings(response: CallsResponse, voice: Voice): string {
  return graphTree(response, voice, { rootNotes: meaningCounts(response) });
}

/** Each meaning's line with its counts, then the edges reached from it (an edge two reach is under the first). */
function groupedByMeaning(response: CallsResponse, nodes: Map<string, GraphNode>): string[] {
  const counts = meaningCounts(response);
  const printed = new Set<GraphEdge>();
  return (response.meanings ?? []).flatMap((meaning) => {
    const reached = new Set([meaning.id]);
    const group: GraphEdge[] = [];
    for (let grew = true; grew;) {
      grew = false;
      for (const edge of response.edges) {
        if (printed.has(edge) || !(reached.has(edge.from) || reached.has(edge.to))) continue;
        printed.add(edge);
        group.push(edge);
        reached.add(edge.from).add(edge.to);
        grew = true;
      }
    }
    return [
      `${nodeLabel(nodes.get(meaning.id), meaning.id)}${counts.get(meaning.id)}`,
      ...group.map((edge) => `  ${callEdgeLine(edge, nodes)}`),
    ];
  });
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
  if (response.nonCallSites) notes.push(nonCallNote(response.nonCallSites, response.nonCalls));
  if (response.namesakeCallSites)
    notes.push(
      `${plural(response.namesakeCallSites, 'call')} of a namesake (the definition there is another declaration of the name): left out`,
    );
  if (response.uncheckedCallSites)
    notes.push(`${plural(response.uncheckedCallSites, 'call site')} not checked for a namesake (over the cap): kept`);
  if (response.filteredCallSites)
    notes.push(
      `${plural(response.filteredCallSites, 'call site')} in files ${voice.option('refsIn')}/${voice.option('refsNotIn')} exclude: left out`,
    );
  notes.push(...guessNotes(response, 'calls', voice));
  return notes;
}

/** What each role is called in a count: `2 imports`, `36 declarations (overrides, signatures)`. */
const ROLE_NOUNS: Partial<Record<ReferenceRole, string>> = {
  export: 're-export',
  type: 'type use',
  extends: 'extends clause',
  implements: 'implements clause',
};

/**
 * `39 references that do not call, left out: 36 declarations (overrides, signatures), 2 imports, 1 read`: what the
 * references the graph leaves out do, so nobody greps them to see.
 */
export function nonCallNote(total: number, byRole: CallsResponse['nonCalls']): string {
  // Most first, then by name: the same answer always prints the same line.
  const counts = (Object.entries(byRole ?? {}) as Array<[ReferenceRole, number]>).sort(
    ([roleA, a], [roleB, b]) => b - a || roleA.localeCompare(roleB),
  );
  const parts = counts.map(([role, count]) => {
    const counted = plural(count, ROLE_NOUNS[role] ?? role);
    return role === 'declaration' ? `${counted} (overrides, signatures)` : counted;
  });
  const detail = parts.length > 0 ? `: ${parts.join(', ')}` : ' (imports, types, instanceof, values)';
  return `${plural(total, 'reference')} that do${total === 1 ? 'es' : ''} not call, left out${detail}`;
}
