import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cn.js';

// scripts/agent-eval without the corpus: the scorer on a fixture run, the runner's refusals and one
// allowed command in a throw-away root. Fixture data only, so nothing is skipped on any machine.

const FIXTURE = path.join(REPO, 'test/fixtures/agent-eval');
const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cn-agent-eval-'));
  temporary.push(dir);
  return dir;
}

function runScript(
  script: string,
  args: string[],
  input = '',
  env: Record<string, string> = {},
): Promise<{ stdout: string; stderr: string; exitCode: number }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [path.join(REPO, 'scripts/agent-eval', script), ...args],
      { cwd: REPO, env: { ...process.env, NODE_OPTIONS: '', ...env } },
      (error, stdout, stderr) => {
        resolve({ stdout, stderr, exitCode: error ? (typeof error.code === 'number' ? error.code : 1) : 0 });
      },
    );
    child.stdin?.end(input);
  });
}

/** A run directory that already belongs to `agent`, with its corpus root a temp dir holding one file. */
function runDirectory(agent: string): { run: string; root: string } {
  const root = tempDir();
  writeFileSync(path.join(root, 'hello.ts'), 'export const hello = 1\n');
  const run = tempDir();
  writeFileSync(
    path.join(run, 'meta.json'),
    JSON.stringify({ agent, corpus: 'hono', root, started: new Date(0).toISOString() }),
  );
  return { run, root };
}

const FIXTURE_SCORE_ARGS = [
  '--questions',
  path.join(FIXTURE, 'questions.json'),
  '--truth',
  path.join(FIXTURE, 'truth.json'),
];

/** The fixture run scored in a temp copy (score.mjs writes summary.json into the run). */
async function scoreFixture(extraArgs: string[] = [], log?: string): Promise<{ summary: any; stdout: string }> {
  const run = tempDir();
  cpSync(path.join(FIXTURE, 'run'), run, { recursive: true });
  if (log !== undefined) writeFileSync(path.join(run, 'log.jsonl'), log);
  const { stdout, stderr, exitCode } = await runScript('score.mjs', [
    '--run',
    run,
    ...FIXTURE_SCORE_ARGS,
    ...extraArgs,
  ]);
  expect(exitCode, stderr).toBe(0);
  return { summary: JSON.parse(readFileSync(path.join(run, 'summary.json'), 'utf8')), stdout };
}

const costByCategory = (summary: any) =>
  Object.fromEntries(
    summary.categories.map((c: any) => [
      c.category,
      { calls: c.calls, outputTokens: c.outputTokens, commandMs: c.commandMs },
    ]),
  );

