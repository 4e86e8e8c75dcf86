import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

function runScript(script: string, args: string[], input = ''): Promise<{ stdout: string; stderr: string; exitCode: number }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [path.join(REPO, 'scripts/agent-eval', script), ...args], { cwd: REPO, env: { ...process.env, NODE_OPTIONS: '' } }, (error, stdout, stderr) => {
      resolve({ stdout, stderr, exitCode: error ? (typeof error.code === 'number' ? error.code : 1) : 0 });
    });
    child.stdin?.end(input);
  });
}

/** A run directory that already belongs to `agent`, with its corpus root a temp dir holding one file. */
function runDirectory(agent: string): { run: string; root: string } {
  const root = tempDir();
  writeFileSync(path.join(root, 'hello.ts'), 'export const hello = 1\n');
  const run = tempDir();
  writeFileSync(path.join(run, 'meta.json'), JSON.stringify({ agent, corpus: 'hono', root, started: new Date(0).toISOString() }));
  return { run, root };
}

const logOf = (run: string) => readFileSync(path.join(run, 'log.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));

describe('scripts/agent-eval scorer', () => {
  it('scores every answer kind with the documented normalisation and sums the log', async () => {
    const run = tempDir();
    cpSync(path.join(FIXTURE, 'run'), run, { recursive: true });
    const { stdout, stderr, exitCode } = await runScript('score.mjs', ['--run', run, '--questions', path.join(FIXTURE, 'questions.json'), '--truth', path.join(FIXTURE, 'truth.json')]);
    expect(exitCode, stderr).toBe(0);
    const summary = JSON.parse(readFileSync(path.join(run, 'summary.json'), 'utf8'));
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
    expect(summary.total).toMatchObject({ questions: 5, answered: 4, calls: 3, refused: 1, outputTokens: 156, commandMs: 40 });
    expect(summary.total.f1).toBeCloseTo((0.8 + 4 / 7 + 0.8 + 0.5 + 0) / 5, 10);
    expect(stdout).toContain('| grep | 5 | 4 | 3 | 1 | 156 | 0.0 s | ');
  });

  it('says what is missing in one line when the run has no answers.json', async () => {
    const run = tempDir();
    const { stderr, exitCode } = await runScript('score.mjs', ['--run', run, '--questions', path.join(FIXTURE, 'questions.json'), '--truth', path.join(FIXTURE, 'truth.json')]);
    expect(exitCode).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^score: no answers at .*answers\.json$/)]);
  });
});

describe('scripts/agent-eval runner', () => {
  it('refuses a program outside the agent tool set, logs it and exits 126', async () => {
    const { run } = runDirectory('grep');
    const { stdout, stderr, exitCode } = await runScript('run.mjs', ['--run', run, '--agent', 'grep', '--', 'node -e 1']);
    expect(exitCode).toBe(126);
    expect(stdout).toBe('');
    expect(stderr).toBe("run: refused: 'node' is not allowed for the grep agent (allowed: rg, grep, sed, awk, cat, head, tail, find, ls, wc)\n");
    expect(logOf(run)).toEqual([expect.objectContaining({ agent: 'grep', command: 'node -e 1', exit: 126, refused: expect.any(String) })]);
  });

  it('refuses reading the truth, by name or through a path outside the corpus', async () => {
    const { run } = runDirectory('grep');
    for (const command of ['cat scripts/agent-eval/truth/hono.json', `rg -n hello ${path.join(REPO, 'scripts')}`, 'cat ../../x/hono.json', 'ls src; cat x']) {
      const { stderr, exitCode } = await runScript('run.mjs', ['--run', run, '--agent', 'grep', '--', command]);
      expect(exitCode, command).toBe(126);
      expect(stderr, command).toMatch(/^run: refused: (the eval truth|paths must stay inside the corpus|';' is not allowed)/);
    }
    expect(logOf(run)).toHaveLength(4);
  });

  it('keeps each agent to its own tools: no grep for the cn agent, no pipes for the mcp agent, the union for both', async () => {
    const cn = runDirectory('cn');
    expect((await runScript('run.mjs', ['--run', cn.run, '--agent', 'cn', '--', 'rg hello'])).exitCode).toBe(126);
    expect((await runScript('run.mjs', ['--run', cn.run, '--agent', 'grep', '--', 'ls'])).stderr).toMatch(/is a cn run; --agent grep does not match/);
    const mcp = runDirectory('mcp');
    const piped = await runScript('run.mjs', ['--run', mcp.run, '--agent', 'mcp', '--', "mcp-call cn_status '{}' | wc -l"]);
    expect(piped.exitCode).toBe(126);
    expect(piped.stderr).toContain('one mcp-call per command');
    const both = runDirectory('both');
    expect((await runScript('run.mjs', ['--run', both.run, '--agent', 'both', '--', "ls | grep -c 'hello'"])).stdout).toBe('1\n');
    expect((await runScript('run.mjs', ['--run', both.run, '--agent', 'both', '--', 'node -e 1'])).exitCode).toBe(126);
  });

  it('mcp-call outside the runner says so in one line and exits 2, starting nothing', async () => {
    const { stderr, exitCode } = await runScript('mcp-call.mjs', ['cn_status', '{}']);
    expect(exitCode).toBe(2);
    expect(stderr).toBe('mcp-call: run me through scripts/agent-eval/run.mjs (CN_AGENT_EVAL_RUN is not set)\n');
  });

  it('runs an allowed pipeline in the corpus root, prints its output and logs size and tokens', async () => {
    const { run } = runDirectory('grep');
    const { stdout, exitCode } = await runScript('run.mjs', ['--run', run, '--agent', 'grep', '--', "ls | grep -c 'hello'"]);
    expect(exitCode).toBe(0);
    expect(stdout).toBe('1\n');
    const [entry] = logOf(run);
    expect(entry).toMatchObject({ agent: 'grep', command: "ls | grep -c 'hello'", exit: 0, bytes: 2, tokens: countTokens('1\n') });
    expect(entry.refused).toBeUndefined();
    expect(typeof entry.ms).toBe('number');
  });

  it('takes the command from stdin with --stdin, quotes and all, and logs it as given', async () => {
    const { run } = runDirectory('grep');
    const command = "grep -c 'export const' hello.ts";
    const { stdout, exitCode } = await runScript('run.mjs', ['--run', run, '--agent', 'grep', '--stdin'], `${command}\n`);
    expect(exitCode).toBe(0);
    expect(stdout).toBe('1\n');
    expect(logOf(run)).toEqual([expect.objectContaining({ command, exit: 0 })]);
  });
});
