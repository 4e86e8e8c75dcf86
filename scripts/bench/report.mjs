// The bench's tables: per corpus and engine the raw figures, then issue 25's targets (targets.mjs) with PASS/MISS;
// at the end one summary per engine.
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO } from './corpora.mjs';
import { ENGINES } from './engines.mjs';
import { mb, ms } from './measure.mjs';
import { TARGETS, checks, limitText, show, targetsText } from './targets.mjs';

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
  line('raw: spawn → first references', raw.spawnToFirstFind, 'loaded, then name search + definition + references');
  line(`raw: workspace/symbol ${symbol}`, raw.workspaceSymbol, `${count(raw.workspaceSymbol.answer)} hits`);
  if (engine === 'tsserver') line(`raw: ${search}`, raw.search, `${count(raw.search.answer)} hits; what cn find uses`);
  line(`raw: definition ${symbol}`, raw.definition);
  line(`raw: references ${symbol}`, raw.references, `${count(raw.references.answer)} refs`);
  line('daemon: node + its modules − floor', cn.startup.moduleLoad, 'import of @cn/daemon, no start');
  if (cn.startup.engineStarted) line('daemon: process start → engine spawned', cn.startup.engineStarted, 'its log');
  if (cn.startup.listening) line('daemon: process start → listening', cn.startup.listening, 'its log');
  line('cn --version', result.cliStart, `the CLI’s own start, no daemon; ${overFloor(result.cliStart)}`);
  line(`cn find ${symbol} (cold, no daemon)`, cn.coldFind, 'daemon + engine start, load, answer');
  if (cn.coldFindAfterStop)
    line(`cn find ${symbol} (cold, after a stop)`, cn.coldFindAfterStop, 'cold runs 2…, the corpus unchanged');
  if (cn.secondStart) {
    const { startMs, firstSearchMs, firstSearchComplete, toCompleteMs, searches } = cn.secondStart;
    const once = (name, value, note) => console.log(`| ${name} | ${ms(value)} | | 1 | ${note} |`);
    once(
      'cn start (after a stop)',
      startMs,
      'after a daemon that built its search index; returns once every project is loaded',
    );
    once(`first cn search ${symbol} after it`, firstSearchMs, `complete: ${firstSearchComplete}`);
    if (toCompleteMs !== undefined)
      once('cn start returned → first complete search', toCompleteMs, `${searches} search(es)`);
  }
  line(`cn find ${symbol} (warm)`, cn.find, `${cn.references} refs; ${overFloor(cn.find)}`);
  line(`cn map ${corpus.bigFile} (warm)`, cn.map, overFloor(cn.map));
  line(`cn inspect ${result.id} (warm)`, cn.inspect, overFloor(cn.inspect));
  if (cn.impl) line(`cn impl ${corpus.graph.impl} (warm)`, cn.impl, overFloor(cn.impl));
  if (cn.calls) line(`cn calls ${corpus.graph.calls} (warm)`, cn.calls, overFloor(cn.calls));
  console.log(`\n| memory after warm-up | RSS MB |\n|---|---:|`);
  console.log(`| ${ENGINES[engine].rawName} | ${mb(raw.treeRss)} |`);
  console.log(`| cn daemon process (without the engine) | ${mb(cn.daemonRss)} |`);
  console.log(`| engine under cn (daemon tree − daemon) | ${mb(cn.daemonTreeRss - cn.daemonRss)} |`);
  console.log(`| cn daemon tree (daemon + engine) | ${mb(cn.daemonTreeRss)} |`);
  const title = `issue 25 target (${corpus.spec}, ${engine}, warm runs ${runs}, cold runs ${coldRuns}, ${result.files} files)`;
  console.log(`\n| ${title} | item | measured | target | verdict |\n|---|---|---:|---:|---|`);
  for (const check of checks(result))
    console.log(
      `| ${check.name} | ${check.item} | ${show(check.unit, check.value)} | ${limitText(check)} | ${check.verdict} |`,
    );
}

/** One table per engine: issue 25's targets down, the corpora across; a corpus the engine could not run says why. */
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
    const note = engine === 'native' ? '' : ' (the targets are for native: no verdicts)';
    console.log(
      `| issue 25 target${note} | item | target | ${measured.map((result) => result.corpus.spec).join(' | ')} |`,
    );
    console.log(`|---|---|---|${measured.map(() => '---:|').join('')}`);
    const ofResults = measured.map(checks);
    TARGETS.forEach((target, index) => {
      const cells = ofResults.map((each) => {
        const check = each[index];
        const value = show(check.unit, check.value);
        return check.value === undefined || check.verdict === '—' ? value : `${value} ${check.verdict}`;
      });
      console.log(`| ${target.name} | ${target.item} | ${targetsText(target)} | ${cells.join(' | ')} |`);
    });
    for (const result of ofEngine.filter((each) => each.unavailable))
      console.log(`\n${result.corpus.spec}: not available — ${result.unavailable}`);
  }
}

/** A paired run's figures (measure.mjs, timeOverFloor): its rounds' floor, and each run less its floor. */
function overFloor(timed) {
  return `floor of its rounds ${ms(timed.floor.median)}, − floor ${ms(timed.overFloor.median)}`;
}

function count(answer) {
  if (Array.isArray(answer)) return answer.length;
  return Array.isArray(answer?.body) ? answer.body.length : 0;
}
