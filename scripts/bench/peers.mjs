#!/usr/bin/env node
// cn against its peers on one corpus, all on the same engine (typescript-language-server + tsserver): cn's MCP server,
// the raw language server over stdio, cclsp and @mizchi/lsmcp as MCP servers. Per server: cold start to the first
// complete answer (references as many as the compiler finds), warm definition / references / symbols, answer tokens
// (o200k) and the RSS of its process tree. Peers are installed from the npm registry into a cache outside the repo.
//   npm run build && node scripts/bench/peers.mjs [--corpus rxjs] [--runs 10] [--peers cn,raw,cclsp,lsmcp]
import os from 'node:os';
import path from 'node:path';
import { prepareCorpus, removeCorpus, symbolPosition } from './corpora.mjs';
import { cn, summarize } from './measure.mjs';
import { PEERS, PEER_NAMES } from './peer-servers.mjs';
import { startRawServer } from './raw-lsp.mjs';
import { loadLine, machineLine } from './report.mjs';
import { commaList, parseScriptArgs, usageError, wholeNumber } from '../lib/cli-args.mjs';

const { values } = parseScriptArgs('peers', process.argv.slice(2), {
  corpus: { type: 'string', default: 'rxjs' },
  runs: { type: 'string', default: '10' },
  peers: { type: 'string', default: PEER_NAMES.join(',') },
  'cold-timeout': { type: 'string', default: '180' },
});
const runs = wholeNumber('peers', '--runs', values.runs);
const coldTimeoutMs = wholeNumber('peers', '--cold-timeout', values['cold-timeout']) * 1000;
const peers = commaList(values.peers);
const unknown = peers.find((peer) => !PEER_NAMES.includes(peer));
if (unknown || peers.length === 0)
  usageError('peers', `--peers takes ${PEER_NAMES.join(', ')} (comma-separated), not '${values.peers}'`);

const corpus = prepareCorpus(values.corpus);
console.log(`### peers on ${corpus.spec} — ${machineLine()}\n\nload at start: ${loadLine()}\n`);
const target = {
  ...corpus.symbol,
  position: symbolPosition(corpus),
  absolute: path.join(corpus.root, corpus.symbol.file),
};
try {
  target.references = await compilerReferences(corpus.root, target);
  const rows = [];
  for (const name of peers) {
    progress(`${name}: cold start`);
    const peer = PEERS[name];
    const available = peer.available();
    if (!available.ok) {
      rows.push({ name, unavailable: available.reason });
      continue;
    }
    cn(['stop'], corpus.root, { allowExit: [0, 1, 2, 3, 4] });
    try {
      rows.push({ name, ...(await measurePeer(peer, corpus.root, target)) });
    } catch (error) {
      rows.push({ name, unavailable: `failed: ${error instanceof Error ? error.message.split('\n')[0] : error}` });
    }
    cn(['stop'], corpus.root, { allowExit: [0, 1, 2, 3, 4] });
  }
  printTable(rows);
} finally {
  removeCorpus(corpus);
}
console.log(`\nload at end: ${loadLine()}`);

/** The ground truth: what tsserver itself finds (declaration included), asked directly. */
async function compilerReferences(root, { absolute, position }) {
  const server = await startRawServer(root);
  try {
    server.open(absolute);
    return (await server.references(absolute, position)).length;
  } finally {
    await server.dispose();
  }
}

async function measurePeer(peer, root, symbol) {
  const started = performance.now();
  const session = await peer.start(root, symbol);
  try {
    // The first complete answer: references asked again until the server has all the compiler has (a server that
    // answers before its project is loaded gives a partial list first).
    let first;
    let complete;
    for (;;) {
      const answer = await session.references();
      first ??= answer;
      if (answer.count >= symbol.references) {
        complete = performance.now() - started;
        break;
      }
      if (performance.now() - started > coldTimeoutMs) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const warm = async (ask) => {
      let last = await ask();
      const samples = [];
      for (let i = 0; i < runs; i++) {
        const askedAt = performance.now();
        last = await ask();
        samples.push(performance.now() - askedAt);
      }
      return { ...summarize(samples), answer: last };
    };
    const definition = await warm(() => session.definition());
    const references = await warm(() => session.references());
    const symbols = await warm(() => session.symbols());
    return {
      firstCount: first.count,
      complete,
      definition,
      references,
      symbols,
      treeRss: session.treeRss(),
    };
  } finally {
    await session.close();
  }
}

function printTable(rows) {
  const fmt = (value) => (value === undefined ? '—' : value >= 100 ? value.toFixed(0) : value.toFixed(1));
  const mbOf = (bytes) => (bytes / 2 ** 20).toFixed(0);
  console.log(`compiler's references of ${target.name} (${target.file}): ${target.references}\n`);
  console.log(
    '| server | cold → first complete answer ms | first answer: references | warm answer: references | warm definition ms | warm references ms | warm symbols ms | tokens: definition / references / symbols | tree RSS MB |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    if (row.unavailable) {
      console.log(`| ${PEERS[row.name].label} | not available: ${row.unavailable} | | | | | | | |`);
      continue;
    }
    const tokens = [row.definition, row.references, row.symbols].map((each) => each.answer.tokens).join(' / ');
    console.log(
      `| ${PEERS[row.name].label} | ${row.complete === undefined ? `never (${coldTimeoutMs / 1000} s)` : fmt(row.complete)} | ${row.firstCount} of ${target.references} | ${row.references.answer.count} of ${target.references} | ${fmt(row.definition.median)} | ${fmt(row.references.median)} | ${fmt(row.symbols.median)} | ${tokens} | ${mbOf(row.treeRss)} |`,
    );
  }
}

function progress(message) {
  process.stderr.write(`peers: ${message} (load ${os.loadavg()[0].toFixed(1)})\n`);
}
