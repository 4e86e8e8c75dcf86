// The bench's tables: per corpus the raw figures, then the ratios against the targets of issue 4.
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO } from './corpora.mjs';
import { mb, ms } from './measure.mjs';

const requireFromLsp = createRequire(path.join(REPO, 'packages/lsp/package.json'));

export function machineLine() {
  const tls = requireFromLsp('typescript-language-server/package.json').version;
  const typescript = requireFromLsp('typescript/package.json').version;
  const cpu = os.cpus();
  return `${new Date().toISOString().slice(0, 10)} · ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown cpu'}) · ${Math.round(os.totalmem() / 2 ** 30)} GB · Node ${process.versions.node} · TLS ${tls} · TypeScript ${typescript}`;
}

/** The checks of issue 4, each with its measured value, target and verdict. */
export function ratios(result) {
  const { floor, raw, cn } = result;
  const findLimit = floor.median + raw.workspaceSymbol.median + raw.definition.median + raw.references.median;
  return [
    {
      name: 'warm cn find ÷ (floor + workspace/symbol + definition + references)',
      value: cn.find.median / findLimit,
      unit: '×',
      target: 1.15,
    },
    { name: 'warm cn map − node floor', value: cn.map.median - floor.median, unit: 'ms', target: 12 },
    { name: 'warm cn inspect − node floor', value: cn.inspect.median - floor.median, unit: 'ms', target: 12 },
    {
      name: 'cold cn find ÷ raw spawn→loaded→first find',
      value: cn.coldFind.median / raw.spawnToFirstFind.median,
      unit: '×',
      target: 1.2,
    },
    { name: 'daemon tree RSS ÷ raw TLS tree RSS', value: cn.daemonTreeRss / raw.treeRss, unit: '×', target: 1.15 },
  ];
}

const show = (check) => (check.unit === '×' ? `${check.value.toFixed(2)}×` : `${check.value.toFixed(1)} ms`);
const target = (check) => (check.unit === '×' ? `≤ ${check.target}×` : `≤ ${check.target} ms`);
const verdict = (check) => (check.value <= check.target ? 'PASS' : 'MISS');

export function printCorpusReport(result) {
  const { corpus, floor, raw, cn, runs, coldRuns } = result;
  const symbol = corpus.symbol.name;
  const line = (name, summary, note = '') =>
    console.log(`| ${name} | ${ms(summary.median)} | ${ms(summary.p95)} | ${summary.runs} | ${note} |`);
  console.log(`\n### ${corpus.spec} — ${machineLine()}\n`);
  console.log('| measurement | median ms | p95 ms | runs | note |');
  console.log('|---|---:|---:|---:|---|');
  line('node -e 0 (floor)', floor);
  line('raw: spawn → initialized', raw.initialize, `${raw.projects} project(s)`);
  line('raw: didOpen → loaded', raw.openToLoaded, 'projectInfo answered per anchor');
  line('raw: spawn → loaded', raw.spawnToLoaded, '');
  line(
    'raw: spawn → loaded → first find',
    raw.spawnToFirstFind,
    'navto + definition + references on a fresh tsserver: the cold limit',
  );
  line(`raw: workspace/symbol ${symbol}`, raw.workspaceSymbol, `${count(raw.workspaceSymbol.answer)} hits`);
  line(`raw: navto ${symbol} (tsserverRequest)`, raw.navto, `${count(raw.navto.answer?.body)} hits; what cn find uses`);
  line(`raw: definition ${symbol}`, raw.definition);
  line(`raw: references ${symbol}`, raw.references, `${count(raw.references.answer)} refs`);
  line(`raw: documentSymbol ${corpus.bigFile}`, raw.documentSymbol);
  line('raw: documentSymbol after an edit', raw.documentSymbolAfterEdit, 'didChange + documentSymbol');
  line(`raw: foldingRange ${corpus.bigFile}`, raw.foldingRange);
  line(`cn find ${symbol} (cold, no daemon)`, cn.coldFind, 'daemon + TLS start, load, answer');
  line(`cn find ${symbol} (warm)`, cn.find, `${cn.references} refs`);
  line(`cn map ${corpus.bigFile} (warm)`, cn.map);
  line(`cn inspect ${result.id} (warm)`, cn.inspect);
  console.log(`\n| memory after warm-up | RSS MB |\n|---|---:|`);
  console.log(`| raw TLS tree (TLS + tsserver) | ${mb(raw.treeRss)} |`);
  console.log(`| cn daemon process | ${mb(cn.daemonRss)} |`);
  console.log(`| cn daemon tree (daemon + TLS + tsserver) | ${mb(cn.daemonTreeRss)} |`);
  console.log(
    `\n| ratio (${corpus.spec}, warm runs ${runs}, cold runs ${coldRuns}) | measured | target | verdict |\n|---|---:|---:|---|`,
  );
  for (const check of ratios(result))
    console.log(`| ${check.name} | ${show(check)} | ${target(check)} | ${verdict(check)} |`);
}

export function printSummary(results) {
  if (results.length === 0) return;
  const names = ratios(results[0]).map((check) => check.name);
  console.log(`\n### summary — ${machineLine()}\n`);
  console.log(`| ratio | target | ${results.map((result) => result.corpus.spec).join(' | ')} |`);
  console.log(`|---|---:|${results.map(() => '---:|').join('')}`);
  names.forEach((name, index) => {
    const cells = results.map((result) => {
      const check = ratios(result)[index];
      return `${show(check)} ${verdict(check)}`;
    });
    console.log(`| ${name} | ${target(ratios(results[0])[index])} | ${cells.join(' | ')} |`);
  });
}

function count(answer) {
  return Array.isArray(answer) ? answer.length : 0;
}
