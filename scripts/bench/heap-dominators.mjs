#!/usr/bin/env node
// What holds a heap snapshot's memory: each object's retained size (what would be freed with it) through the
// dominator tree, for the objects retaining more than 1 MB, with the path of edges that reaches them. Weak edges hold
// nothing. Take the snapshot with `scripts/bench/daemon-memory.mjs --snapshot <file>`.
//   node --max-old-space-size=8000 scripts/bench/heap-dominators.mjs <file.heapsnapshot> [--top 40] [--under <path>]
// --under lists, for the first object whose path ends with <path> (`SearchIndex.index`), what it retains by class.
import { readFileSync } from 'node:fs';
import { parseScriptArgs, usageError, wholeNumber } from '../lib/cli-args.mjs';

const SCRIPT = 'heap-dominators';
const { values, positionals } = parseScriptArgs(
  SCRIPT,
  process.argv.slice(2),
  { top: { type: 'string', default: '40' }, under: { type: 'string' } },
  { allowPositionals: true, usage: 'give one .heapsnapshot file' },
);
if (positionals.length !== 1) usageError(SCRIPT, 'give one .heapsnapshot file');
const top = wholeNumber(SCRIPT, '--top', values.top);

const { snapshot, nodes, edges, strings } = readSnapshot(positionals[0]);
const {
  node_fields: nodeFields,
  edge_fields: edgeFields,
  node_types: nodeTypes,
  edge_types: edgeTypes,
} = snapshot.meta;
const NODE = nodeFields.length;
const EDGE = edgeFields.length;
const [TYPE, NAME, SELF, EDGES] = ['type', 'name', 'self_size', 'edge_count'].map((f) => nodeFields.indexOf(f));
const [EDGE_TYPE, EDGE_NAME, TO] = ['type', 'name_or_index', 'to_node'].map((f) => edgeFields.indexOf(f));
const count = nodes.length / NODE;
const holds = (edge) => !['weak', 'shortcut'].includes(edgeTypes[0][edges[edge + EDGE_TYPE]]);

const firstEdge = new Uint32Array(count + 1);
for (let node = 0, edge = 0; node < count; node++) {
  firstEdge[node] = edge;
  edge += nodes[node * NODE + EDGES] * EDGE;
  firstEdge[node + 1] = edge;
}
const label = (node) => {
  const type = nodeTypes[0][nodes[node * NODE + TYPE]];
  const name = String(strings[nodes[node * NODE + NAME]]);
  return type === 'object' || type === 'closure' ? name : `(${type}) ${name.slice(0, 40).replace(/\s+/g, ' ')}`;
};

// Post-order from the root (node 0), then Cooper, Harvey and Kennedy's iterative dominators.
const postorder = new Int32Array(count).fill(-1);
const order = [];
const next = new Uint32Array(count);
const reached = new Uint8Array(count);
const stack = [0];
reached[0] = 1;
next[0] = firstEdge[0];
while (stack.length > 0) {
  const node = stack[stack.length - 1];
  let descended = false;
  while (next[node] < firstEdge[node + 1]) {
    const edge = next[node];
    next[node] += EDGE;
    const to = edges[edge + TO] / NODE;
    if (!holds(edge) || reached[to]) continue;
    reached[to] = 1;
    next[to] = firstEdge[to];
    stack.push(to);
    descended = true;
    break;
  }
  if (!descended) {
    stack.pop();
    postorder[node] = order.length;
    order.push(node);
  }
}
const predecessors = Array.from({ length: count }, () => []);
for (const node of order)
  for (let edge = firstEdge[node]; edge < firstEdge[node + 1]; edge += EDGE)
    if (holds(edge)) predecessors[edges[edge + TO] / NODE].push(node);
const dominator = new Int32Array(count).fill(-1);
dominator[0] = 0;
const meet = (a, b) => {
  while (a !== b) {
    while (postorder[a] < postorder[b]) a = dominator[a];
    while (postorder[b] < postorder[a]) b = dominator[b];
  }
  return a;
};
for (let changed = true; changed;) {
  changed = false;
  for (let index = order.length - 2; index >= 0; index--) {
    const node = order[index];
    let found = -1;
    for (const from of predecessors[node]) if (dominator[from] !== -1) found = found === -1 ? from : meet(from, found);
    if (found !== -1 && dominator[node] !== found) {
      dominator[node] = found;
      changed = true;
    }
  }
}
const retained = new Float64Array(count);
for (const node of order) {
  retained[node] += nodes[node * NODE + SELF];
  if (node !== 0) retained[dominator[node]] += retained[node];
}
const edgeLabel = (from, to) => {
  for (let edge = firstEdge[from]; edge < firstEdge[from + 1]; edge += EDGE)
    if (edges[edge + TO] / NODE === to) {
      const type = edgeTypes[0][edges[edge + EDGE_TYPE]];
      return type === 'element' || type === 'hidden'
        ? `[${edges[edge + EDGE_NAME]}]`
        : strings[edges[edge + EDGE_NAME]];
    }
  return '?';
};
const pathOf = (node) => {
  const steps = [];
  for (let at = node; at !== 0 && steps.length < 8; at = dominator[at]) steps.unshift(edgeLabel(dominator[at], at));
  return steps.join('.');
};
const mb = (bytes) => (bytes / 1e6).toFixed(2);

console.log(`${positionals[0]}: ${count} objects, ${mb(retained[0])} MB reachable`);
console.log('');
console.log('| retained MB | object | reached through |');
console.log('|---:|---|---|');
const big = order.filter((node) => node !== 0 && retained[node] > 1e6).sort((a, b) => retained[b] - retained[a]);
for (const node of big.slice(0, top)) console.log(`| ${mb(retained[node])} | ${label(node)} | ${pathOf(node)} |`);

if (values.under !== undefined) {
  const target = big.find((node) => pathOf(node).endsWith(values.under));
  if (target === undefined)
    usageError(SCRIPT, `no object over 1 MB is reached through a path ending in ${values.under}`);
  const byClass = new Map();
  for (const node of order) {
    let at = node;
    while (at !== 0 && at !== target) at = dominator[at];
    if (at !== target) continue;
    const [bytes, objects] = byClass.get(label(node)) ?? [0, 0];
    byClass.set(label(node), [bytes + nodes[node * NODE + SELF], objects + 1]);
  }
  console.log('');
  console.log(`| MB | objects | held by ${pathOf(target)} (${mb(retained[target])} MB), by class |`);
  console.log('|---:|---:|---|');
  for (const [name, [bytes, objects]] of [...byClass].sort((a, b) => b[1][0] - a[1][0]).slice(0, 20))
    console.log(`| ${mb(bytes)} | ${objects} | ${name} |`);
}

/** The snapshot's parts, or one stderr line and exit 2 for a file that cannot be read or is not a heap snapshot. */
function readSnapshot(file) {
  let parsed;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    usageError(SCRIPT, `cannot read ${file} as a heap snapshot: ${error.code ?? error.message}`);
  }
  if (!parsed?.snapshot?.meta || !Array.isArray(parsed.nodes) || !Array.isArray(parsed.edges))
    usageError(SCRIPT, `${file} is not a V8 heap snapshot (no snapshot.meta, nodes and edges)`);
  return parsed;
}
