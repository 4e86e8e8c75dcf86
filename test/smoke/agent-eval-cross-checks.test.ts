import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../scripts/agent-eval/lib/comparison.mjs';
import { countCrossChecks, findCrossChecks } from '../../scripts/agent-eval/lib/cross-checks.mjs';
import { summarize, toMarkdown } from '../../scripts/agent-eval/lib/summary.mjs';

// The cross-check rule of scripts/agent-eval (lib/cross-checks.mjs) on hand-made logs: what counts,
// what does not (parallel calls, failed answers, other tools), how it is counted per question,
// category and run, and how compare.mjs's table reads the ratios from summaries.

let clock = Date.parse('2026-12-01T00:00:00.000Z');
/** One log entry starting 1 s after the previous one and lasting `ms`. */
function call(command: string, questions: string[], extra: Record<string, unknown> = {}) {
  clock += 1000;
  return { ts: new Date(clock).toISOString(), questions, command, exit: 0, bytes: 10, tokens: 5, ms: 100, ...extra };
}

const QUESTIONS = [
  { id: 'def-1', category: 'definition', question: '', answerKind: 'locations', recipe: { kind: 'definition' } },
  { id: 'def-2', category: 'definition', question: '', answerKind: 'locations', recipe: { kind: 'definition' } },
  { id: 'ref-1', category: 'references', question: '', answerKind: 'files', recipe: { kind: 'references' } },
];

describe('agent-eval cross-checks', () => {
  it('both: a shell call on a question after a cn answer to it, listed with that answer', () => {
    const log = [
      call('cn find X --no-refs', ['def-1']),
      call("rg -n 'class X' src", ['def-1']),
      call('rg -n Y src', ['def-2']), // no cn answer to def-2 yet: a first look, not a check
      call('cn find X --refs-only --format ids | cn inspect -', ['def-1']),
      call('cat src/x.ts | head -5', ['def-1']),
    ];
    expect(findCrossChecks('both', log)).toEqual([
      expect.objectContaining({
        questions: ['def-1'],
        command: "rg -n 'class X' src",
        after: expect.objectContaining({ command: 'cn find X --no-refs' }),
      }),
      expect.objectContaining({
        questions: ['def-1'],
        command: 'cat src/x.ts | head -5',
        after: expect.objectContaining({ command: 'cn find X --refs-only --format ids | cn inspect -' }),
      }),
    ]);
  });

  it('both: a pipeline with cn in it is a cn answer, never a check; the check must start after the answer came back', () => {
    const answer = call("rg -n 'X' src | cn inspect -", ['def-1'], { ms: 5000 });
    // Started while the answer was still running (the agent ran both at once): not a check.
    const parallel = { ...call('grep -rn X src', ['def-1']), ts: new Date(Date.parse(answer.ts) + 10).toISOString() };
    const later = call('grep -rn X src', ['def-1']);
    clock += 10_000;
    const afterward = call('grep -rn X src', ['def-1']);
    expect(findCrossChecks('both', [answer, parallel]).map((c: any) => c.command)).toEqual([]);
    expect(findCrossChecks('both', [answer, later, afterward])).toHaveLength(1);
  });

  it('both: a failed or refused cn call is no answer (what follows is a fallback); a refused shell check still counts', () => {
    const failed = call('cn find X --kind bogus', ['def-1'], { exit: 2 });
    const refusedCn = call('cn stop', ['def-1'], { exit: 126, refused: 'cn stop is not part of the tools' });
    const fallback = call('rg -n X src', ['def-1']);
    expect(findCrossChecks('both', [failed, refusedCn, fallback])).toEqual([]);
    const nothingFound = call('cn find Nope', ['ref-1'], { exit: 1 });
    const refusedShell = call('node -e 1', ['ref-1'], { exit: 126, refused: "'node' is not allowed" });
    expect(findCrossChecks('both', [nothingFound, refusedShell])).toEqual([
      expect.objectContaining({ questions: ['ref-1'], exit: 126 }),
    ]);
  });

  it('mcp: cn_grep after another MCP tool answered the question; not after --list, an error or cn_grep itself', () => {
    const log = [
      call('mcp-call --list', ['def-1']),
      call('mcp-call cn_grep \'{"pattern":"X"}\'', ['def-1']),
      call('mcp-call cn_find \'{"query":"Y"}\'', ['def-2'], { exit: 1 }),
      call('mcp-call cn_grep \'{"pattern":"Y"}\'', ['def-2']),
      call('mcp-call cn_find \'{"query":"X"}\'', ['def-1']),
      call('mcp-call cn_map \'{"file":"src/x.ts"}\'', ['def-1']),
      call('mcp-call cn_grep \'{"pattern":"X","paths":["src/**"]}\'', ['def-1']),
    ];
    expect(findCrossChecks('mcp', log)).toEqual([
      expect.objectContaining({
        questions: ['def-1'],
        command: 'mcp-call cn_grep \'{"pattern":"X","paths":["src/**"]}\'',
        after: expect.objectContaining({ command: 'mcp-call cn_map \'{"file":"src/x.ts"}\'' }),
      }),
    ]);
  });

  it('cn: cn grep after another cn command answered; grep has no rule', () => {
    const log = [call('cn grep X src', ['def-1']), call('cn find X', ['def-1']), call('cn grep -F X src', ['def-1'])];
    expect(findCrossChecks('cn', log).map((c: any) => c.command)).toEqual(['cn grep -F X src']);
    expect(findCrossChecks('grep', log)).toBeUndefined();
  });

  it('counts a check once for each question it re-checks, once per category and once in the total', () => {
    const log = [
      call('cn find X', ['def-1', 'def-2', 'ref-1']),
      call("rg -n 'X|Y' src", ['def-1', 'def-2', 'ref-1']),
      call('rg -n Z src', ['ref-1']),
    ];
    const counts = countCrossChecks(findCrossChecks('both', log), QUESTIONS);
    expect(Object.fromEntries(counts.byQuestion)).toEqual({ 'def-1': 1, 'def-2': 1, 'ref-1': 2 });
    expect(Object.fromEntries(counts.byCategory)).toEqual({ definition: 1, references: 2 });
    expect(counts.total).toBe(2);
  });

  it('puts the counts in the summary and lists each check with its answer in the Markdown', () => {
    const log = [call('cn find X', ['def-1']), call('rg -n X | head', ['def-1'])];
    const truth = { 'def-1': ['src/x.ts:1'], 'def-2': ['src/y.ts:1'], 'ref-1': ['src/z.ts'] };
    const summary = summarize({ questions: QUESTIONS, truth, answers: {}, log, agent: 'both', corpus: 'hono' });
    expect(summary.total.crossChecks).toBe(1);
    expect(summary.categories.map((c: any) => [c.category, c.crossChecks])).toEqual([
      ['definition', 1],
      ['references', 0],
    ]);
    expect(summary.perQuestion.find((row: any) => row.id === 'def-1').crossChecks).toBe(1);
    const markdown = toMarkdown(summary);
    expect(markdown).toContain('Cross-checks (a shell call (no cn) on a question after a cn call answered it): 1.');
    expect(markdown).toContain('| def-1 | `cn find X` | `rg -n X \\| head` | 0 | 5 |');
    const grep = summarize({ questions: QUESTIONS, truth, answers: {}, log: [], agent: 'grep', corpus: 'hono' });
    expect(grep.total.crossChecks).toBeUndefined();
    expect(grep.crossChecks.total).toBeNull();
    expect(toMarkdown(grep)).not.toContain('cross-checks');
  });
});

