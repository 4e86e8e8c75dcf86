// The targets of issue 25 (performance), each with its formula over what bench.mjs measures. No imports: the unit
// test (test/unit/bench-targets.test.ts) checks this table on made-up figures without a build.
//
// The targets are for the native engine on a quiet machine; a tsserver run prints the same figures with
// no verdict. A target names the corpora it is for (`*`: every corpus); on any other corpus the figure is
// printed with no verdict, and a figure the bench could not take is "not measured", never a guess.

export const MB = 1024 * 1024;

/** A repository large enough for the graph target: 2,000 source files or 20 projects (issue 25, item 3). */
export const isLargeRepository = (result) => result.files >= 2000 || result.raw.projects >= 20;

const ratio = (top, bottom) => (top === undefined || !bottom ? undefined : top / bottom);

/**
 * Each target: `item` of the issue, `name` (what the tables print: the formula), `unit` (× | ms | MB | yes/no),
 * `targets` (a limit per corpus name, `*` for all) or `limit(result)`, `value(result)` (undefined: not measured),
 * and `note` for the summary's target column where `targets` cannot say it.
 */
export const TARGETS = [
  {
    item: '1',
    name: 'cold cn find ÷ raw spawn→first references',
    unit: '×',
    targets: { rxjs: 2.5, typeorm: 1.3 },
    value: ({ cn, raw }) => ratio(cn.coldFind.median, raw.spawnToFirstFind.median),
  },
  {
    item: '2',
    name: 'cold cn find after a stop (unchanged corpus) ÷ raw spawn→first references',
    unit: '×',
    targets: { typeorm: 1.1 },
    value: ({ cn, raw }) => ratio(cn.coldFindAfterStop?.median, raw.spawnToFirstFind.median),
  },
  {
    item: '2',
    name: 'first cn search after cn start: complete',
    unit: 'yes/no',
    targets: { rxjs: true },
    value: ({ cn }) => cn.secondStart?.firstSearchComplete,
  },
  {
    item: '2',
    name: 'cn start returned → first complete cn search',
    unit: 'ms',
    targets: { typeorm: 2000 },
    value: ({ cn }) => cn.secondStart?.toCompleteMs,
  },
  {
    item: '3',
    name: 'warm cn find ÷ (node floor + workspace/symbol + definition + references)',
    unit: '×',
    targets: { rxjs: 1.3, effect: 1.3, three: 1.3, typeorm: 1.3 },
    // The floor: the median of the node -e 0 runs paired with the finds.
    value: ({ cn, raw }) =>
      ratio(
        cn.find.median,
        cn.find.floor.median + raw.workspaceSymbol.median + raw.definition.median + raw.references.median,
      ),
  },
  {
    item: '3',
    name: 'warm cn map − node floor',
    unit: 'ms',
    targets: { '*': 25 },
    // Each run less the node -e 0 of its own round (measure.mjs, timeOverFloor), then the median.
    value: ({ cn }) => cn.map.overFloor.median,
  },
  {
    item: '3',
    name: 'warm cn inspect − node floor',
    unit: 'ms',
    targets: { '*': 25 },
    value: ({ cn }) => cn.inspect.overFloor.median,
  },
  {
    item: '3',
    name: 'warm cn impl ÷ warm cn find',
    unit: '×',
    note: '≤ 2× on 2,000 files or 20 projects',
    limit: (result) => (isLargeRepository(result) ? 2 : undefined),
    value: ({ cn }) => ratio(cn.impl?.median, cn.find.median),
  },
  {
    item: '3',
    name: 'warm cn calls ÷ warm cn find',
    unit: '×',
    note: '≤ 2× on 2,000 files or 20 projects',
    limit: (result) => (isLargeRepository(result) ? 2 : undefined),
    value: ({ cn }) => ratio(cn.calls?.median, cn.find.median),
  },
  {
    item: '4',
    name: 'daemon RSS without the engine',
    unit: 'MB',
    targets: { rxjs: 120 },
    value: ({ cn }) => (cn.daemonRss ? cn.daemonRss / MB : undefined),
  },
  {
    item: '4',
    name: 'daemon RSS without the engine ÷ engine RSS',
    unit: '×',
    targets: { typeorm: 0.35 },
    value: ({ cn }) => ratio(cn.daemonRss, cn.daemonTreeRss - cn.daemonRss),
  },
  {
    item: '6',
    name: 'cn --version − node floor (the CLI’s own start)',
    unit: 'ms',
    targets: {},
    note: 'none (reported)',
    value: ({ cliStart }) => cliStart?.overFloor.median,
  },
];

/** The limit a target sets for this result's corpus and engine, undefined when it sets none. */
export function limitOf(target, result) {
  if (result.engine !== 'native') return undefined;
  if (target.limit) return target.limit(result);
  return target.targets[result.corpus.name] ?? target.targets['*'];
}

/** Every target with its value for one result, its limit there (if any) and the verdict. */
export function checks(result) {
  return TARGETS.map((target) => {
    const value = target.value(result);
    const limit = limitOf(target, result);
    return { ...target, value, limit, verdict: verdictOf(target, value, limit) };
  });
}

function verdictOf(target, value, limit) {
  if (limit === undefined) return '—';
  if (value === undefined) return 'not measured';
  if (target.unit === 'yes/no') return value === limit ? 'PASS' : 'MISS';
  return value <= limit ? 'PASS' : 'MISS';
}

/** A value as the tables print it. */
export function show(unit, value) {
  if (value === undefined) return 'not measured';
  if (unit === 'yes/no') return value ? 'yes' : 'no';
  if (unit === '×') return `${value.toFixed(2)}×`;
  if (unit === 'MB') return `${value.toFixed(0)} MB`;
  return `${value.toFixed(1)} ms`;
}

/** A limit as the tables print it: `≤ 2.5×`, `≤ 25 ms`, `yes`. */
function showLimit(unit, limit) {
  if (unit === 'yes/no') return limit ? 'yes' : 'no';
  return unit === '×' ? `≤ ${limit}×` : `≤ ${limit} ${unit}`;
}

/** The target as one result's table prints it. */
export function limitText(check) {
  return check.limit === undefined ? '—' : showLimit(check.unit, check.limit);
}

/** Every corpus's limit of a target, for the summary's target column (`≤ 2.5× rxjs, ≤ 1.3× typeorm`). */
export function targetsText(target) {
  if (target.note) return target.note;
  const byLimit = new Map();
  for (const [corpus, limit] of Object.entries(target.targets))
    byLimit.set(limit, [...(byLimit.get(limit) ?? []), corpus === '*' ? 'every corpus' : corpus]);
  return [...byLimit].map(([limit, corpora]) => `${showLimit(target.unit, limit)} ${corpora.join(', ')}`).join('; ');
}
