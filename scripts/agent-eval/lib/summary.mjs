// The numbers of one run: per question P/R/F1, per category and total means, and the cost from
// the runner's log (calls, refused calls, output tokens and bytes, milliseconds in commands), also
// per question and category by the questions each call served (lib/cost.mjs has the split rule),
// and the agent's cross-checks (lib/cross-checks.mjs: calls re-checking an answer it already had).
import { attributeCost, costOf, sumShares } from './cost.mjs';
import { CROSS_CHECK_RULES, countCrossChecks, findCrossChecks } from './cross-checks.mjs';
import { scoreAnswers } from './scoring.mjs';

const mean = (values) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);

export function summarize({ questions, truth, answers, log, corpusRoot, agent, corpus }) {
  const { byQuestion, unattributed } = attributeCost(
    log,
    questions.map((q) => q.id),
  );
  const checks = findCrossChecks(agent, log);
  const checkCounts = checks && countCrossChecks(checks, questions);
  // Agents without a cross-check rule (grep) carry no crossChecks fields at all.
  const checksOf = (counts, key) => (checkCounts ? { crossChecks: checkCounts[counts].get(key) } : {});
  const perQuestion = questions.map((q) => {
    if (!truth[q.id]) throw new Error(`no truth for ${q.id}`);
    const given = answers[q.id];
    const list = Array.isArray(given) ? given.map(String) : given === undefined ? [] : [String(given)];
    return {
      id: q.id,
      category: q.category,
      answered: given !== undefined,
      answers: list.length,
      truth: truth[q.id].length,
      ...scoreAnswers(q.answerKind, truth[q.id], list, corpusRoot),
      ...byQuestion.get(q.id),
      ...checksOf('byQuestion', q.id),
    };
  });
  const categories = [...new Set(questions.map((q) => q.category))].map((category) => {
    const rows = perQuestion.filter((row) => row.category === category);
    const cost = sumShares(rows.map((row) => byQuestion.get(row.id)));
    return {
      category,
      questions: rows.length,
      ...cost,
      precision: mean(rows.map((r) => r.precision)),
      recall: mean(rows.map((r) => r.recall)),
      f1: mean(rows.map((r) => r.f1)),
      ...checksOf('byCategory', category),
    };
  });
  const total = {
    questions: perQuestion.length,
    answered: perQuestion.filter((r) => r.answered).length,
    precision: mean(perQuestion.map((r) => r.precision)),
    recall: mean(perQuestion.map((r) => r.recall)),
    f1: mean(perQuestion.map((r) => r.f1)),
    ...costOf(log),
    ...(checkCounts ? { crossChecks: checkCounts.total } : {}),
  };
  const crossChecks = checks
    ? { rule: CROSS_CHECK_RULES[agent].rule, total: checks.length, checks }
    : { rule: `none: the ${agent ?? 'run'} agent has one kind of tool`, total: null, checks: [] };
  return { agent, corpus, perQuestion, categories, unattributed, total, crossChecks };
}

const fixed = (value) => value.toFixed(2);
// Shares of split calls are fractions: one decimal for calls, whole tokens, seconds as in the total.
const callCount = (value) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
const costCells = (cost) =>
  `${callCount(cost.calls)} | ${Math.round(cost.outputTokens)} | ${(cost.commandMs / 1000).toFixed(1)} s`;

/** A command inside a Markdown table cell: a code span whose pipes do not end the cell. */
export const commandCell = (command) => `\`${String(command).replace(/\|/g, '\\|').replace(/`/g, "'")}\``;

export function toMarkdown(summary) {
  const checked = summary.total.crossChecks !== undefined;
  const checkCell = (row) => (checked ? ` ${row.crossChecks} |` : '');
  const checkHead = checked ? ' cross-checks |' : '';
  const checkRule = checked ? '---:|' : '';
  const lines = [
    `## ${summary.agent ?? 'run'}${summary.corpus ? ` on ${summary.corpus}` : ''}`,
    '',
    `| question | category | answers | truth | P | R | F1 |${checkHead}`,
    `|---|---|---:|---:|---:|---:|---:|${checkRule}`,
  ];
  for (const r of summary.perQuestion)
    lines.push(
      `| ${r.id} | ${r.category} | ${r.answered ? r.answers : '—'} | ${r.truth} | ${fixed(r.precision)} | ${fixed(r.recall)} | ${fixed(r.f1)} |${checkCell(r)}`,
    );
  lines.push(
    '',
    `| category | questions | calls | output tokens | time in commands | P | R | F1 |${checkHead}`,
    `|---|---:|---:|---:|---:|---:|---:|---:|${checkRule}`,
  );
  for (const c of summary.categories)
    lines.push(
      `| ${c.category} | ${c.questions} | ${costCells(c)} | ${fixed(c.precision)} | ${fixed(c.recall)} | ${fixed(c.f1)} |${checkCell(c)}`,
    );
  lines.push(`| unattributed | — | ${costCells(summary.unattributed)} | — | — | — |${checked ? ' — |' : ''}`);
  const t = summary.total;
  lines.push(
    '',
    `| agent | questions | answered | calls | refused | output tokens | time in commands | P | R | F1 |${checkHead}`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|${checkRule}`,
  );
  lines.push(
    `| ${summary.agent ?? 'run'} | ${t.questions} | ${t.answered} | ${t.calls} | ${t.refused} | ${t.outputTokens} | ${(t.commandMs / 1000).toFixed(1)} s | ${fixed(t.precision)} | ${fixed(t.recall)} | ${fixed(t.f1)} |${checkCell(t)}`,
  );
  if (checked) lines.push('', ...crossCheckList(summary.crossChecks));
  return `${lines.join('\n')}\n`;
}

/** Each cross-check with the answer it re-checked, so a reader sees what was checked. */
function crossCheckList({ rule, checks }) {
  if (checks.length === 0) return [`Cross-checks (${rule}): none.`];
  return [
    `Cross-checks (${rule}): ${checks.length}.`,
    '',
    '| questions | answer before | cross-check | exit | tokens |',
    '|---|---|---|---:|---:|',
    ...checks.map(
      (c) =>
        `| ${c.questions.join(', ')} | ${commandCell(c.after.command)} | ${commandCell(c.command)} | ${c.exit} | ${c.tokens} |`,
    ),
  ];
}
