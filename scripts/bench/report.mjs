// The bench's tables: per corpus and engine the raw figures, then the ratios of issue 14, one table per engine.
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO } from './corpora.mjs';
import { ENGINES } from './engines.mjs';
import { mb, ms } from './measure.mjs';

const requireFromLsp = createRequire(path.join(REPO, 'packages/lsp/package.json'));

export function machineLine() {
  const tls = requireFromLsp('typescript-language-server/package.json').version;
  const typescript = requireFromLsp('typescript/package.json').version;
  const cpu = os.cpus();
  return `${new Date().toISOString().slice(0, 10)} · ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown cpu'}) · ${Math.round(os.totalmem() / 2 ** 30)} GB · Node ${process.versions.node} · TLS ${tls} · TypeScript ${typescript}`;
}

/** The machine's load (1, 5, 15 minutes, as uptime prints it) and core count: absolute times mean little without it. */
export function loadLine() {
  const [one, five, fifteen] = os.loadavg().map((value) => value.toFixed(2));
  return `load average ${one}, ${five}, ${fifteen} on ${os.cpus().length} cores`;
}

/** The checks of issue 14, each with its measured value, target and verdict. */
export function ratios(result) {
  const { floor, raw, cn } = result;
  const findLimit = floor.median + raw.workspaceSymbol.median + raw.definition.median + raw.references.median;
  const checks = [
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
    { name: 'daemon tree RSS ÷ raw engine tree RSS', value: cn.daemonTreeRss / raw.treeRss, unit: '×', target: 1.15 },
  ];
  // The absolute promise for the native engine: a cold find on rxjs in under a second (quiet machine).
  if (result.engine === 'native' && result.corpus.name === 'rxjs')
    checks.push({ name: 'cold cn find (native, rxjs)', value: cn.coldFind.median, unit: 'ms', target: 1000 });
  return checks;
}

const show = (check) => (check.unit === '×' ? `${check.value.toFixed(2)}×` : `${check.value.toFixed(1)} ms`);
const target = (check) => (check.unit === '×' ? `≤ ${check.target}×` : `≤ ${check.target} ms`);
const verdict = (check) => (check.value <= check.target ? 'PASS' : 'MISS');

export function printUnavailable(what, reason) {
  console.log(`\n### ${what}: not available — ${reason}`);
}

export function printCorpusReport(result) {
  const { corpus, floor, raw, cn, runs, coldRuns, engine } = result;
  const symbol = corpus.symbol.name;
  const search = engine === 'tsserver' ? `navto ${symbol} (tsserverRequest)` : `workspace/symbol ${symbol}`;
  const line = (name, summary, note = '') =>
    console.log(`| ${name} | ${ms(summary.median)} | ${ms(summary.p95)} | ${summary.runs} | ${note} |`);
  console.log(`\n### ${corpus.spec}, ${engine} engine — ${machineLine()} · ${loadLine()}\n`);
  console.log('| measurement | median ms | p95 ms | runs | note |');
  console.log('|---|---:|---:|---:|---|');
  line('node -e 0 (floor)', floor);
  line('raw: spawn → initialized', raw.initialize, `${raw.projects} project(s)`);
  line('raw: didOpen → loaded', raw.openToLoaded, 'every project answered');
  line('raw: spawn → loaded', raw.spawnToLoaded, '');
  line(
    'raw: spawn → loaded → first find',
    raw.spawnToFirstFind,
    'name search + definition + references: the cold limit',
  );
  line(`raw: workspace/symbol ${symbol}`, raw.workspaceSymbol, `${count(raw.workspaceSymbol.answer)} hits`);
  if (engine === 'tsserver') line(`raw: ${search}`, raw.search, `${count(raw.search.answer)} hits; what cn find uses`);
  line(`raw: definition ${symbol}`, raw.definition);
  line(`raw: references ${symbol}`, raw.references, `${count(raw.references.answer)} refs`);
  line('daemon: node + its modules − floor', cn.startup.moduleLoad, 'import of @cn/daemon, no start');
  if (cn.startup.engineStarted) line('daemon: process start → engine spawned', cn.startup.engineStarted, 'its log');
  if (cn.startup.listening) line('daemon: process start → listening', cn.startup.listening, 'its log');
  line(`cn find ${symbol} (cold, no daemon)`, cn.coldFind, 'daemon + engine start, load, answer');
  line(`cn find ${symbol} (warm)`, cn.find, `${cn.references} refs`);
  line(`cn map ${corpus.bigFile} (warm)`, cn.map);
  line(`cn inspect ${result.id} (warm)`, cn.inspect);
  console.log(`\n| memory after warm-up | RSS MB |\n|---|---:|`);
  console.log(`| ${ENGINES[engine].rawName} | ${mb(raw.treeRss)} |`);
  console.log(`| cn daemon process | ${mb(cn.daemonRss)} |`);
  console.log(`| cn daemon tree (daemon + engine) | ${mb(cn.daemonTreeRss)} |`);
  console.log(
    `\n| ratio (${corpus.spec}, ${engine}, warm runs ${runs}, cold runs ${coldRuns}) | measured | target | verdict |\n|---|---:|---:|---|`,
  );
  for (const check of ratios(result))
    console.log(`| ${check.name} | ${show(check)} | ${target(check)} | ${verdict(check)} |`);
}

/** One table per engine: its ratios down, the corpora across; a corpus the engine could not run says why. */
export function printSummary(results, engines) {
  for (const engine of engines) {
    const ofEngine = results.filter((result) => result.engine === engine);
    if (ofEngine.length === 0) continue;
    const measured = ofEngine.filter((result) => !result.unavailable);
    console.log(`\n### summary, ${engine} engine — ${machineLine()} · ${loadLine()}\n`);
    if (measured.length === 0) {
      console.log(`not available: ${ofEngine[0].unavailable}`);
      continue;
    }
    const names = [...new Map(measured.flatMap(ratios).map((check) => [check.name, check])).values()];
    console.log(`| ratio | target | ${measured.map((result) => result.corpus.spec).join(' | ')} |`);
    console.log(`|---|---:|${measured.map(() => '---:|').join('')}`);
    for (const check of names) {
      const cells = measured.map((result) => {
        const found = ratios(result).find((each) => each.name === check.name);
        return found ? `${show(found)} ${verdict(found)}` : '—';
      });
      console.log(`| ${check.name} | ${target(check)} | ${cells.join(' | ')} |`);
    }
    for (const result of ofEngine.filter((each) => each.unavailable))
      console.log(`\n${result.corpus.spec}: not available — ${result.unavailable}`);
  }
}

function count(answer) {
  if (Array.isArray(answer)) return answer.length;
  return Array.isArray(answer?.body) ? answer.body.length : 0;
}