describe('agent-eval comparison', () => {
  const total = (calls: number, outputTokens: number, f1: number, crossChecks?: number) => ({
    questions: 30,
    calls,
    outputTokens,
    f1,
    ...(crossChecks === undefined ? {} : { crossChecks }),
  });
  const run = (name: string, agent: string, t: ReturnType<typeof total>) => ({
    name,
    summary: {
      agent,
      corpus: 'mikro-orm',
      total: t,
      categories: [{ category: 'definition', questions: 30, ...t }],
      crossChecks: { checks: [] },
    },
  });

  it('lists every run and judges the means against the issue targets', () => {
    const markdown = compareRuns([
      run('a-grep', 'grep', total(40, 10_000, 0.95)),
      run('b-grep', 'grep', total(60, 14_000, 0.97)),
      run('a-both', 'both', total(30, 5_000, 1, 1)),
      run('b-both', 'both', total(40, 7_000, 0.98, 3)),
      run('a-mcp', 'mcp', total(50, 13_000, 1, 0)),
    ]);
    expect(markdown).toContain('| **both** (headline) | a-both, b-both | 30, 40 | 5,000, 7,000 | 1.00, 0.98 | 1, 3 |');
    expect(markdown).toContain('| grep | a-grep, b-grep | 40, 60 | 10,000, 14,000 | 0.95, 0.97 | —, — |');
    expect(markdown).toContain('| both ÷ grep calls | 0.70 | ≤ 0.8 | yes |');
    expect(markdown).toContain('| both ÷ grep output tokens | 0.50 | ≤ 0.6 | yes |');
    expect(markdown).toContain('| both F1 − grep F1 | 0.03 | ≥ 0 | yes |');
    expect(markdown).toContain('| both cross-checks per 30 questions | 2.00 | ≤ 2 | yes |');
    expect(markdown).toContain('| mcp ÷ grep output tokens | 1.08 | ≤ 1 | **no** |');
    expect(markdown).toContain(
      '| definition | 30 | 35 / 6,000 / 0.99 / 2 | 50 / 12,000 / 0.96 | 50 / 13,000 / 1.00 / 0 | 0.70 | 0.50 |',
    );
  });

  it('says so when an agent has no runs', () => {
    expect(compareRuns([run('a-grep', 'grep', total(40, 10_000, 1))])).toContain(
      '| both ÷ grep calls | — | ≤ 0.8 | no runs |',
    );
  });
});