const logOf = (run: string) =>
  readFileSync(path.join(run, 'log.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

describe('scripts/agent-eval scorer', () => {
  it('scores every answer kind with the documented normalisation and sums the log', async () => {
    const { summary, stdout } = await scoreFixture();
    const byId = Object.fromEntries(summary.perQuestion.map((row: any) => [row.id, row]));
    // locations: ./ prefix and a cn id normalised; a line inside the JSDoc-to-name range counts.
    expect(byId['q-loc']).toMatchObject({ precision: 2 / 3, recall: 1 });
    expect(byId['q-loc'].f1).toBeCloseTo(0.8, 10);
    // files: a path:line answer counts as its file.
    expect(byId['q-files'].precision).toBeCloseTo(2 / 3, 10);
    expect(byId['q-files'].recall).toBe(0.5);
    expect(byId['q-files'].f1).toBeCloseTo(4 / 7, 10);
    // names: case-sensitive, a trailing () dropped.
    expect(byId['q-names'].f1).toBeCloseTo(0.8, 10);
    // line-range: 5 of 10 lines overlap each way.
    expect(byId['q-range']).toMatchObject({ precision: 0.5, recall: 0.5, f1: 0.5 });
    expect(byId['q-missing']).toMatchObject({ answered: false, precision: 0, recall: 0, f1: 0 });
    expect(summary.categories.find((c: any) => c.category === 'members').f1).toBeCloseTo(0.4, 10);
    expect(summary.total).toMatchObject({
      questions: 5,
      answered: 4,
      calls: 3,
      refused: 1,
      outputTokens: 156,
      commandMs: 40,
    });
    expect(summary.total.f1).toBeCloseTo((0.8 + 4 / 7 + 0.8 + 0.5 + 0) / 5, 10);
    expect(stdout).toContain('| grep | 5 | 4 | 3 | 1 | 156 | 0.0 s | ');
  });

  it('splits calls, tokens and time over the questions each call served; calls without questions are unattributed', async () => {
    // The fixture log: 40 tokens/30 ms for q-loc + q-files, 100/10 for q-names, a refused 16/0 with no questions.
    const { summary, stdout } = await scoreFixture();
    expect(costByCategory(summary)).toEqual({
      definition: { calls: 0.5, outputTokens: 20, commandMs: 15 },
      references: { calls: 0.5, outputTokens: 20, commandMs: 15 },
      members: { calls: 1, outputTokens: 100, commandMs: 10 },
      'line-range': { calls: 0, outputTokens: 0, commandMs: 0 },
    });
    expect(summary.unattributed).toEqual({ calls: 1, outputTokens: 16, commandMs: 0 });
    expect(summary.perQuestion.find((row: any) => row.id === 'q-loc')).toMatchObject({
      calls: 0.5,
      outputTokens: 20,
      commandMs: 15,
    });
    expect(summary.total).toMatchObject({ calls: 3, outputTokens: 156, commandMs: 40 });
    expect(stdout).toContain('| definition | 1 | 0.5 | 20 | 0.0 s | 0.67 |');
    expect(stdout).toContain('| members | 2 | 1 | 100 | 0.0 s | ');
    expect(stdout).toContain('| unattributed | — | 1 | 16 | 0.0 s | — | — | — |');
  });

  it('counts the share of a question left out by --only as unattributed, so the rows still add up to the totals', async () => {
    const { summary } = await scoreFixture(['--only', 'q-loc']);
    expect(costByCategory(summary)).toEqual({ definition: { calls: 0.5, outputTokens: 20, commandMs: 15 } });
    expect(summary.unattributed).toEqual({ calls: 2.5, outputTokens: 136, commandMs: 25 });
    expect(summary.total).toMatchObject({ calls: 3, outputTokens: 156, commandMs: 40 });
  });

  it('still scores a log from before --q (no questions field): every call unattributed, totals as before', async () => {
    const oldLog = readFileSync(path.join(FIXTURE, 'run/log.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => {
        const { questions, ...entry } = JSON.parse(line);
        return JSON.stringify(entry);
      })
      .join('\n');
    const { summary } = await scoreFixture([], `${oldLog}\n`);
    expect(summary.categories.every((c: any) => c.calls === 0 && c.outputTokens === 0 && c.commandMs === 0)).toBe(true);
    expect(summary.unattributed).toEqual({ calls: 3, outputTokens: 156, commandMs: 40 });
    expect(summary.total).toMatchObject({ calls: 3, refused: 1, outputTokens: 156, commandMs: 40 });
  });

  it('says what is missing in one line when the run has no answers.json', async () => {
    const run = tempDir();
    const { stderr, exitCode } = await runScript('score.mjs', ['--run', run, ...FIXTURE_SCORE_ARGS]);
    expect(exitCode).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^score: no answers at .*answers\.json$/)]);
  });
});

