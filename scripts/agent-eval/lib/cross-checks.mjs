// Cross-checks: calls on a question made after the agent already had a navigation answer to it
// (issue 23: "shell calls on a question after a cn answer to the same question"). What counts
// depends on the tools the agent holds:
//
// - both: a shell call (no `cn` in its pipeline) attributed to question q, started after a call
//   with `cn` in its pipeline, attributed to q, had answered (exit 0 found or 1 nothing found).
// - mcp: `mcp-call cn_grep` on q after another MCP tool answered q (exit 0).
// - cn: `cn grep` on q after another cn command answered q (exit 0 or 1), the CLI form of the mcp rule.
// - grep: none (one kind of tool: nothing to cross-check against).
//
// "After" is by time: the check started once the answer had come back (its ts + ms), so two calls
// an agent ran in parallel never count. A failed or refused navigation call is no answer (what
// follows it is a fallback, not a check); a refused check still counts (the agent tried). A call
// serving several questions counts once for each question it re-checks, once per category and once
// in the total.
import { parsePipeline } from './command-policy.mjs';

/** The program and first argument of each stage; a command the policy cannot parse, by its words. */
function stagesOf(command) {
  try {
    return parsePipeline(command).map((stage) => stage.filter((word) => !word.redirect).map((word) => word.text));
  } catch {
    return [command.trim().split(/\s+/)];
  }
}

const hasStage = (stages, test) => stages.some((words) => test(words));
const isCn = (words) => words[0] === 'cn';
const isCnGrep = (words) => isCn(words) && words[1] === 'grep';
const mcpTool = (stages) => (stages[0][0] === 'mcp-call' ? stages[0][1] : undefined);
const answered = (entry, exits) => !entry.refused && exits.includes(entry.exit);

/** Per agent: what a navigation answer is, what a check is, and the rule in words. */
export const CROSS_CHECK_RULES = {
  both: {
    rule: 'a shell call (no cn) on a question after a cn call answered it',
    isAnswer: (entry, stages) => hasStage(stages, isCn) && answered(entry, [0, 1]),
    isCheck: (entry, stages) => !hasStage(stages, isCn),
  },
  mcp: {
    rule: 'mcp-call cn_grep on a question after another MCP tool answered it',
    isAnswer: (entry, stages) => ![undefined, '--list', 'cn_grep'].includes(mcpTool(stages)) && answered(entry, [0]),
    isCheck: (entry, stages) => mcpTool(stages) === 'cn_grep',
  },
  cn: {
    rule: 'cn grep on a question after another cn command answered it',
    isAnswer: (entry, stages) =>
      hasStage(stages, (words) => isCn(words) && !isCnGrep(words)) && answered(entry, [0, 1]),
    isCheck: (entry, stages) => stages.every(isCnGrep),
  },
};

const startOf = (entry) => Date.parse(entry.ts);
const endOf = (entry) => Date.parse(entry.ts) + (entry.ms ?? 0);
const questionsOf = (entry) => [...new Set(Array.isArray(entry.questions) ? entry.questions.map(String) : [])];

/**
 * The cross-checks of a run's log, or undefined for an agent without a rule (grep). Each check:
 * { questions (those it re-checks), command, exit, tokens, ts, after: { command, exit, ts } } with
 * `after` the latest answer to one of those questions that had come back before the check began.
 */
export function findCrossChecks(agent, log) {
  const rules = CROSS_CHECK_RULES[agent];
  if (!rules) return undefined;
  const calls = log.map((entry) => ({ entry, stages: stagesOf(entry.command ?? '') }));
  const answers = calls.filter(({ entry, stages }) => rules.isAnswer(entry, stages)).map(({ entry }) => entry);
  const checks = [];
  for (const { entry, stages } of calls) {
    if (!rules.isCheck(entry, stages)) continue;
    const earlier = answers.filter((answer) => answer !== entry && endOf(answer) <= startOf(entry));
    const rechecked = questionsOf(entry).filter((id) => earlier.some((answer) => questionsOf(answer).includes(id)));
    if (rechecked.length === 0) continue;
    const after = earlier
      .filter((answer) => questionsOf(answer).some((id) => rechecked.includes(id)))
      .reduce((latest, answer) => (endOf(answer) >= endOf(latest) ? answer : latest));
    checks.push({
      questions: rechecked,
      command: entry.command,
      exit: entry.exit,
      tokens: entry.tokens ?? 0,
      ts: entry.ts,
      after: { command: after.command, exit: after.exit, ts: after.ts },
    });
  }
  return checks;
}

/** Counts per question id and per category (a check counts once in each), and in total. */
export function countCrossChecks(checks, questions) {
  const categoryOf = new Map(questions.map((q) => [q.id, q.category]));
  const byQuestion = new Map(questions.map((q) => [q.id, 0]));
  const byCategory = new Map(questions.map((q) => [q.category, 0]));
  for (const check of checks) {
    for (const id of check.questions) if (byQuestion.has(id)) byQuestion.set(id, byQuestion.get(id) + 1);
    const categories = new Set(check.questions.map((id) => categoryOf.get(id)).filter(Boolean));
    for (const category of categories) byCategory.set(category, byCategory.get(category) + 1);
  }
  return { byQuestion, byCategory, total: checks.length };
}
