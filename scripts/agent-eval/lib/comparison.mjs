// Runs side by side, per corpus: both (the headline), cn, grep and mcp, each run's calls, output
// tokens, F1 and cross-checks, the ratios issue 23 judges by (both ÷ grep calls and tokens, mcp ÷
// grep tokens; means over each agent's runs) against its targets, and the same per category.
import { commandCell } from './summary.mjs';

/** The agents in the order of the tables: the mixed agent is the headline. */
export const AGENT_ORDER = ['both', 'cn', 'grep', 'mcp'];

/** Issue 23's done criteria; `value` reads the per-agent means of one corpus. */
export const CRITERIA = [
  {
    name: 'both ÷ grep calls',
    target: '≤ 0.8',
    value: (m) => ratio(m.both?.calls, m.grep?.calls),
    met: (v) => v <= 0.8,
  },
  {
    name: 'both ÷ grep output tokens',
    target: '≤ 0.6',
    value: (m) => ratio(m.both?.outputTokens, m.grep?.outputTokens),
    met: (v) => v <= 0.6,
  },
  {
    name: 'both F1 − grep F1',
    target: '≥ 0',
    value: (m) => (m.both && m.grep ? m.both.f1 - m.grep.f1 : undefined),
    met: (v) => v >= -1e-9,
  },
  {
    name: 'both cross-checks per 30 questions',
    target: '≤ 2',
    value: (m) => m.both?.crossChecksPer30,
    met: (v) => v <= 2,
  },
  {
    name: 'mcp ÷ grep output tokens',
    target: '≤ 1',
    value: (m) => ratio(m.mcp?.outputTokens, m.grep?.outputTokens),
    met: (v) => v <= 1,
  },
];

const ratio = (a, b) => (a === undefined || b === undefined || b === 0 ? undefined : a / b);
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const fixed2 = (value) => (value === undefined ? '—' : value.toFixed(2));
const whole = (value) => Math.round(value).toLocaleString('en-US');
const calls = (value) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** The means over one agent's runs of a corpus (whole run, or one category's row). */
function meansOf(rows, questions) {
  const checks = rows.map((row) => row.crossChecks).filter((value) => value !== undefined && value !== null);
  return {
    calls: mean(rows.map((row) => row.calls)),
    outputTokens: mean(rows.map((row) => row.outputTokens)),
    f1: mean(rows.map((row) => row.f1)),
    crossChecks: checks.length === rows.length ? mean(checks) : undefined,
    crossChecksPer30: checks.length === rows.length ? (mean(checks) * 30) / questions : undefined,
  };
}

/** `runs`: [{ name, summary }] (summaries from lib/runs.mjs). Returns Markdown. */
export function compareRuns(runs) {
  const corpora = [...new Set(runs.map((run) => run.summary.corpus))];
  return `${corpora
    .flatMap((corpus) =>
      corpusSection(
        corpus,
        runs.filter((run) => run.summary.corpus === corpus),
      ),
    )
    .join('\n')}\n`;
}

function corpusSection(corpus, runs) {
  const byAgent = Object.fromEntries(
    AGENT_ORDER.map((agent) => [agent, runs.filter((run) => run.summary.agent === agent)]).filter(
      ([, list]) => list.length > 0,
    ),
  );
  const questions = runs[0].summary.total.questions;
  const means = Object.fromEntries(
    Object.entries(byAgent).map(([agent, list]) => [
      agent,
      meansOf(
        list.map((run) => run.summary.total),
        questions,
      ),
    ]),
  );
  const lines = [
    `## ${corpus} (${questions} questions)`,
    '',
    "Each run listed (agents vary from run to run); cross-checks per the agent's rule (— for grep: one kind of tool).",
    '',
    '| agent | runs | calls | output tokens | F1 | cross-checks |',
    '|---|---|---:|---:|---:|---:|',
  ];
  for (const [agent, list] of Object.entries(byAgent)) {
    const cells = (read) => list.map((run) => read(run.summary.total)).join(', ');
    lines.push(
      `| ${agent === 'both' ? '**both** (headline)' : agent} | ${list.map((run) => run.name).join(', ')} | ${cells((t) => calls(t.calls))} | ${cells((t) => whole(t.outputTokens))} | ${cells((t) => t.f1.toFixed(2))} | ${cells((t) => t.crossChecks ?? '—')} |`,
    );
  }
  lines.push('', '| criterion (means over runs) | value | target | met |', '|---|---:|---|---|');
  for (const criterion of CRITERIA) {
    const value = criterion.value(means);
    lines.push(
      `| ${criterion.name} | ${fixed2(value)} | ${criterion.target} | ${value === undefined ? 'no runs' : criterion.met(value) ? 'yes' : '**no**'} |`,
    );
  }
  lines.push('', ...categoryTable(byAgent), ...crossCheckLists(byAgent));
  return lines;
}

function categoryTable(byAgent) {
  const agents = Object.keys(byAgent);
  const categories = byAgent[agents[0]][0].summary.categories;
  const lines = [
    `| category | questions | ${agents.map((agent) => `${agent}: calls / tokens / F1${agent === 'grep' ? '' : ' / checks'}`).join(' | ')} | both ÷ grep calls | both ÷ grep tokens |`,
    `|---|---:|${agents.map(() => '---:').join('|')}|---:|---:|`,
  ];
  for (const { category, questions } of categories) {
    const means = Object.fromEntries(
      agents.map((agent) => [
        agent,
        meansOf(
          byAgent[agent].map((run) => run.summary.categories.find((row) => row.category === category)),
          questions,
        ),
      ]),
    );
    const cell = (agent) => {
      const m = means[agent];
      const checks = m.crossChecks === undefined ? '' : ` / ${calls(m.crossChecks)}`;
      return `${calls(m.calls)} / ${whole(m.outputTokens)} / ${m.f1.toFixed(2)}${checks}`;
    };
    lines.push(
      `| ${category} | ${questions} | ${agents.map(cell).join(' | ')} | ${fixed2(ratio(means.both?.calls, means.grep?.calls))} | ${fixed2(ratio(means.both?.outputTokens, means.grep?.outputTokens))} |`,
    );
  }
  return [...lines, ''];
}

/** Every cross-check of the both and mcp runs (and cn's, if any), with the answer before it. */
function crossCheckLists(byAgent) {
  const rows = Object.values(byAgent)
    .flat()
    .flatMap((run) =>
      run.summary.crossChecks.checks.map(
        (check) =>
          `| ${run.name} | ${check.questions.join(', ')} | ${commandCell(check.after.command)} | ${commandCell(check.command)} | ${check.tokens} |`,
      ),
    );
  if (rows.length === 0) return ['No cross-checks.', ''];
  return ['| run | questions | answer before | cross-check | tokens |', '|---|---|---|---|---:|', ...rows, ''];
}