describe('scripts/agent-eval runner', () => {
  it('refuses a program outside the agent tool set, logs it and exits 126', async () => {
    const { run } = runDirectory('grep');
    const { stdout, stderr, exitCode } = await runScript('run.mjs', [
      '--run',
      run,
      '--agent',
      'grep',
      '--',
      'node -e 1',
    ]);
    expect(exitCode).toBe(126);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      "run: refused: 'node' is not allowed for the grep agent (allowed: rg, grep, sed, awk, cat, head, tail, find, ls, wc)\n",
    );
    expect(logOf(run)).toEqual([
      expect.objectContaining({ agent: 'grep', command: 'node -e 1', exit: 126, refused: expect.any(String) }),
    ]);
  });

  it('refuses reading the truth, by name or through a path outside the corpus', async () => {
    const { run } = runDirectory('grep');
    for (const command of [
      'cat scripts/agent-eval/truth/hono.json',
      `rg -n hello ${path.join(REPO, 'scripts')}`,
      'cat ../../x/hono.json',
      'ls src; cat x',
    ]) {
      const { stderr, exitCode } = await runScript('run.mjs', ['--run', run, '--agent', 'grep', '--', command]);
      expect(exitCode, command).toBe(126);
      expect(stderr, command).toMatch(
        /^run: refused: (the eval truth|paths must stay inside the corpus|';' is not allowed)/,
      );
    }
    expect(logOf(run)).toHaveLength(4);
  });

  it('keeps each agent to its own tools: no grep for the cn agent, no pipes for the mcp agent, the union for both', async () => {
    const cn = runDirectory('cn');
    expect((await runScript('run.mjs', ['--run', cn.run, '--agent', 'cn', '--', 'rg hello'])).exitCode).toBe(126);
    expect((await runScript('run.mjs', ['--run', cn.run, '--agent', 'grep', '--', 'ls'])).stderr).toMatch(
      /is a cn run; --agent grep does not match/,
    );
    const mcp = runDirectory('mcp');
    const piped = await runScript('run.mjs', [
      '--run',
      mcp.run,
      '--agent',
      'mcp',
      '--',
      "mcp-call cn_status '{}' | wc -l",
    ]);
    expect(piped.exitCode).toBe(126);
    expect(piped.stderr).toContain('one mcp-call per command');
    const both = runDirectory('both');
    expect(
      (await runScript('run.mjs', ['--run', both.run, '--agent', 'both', '--', "ls | grep -c 'hello'"])).stdout,
    ).toBe('1\n');
    expect((await runScript('run.mjs', ['--run', both.run, '--agent', 'both', '--', 'node -e 1'])).exitCode).toBe(126);
  });

  it('mcp-call outside the runner says so in one line and exits 2, starting nothing', async () => {
    const { stderr, exitCode } = await runScript('mcp-call.mjs', ['cn_status', '{}']);
    expect(exitCode).toBe(2);
    expect(stderr).toBe('mcp-call: run me through scripts/agent-eval/run.mjs (CN_AGENT_EVAL_RUN is not set)\n');
  });

  it('runs an allowed pipeline in the corpus root, prints its output and logs size and tokens', async () => {
    const { run } = runDirectory('grep');
    const { stdout, exitCode } = await runScript('run.mjs', [
      '--run',
      run,
      '--agent',
      'grep',
      '--',
      "ls | grep -c 'hello'",
    ]);
    expect(exitCode).toBe(0);
    expect(stdout).toBe('1\n');
    const [entry] = logOf(run);
    expect(entry).toMatchObject({
      agent: 'grep',
      questions: [],
      command: "ls | grep -c 'hello'",
      exit: 0,
      bytes: 2,
      tokens: countTokens('1\n'),
    });
    expect(entry.refused).toBeUndefined();
    expect(typeof entry.ms).toBe('number');
  });

  it('logs the question ids given with --q (comma-separated, duplicates once), for calls run and refused', async () => {
    const { run } = runDirectory('grep');
    expect(
      (await runScript('run.mjs', ['--run', run, '--agent', 'grep', '--q', 'def-1,imp-2,def-1', '--', 'ls'])).exitCode,
    ).toBe(0);
    expect(
      (await runScript('run.mjs', ['--run', run, '--agent', 'grep', '--q', 'imp-1', '--stdin'], 'node -e 1\n'))
        .exitCode,
    ).toBe(126);
    expect(logOf(run)).toEqual([
      expect.objectContaining({ questions: ['def-1', 'imp-2'], command: 'ls', exit: 0 }),
      expect.objectContaining({ questions: ['imp-1'], command: 'node -e 1', exit: 126 }),
    ]);
  });

  it('refuses an unknown question id in one line with exit 2, running and logging nothing', async () => {
    const { run } = runDirectory('grep');
    const { stdout, stderr, exitCode } = await runScript('run.mjs', [
      '--run',
      run,
      '--agent',
      'grep',
      '--q',
      'def-1,no-such-q',
      '--',
      'ls',
    ]);
    expect(exitCode).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      "run: unknown question id 'no-such-q' for hono: use the ids of the brief's questions, e.g. --q def-1\n",
    );
    expect(existsSync(path.join(run, 'log.jsonl'))).toBe(false);
    const empty = await runScript('run.mjs', ['--run', run, '--agent', 'grep', '--q', '--', 'ls']);
    expect(empty.exitCode).toBe(2);
    expect(empty.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^run: --q needs question ids/)]);
  });

  it('takes the command from stdin with --stdin, quotes and all, and logs it as given', async () => {
    const { run } = runDirectory('grep');
    const command = "grep -c 'export const' hello.ts";
    const { stdout, exitCode } = await runScript(
      'run.mjs',
      ['--run', run, '--agent', 'grep', '--stdin'],
      `${command}\n`,
    );
    expect(exitCode).toBe(0);
    expect(stdout).toBe('1\n');
    expect(logOf(run)).toEqual([expect.objectContaining({ command, exit: 0 })]);
  });
  it('passes double-quoted words as bash does: a backslash stays unless it escapes " \\ ` $ (rg "\\w+" lost its \\)', async () => {
    const { run } = runDirectory('grep');
    const { stdout, exitCode } = await runScript(
      'run.mjs',
      ['--run', run, '--agent', 'grep', '--stdin'],
      'grep -c "export \\w\\+ \\"\\?" hello.ts\n',
    );
    expect(exitCode).toBe(0);
    expect(stdout).toBe('1\n');
  });
  it('takes ! as the plain character it is in bash -c (rg -g !*.test.ts, find ! -name), each word quoted', async () => {
    const { run } = runDirectory('grep');
    const { stdout, exitCode } = await runScript('run.mjs', [
      '--run',
      run,
      '--agent',
      'grep',
      '--',
      'find . -name hello.ts ! -name x',
    ]);
    expect(exitCode).toBe(0);
    expect(stdout).toBe('./hello.ts\n');
  });
  it('starts a run only on a named corpus and keeps it: --corpus is required for a new run and must match an old one', async () => {
    const run = path.join(tempDir(), 'new-run');
    const missing = await runScript('run.mjs', ['--run', run, '--agent', 'grep', '--', 'ls']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^run: a new run needs --corpus \(hono, mikro-orm\); usage: /),
    ]);
    expect(existsSync(path.join(run, 'meta.json'))).toBe(false);
    const unknown = await runScript('run.mjs', ['--run', run, '--agent', 'grep', '--corpus', 'nope', '--', 'ls']);
    expect(unknown.stderr).toBe("run: unknown corpus 'nope' (have: hono, mikro-orm)\n");
    const root = tempDir();
    const env = { CN_AGENT_EVAL_CORPUS_ROOT: root };
    const started = await runScript(
      'run.mjs',
      ['--run', run, '--agent', 'grep', '--corpus', 'mikro-orm', '--', 'ls'],
      '',
      env,
    );
    expect(started.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(path.join(run, 'meta.json'), 'utf8'))).toMatchObject({
      agent: 'grep',
      corpus: 'mikro-orm',
      root,
    });
    expect((await runScript('run.mjs', ['--run', run, '--agent', 'grep', '--', 'ls'], '', env)).exitCode).toBe(0);
    const other = await runScript(
      'run.mjs',
      ['--run', run, '--agent', 'grep', '--corpus', 'hono', '--', 'ls'],
      '',
      env,
    );
    expect(other.exitCode).toBe(2);
    expect(other.stderr).toBe(`run: ${run} is a run on mikro-orm; --corpus hono does not match\n`);
    expect(logOf(run)).toHaveLength(2);
  });
});

