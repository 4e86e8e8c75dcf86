// The eval's tables: one row per question, then one per category and an overall line vs the goal.
import { CATEGORIES, phrase } from './questions.mjs';

const GOAL = { tokenRatio: 15, f1: 0.95 };
const f1 = (value) => value.toFixed(2);
const ratio = (a, b) => (b === 0 ? '∞' : `${(a / b).toFixed(1)}×`);

export function printQuestionTable(rows) {
  console.log(
    '| id | question | truth | grep calls | grep tokens | grep F1 | cn calls | cn tokens | cn F1 | tokens grep÷cn | winner |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const row of rows) {
    const { baseline, cn } = row;
    const cnCells = cn
      ? [cn.calls, cn.tokens, f1(cn.f1), ratio(baseline.tokens, cn.tokens), winner(baseline, cn)]
      : ['n/a (command missing)', '', '', '', ''];
    console.log(
      `| ${row.question.id} | ${phrase(row.question)} | ${row.truthSize} | ${baseline.calls} | ${baseline.tokens} | ${f1(baseline.f1)} | ${cnCells.join(' | ')} |`,
    );
  }
}

/** Better F1 wins; at equal F1 (±0.02) fewer tokens wins. */
function winner(baseline, cn) {
  if (Math.abs(baseline.f1 - cn.f1) > 0.02) return baseline.f1 > cn.f1 ? 'grep (F1)' : 'cn (F1)';
  return baseline.tokens < cn.tokens ? 'grep (tokens)' : 'cn';
}

export function printSummary(rows) {
  console.log(
    '\n| category | questions | grep tokens | cn tokens | tokens grep÷cn | grep calls | cn calls | calls grep÷cn | grep F1 | cn F1 |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const category of CATEGORIES) {
    const inCategory = rows.filter((row) => row.question.category === category);
    if (inCategory.length === 0) continue;
    const answered = inCategory.filter((row) => row.cn);
    if (answered.length === 0) {
      const t = totals(inCategory);
      console.log(
        `| ${category} | ${inCategory.length} | ${t.baselineTokens} | n/a (command missing) | | ${t.baselineCalls} | | | ${f1(t.baselineF1)} | |`,
      );
      continue;
    }
    printTotals(category, answered, inCategory.length);
  }
  const answered = rows.filter((row) => row.cn);
  if (answered.length === 0) return;
  printTotals('**all answered**', answered, rows.length);
  const t = totals(answered);
  const tokenRatio = t.baselineTokens / Math.max(1, t.cnTokens);
  const met = tokenRatio >= GOAL.tokenRatio && t.cnF1 >= GOAL.f1;
  const missing = rows.length - answered.length;
  console.log(
    `\noverall: ${answered.length} of ${rows.length} questions answered by cn${missing ? ` (${missing} n/a: command missing)` : ''}; ` +
      `${tokenRatio.toFixed(1)}× fewer tokens, ${(t.baselineCalls / Math.max(1, t.cnCalls)).toFixed(1)}× fewer calls, ` +
      `mean F1 cn ${f1(t.cnF1)} vs grep ${f1(t.baselineF1)}; goal ≥ ${GOAL.tokenRatio}× fewer tokens at F1 ≥ ${GOAL.f1}: ${met ? 'MET' : 'NOT MET'}`,
  );
  const grepWins = answered.filter((row) => winner(row.baseline, row.cn).startsWith('grep'));
  if (grepWins.length > 0)
    console.log(
      `grep wins on ${grepWins.length}: ${grepWins.map((row) => `${row.question.id} (${winner(row.baseline, row.cn)})`).join(', ')}`,
    );
}

function printTotals(label, rows, questionCount) {
  const t = totals(rows);
  console.log(
    `| ${label} | ${questionCount === rows.length ? rows.length : `${rows.length} of ${questionCount}`} | ${t.baselineTokens} | ${t.cnTokens} | ${ratio(t.baselineTokens, t.cnTokens)} | ` +
      `${t.baselineCalls} | ${t.cnCalls} | ${ratio(t.baselineCalls, t.cnCalls)} | ${f1(t.baselineF1)} | ${f1(t.cnF1)} |`,
  );
}

function totals(rows) {
  const sum = (pick) => rows.reduce((total, row) => total + pick(row), 0);
  const answered = rows.filter((row) => row.cn);
  return {
    baselineTokens: sum((row) => row.baseline.tokens),
    baselineCalls: sum((row) => row.baseline.calls),
    baselineF1: sum((row) => row.baseline.f1) / rows.length,
    cnTokens: answered.reduce((total, row) => total + row.cn.tokens, 0),
    cnCalls: answered.reduce((total, row) => total + row.cn.calls, 0),
    cnF1: answered.length ? answered.reduce((total, row) => total + row.cn.f1, 0) / answered.length : 0,
  };
}