describe('scripts/agent-eval briefs', () => {
  it('writes cn, grep, mcp and both briefs per corpus and run label, naming the corpus in the run and the runner call', async () => {
    const out = tempDir();
    const { stderr, exitCode } = await runScript('make-briefs.mjs', [
      '--corpus',
      'mikro-orm',
      '--date',
      '2026-12-01',
      '--label',
      'a,b',
      '--checkout',
      '/checkout',
      '--out',
      out,
    ]);
    expect(exitCode, stderr).toBe(0);
    for (const label of ['a', 'b'])
      for (const agent of ['cn', 'grep', 'mcp', 'both']) {
        const brief = readFileSync(path.join(out, 'mikro-orm', label, `${agent}.md`), 'utf8');
        expect(brief).toContain(
          `node /checkout/scripts/agent-eval/run.mjs --run /checkout/scripts/agent-eval/runs/2026-12-01-${label}-mikro-orm-${agent} --agent ${agent} --corpus mikro-orm --q <ids>`,
        );
        expect(brief).toContain('You answer 34 questions about the TypeScript repository mikro-orm/mikro-orm');
      }
    const both = readFileSync(path.join(out, 'mikro-orm/a/both.md'), 'utf8');
    // Both tool sets, the guide an AGENTS.md would give, an example of each, and the choice left to the agent.
    expect(both).toContain('use either or both for each question, as you see fit');
    expect(both).toContain("cn find 'MikroORM' --no-refs --format compact");
    expect(both).toContain("rg -n 'export (class|interface) \\w+' packages/core/src | head -20");
    expect(both).toContain("How to use cn (its `cn guide`, as a project's AGENTS.md would give it)");
    const grep = readFileSync(path.join(out, 'mikro-orm/a/grep.md'), 'utf8');
    expect(grep).toContain('No cn.');
    expect(grep).not.toContain('cn guide');
    expect(grep).not.toContain("cn find 'MikroORM'");
  });

  it('scores a both run with its cross-checks listed', async () => {
    const run = tempDir();
    cpSync(path.join(FIXTURE, 'run'), run, { recursive: true });
    writeFileSync(
      path.join(run, 'meta.json'),
      JSON.stringify({
        agent: 'both',
        corpus: 'fixture',
        root: '/nonexistent/corpus',
        started: '2026-01-01T00:00:00.000Z',
      }),
    );
    const entry = (second: number, command: string) =>
      JSON.stringify({
        ts: `2026-01-01T00:00:0${second}.000Z`,
        agent: 'both',
        questions: ['q-files'],
        command,
        exit: 0,
        bytes: 1,
        tokens: 3,
        ms: 50,
      });
    writeFileSync(path.join(run, 'log.jsonl'), `${entry(1, 'cn find X --refs-only')}\n${entry(2, "rg -l 'X' src")}\n`);
    const { stdout, stderr, exitCode } = await runScript('score.mjs', ['--run', run, ...FIXTURE_SCORE_ARGS]);
    expect(exitCode, stderr).toBe(0);
    expect(stdout).toContain("| q-files | `cn find X --refs-only` | `rg -l 'X' src` | 0 | 3 |");
    const summary = JSON.parse(readFileSync(path.join(run, 'summary.json'), 'utf8'));
    expect(summary.total.crossChecks).toBe(1);
    expect(summary.categories.find((c: any) => c.category === 'references').crossChecks).toBe(1);
  });
});
