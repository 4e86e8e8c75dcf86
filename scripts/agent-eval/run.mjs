#!/usr/bin/env node
// The one door every agent command goes through: checks the command against the agent's tool set
// (lib/command-policy.mjs), runs it with the corpus as cwd, prints its output unchanged, and appends
// one JSONL record to <run>/log.jsonl: { ts, agent, questions, command, exit, bytes, tokens (o200k), ms }.
//   node scripts/agent-eval/run.mjs --run <dir> --agent <agent> --corpus <corpus> [--q <id>[,<id>…]] -- '<command>'
//   node scripts/agent-eval/run.mjs --run <dir> --agent <agent> --corpus <corpus> [--q <id>[,<id>…]] --stdin <<'EOF'
//   (command on stdin: a quoted heredoc spares the agent nesting quotes)
// The run directory remembers its agent and corpus (meta.json, written by the first call, which must
// name the corpus); a later call naming another agent or corpus is refused.
// --q names the question(s) the command serves, so score.mjs can split the cost per category;
// without it the call is logged with `questions: []` (unattributed).
// Exit code: the command's own; 126 when the command is refused (the reason is on stderr); 2 for a
// usage error, e.g. an id that is not in the run's question file (nothing is run or logged).
import { spawn } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { parseScriptArgs } from '../lib/cli-args.mjs';
import { AGENT_EVAL_DIR, CN_BIN, CORPORA, CORPUS_NAMES, corpusRoot } from './corpus.mjs';
import { parsePipeline, refusalFor, shellCommand } from './lib/command-policy.mjs';
import { loadQuestions, questionsPath } from './lib/questions.mjs';

const REFUSED = 126;
const USAGE = `usage: run.mjs --run <dir> --agent <cn|grep|mcp|both> --corpus <${CORPUS_NAMES.join('|')}> [--q <id>[,<id>…]] (-- '<command>' | --stdin)`;
const TIMEOUT_MS = 180_000;

function fail(message, code = 2) {
  process.stderr.write(`run: ${message}\n`);
  process.exit(code);
}

function parseArguments(argv) {
  // Everything after the first `--` is the command, whatever it looks like.
  const separator = argv.indexOf('--');
  const { values } = parseScriptArgs(
    'run',
    separator < 0 ? argv : argv.slice(0, separator),
    {
      run: { type: 'string' },
      agent: { type: 'string' },
      corpus: { type: 'string' },
      q: { type: 'string' },
      stdin: { type: 'boolean', default: false },
    },
    { usage: USAGE, needs: { q: 'question ids, e.g. --q def-1 or --q imp-1,imp-2' } },
  );
  const { run, agent, corpus, stdin: fromStdin } = values;
  if (!run || !agent || fromStdin === (separator >= 0 && separator < argv.length - 1)) fail(USAGE);
  if (corpus !== undefined && !Object.hasOwn(CORPORA, corpus))
    fail(`unknown corpus '${corpus}' (have: ${CORPUS_NAMES.join(', ')})`);
  const questionIds = values.q === undefined ? [] : parseQuestionIds(values.q);
  if (fromStdin)
    return {
      run: path.resolve(run),
      agent,
      corpus,
      questionIds,
      command: readFileSync(0, 'utf8').replace(/\r?\n$/, ''),
    };
  // One argument is a shell string; several were already split by the caller's shell, so each is
  // re-quoted to stay one word.
  const words = argv.slice(separator + 1);
  const requote = (word) => (/^[\w./,:=@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'"'"'`)}'`);
  return {
    run: path.resolve(run),
    agent,
    corpus,
    questionIds,
    command: words.length === 1 ? words[0] : words.map(requote).join(' '),
  };
}

/** `--q def-1,imp-2` → ['def-1', 'imp-2'] (order kept, duplicates once). */
function parseQuestionIds(list) {
  const ids = [
    ...new Set(
      (list ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0) fail(`--q needs question ids, e.g. --q def-1 or --q imp-1,imp-2; ${USAGE}`);
  return ids;
}

function readMeta(run) {
  const metaFile = path.join(run, 'meta.json');
  return existsSync(metaFile) ? JSON.parse(readFileSync(metaFile, 'utf8')) : undefined;
}

/** Refuses (before anything runs or is logged) ids that are not in the run's question file. */
function checkQuestionIds(ids, corpus) {
  if (ids.length === 0) return;
  if (!Object.hasOwn(CORPORA, corpus)) fail(`the run's meta.json names an unknown corpus '${corpus}'`);
  const known = new Set(loadQuestions(questionsPath(corpus)).questions.map((q) => q.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0)
    fail(
      `unknown question id${unknown.length > 1 ? 's' : ''} ${unknown.map((id) => `'${id}'`).join(', ')} for ${corpus}: use the ids of the brief's questions, e.g. --q ${[...known][0]}`,
    );
}

/**
 * The corpus of the call: the run's (meta.json), which --corpus must match when given; a new run
 * must name it, so a brief's first call cannot silently start a run on another corpus.
 */
function corpusOf(run, corpus, existing) {
  if (!existing) return corpus ?? fail(`a new run needs --corpus (${CORPUS_NAMES.join(', ')}); ${USAGE}`);
  if (corpus !== undefined && corpus !== existing.corpus)
    fail(`${run} is a run on ${existing.corpus}; --corpus ${corpus} does not match`);
  return existing.corpus;
}

/** The run directory remembers its agent and corpus: one run, one tool set, one repository. */
function openRun(run, agent, corpus, existing) {
  if (existing) {
    if (existing.agent !== agent) fail(`${run} is a ${existing.agent} run; --agent ${agent} does not match`);
    return existing;
  }
  mkdirSync(run, { recursive: true });
  const metaFile = path.join(run, 'meta.json');
  const root = corpusRoot(corpus);
  if (!existsSync(root))
    fail(`no corpus at ${root}: run scripts/agent-eval/prepare-corpus.mjs --corpus ${corpus} first`);
  const meta = { agent, corpus, root, started: new Date().toISOString() };
  writeFileSync(metaFile, `${JSON.stringify(meta, null, 1)}\n`, { flag: 'wx' });
  return meta;
}

/** `cn` and `mcp-call` on PATH for the command, pointing at this checkout's built tools. */
function shimDirectory(run) {
  const bin = path.join(run, '.bin');
  const shims = { cn: CN_BIN, 'mcp-call': path.join(AGENT_EVAL_DIR, 'mcp-call.mjs') };
  mkdirSync(bin, { recursive: true });
  for (const [name, script] of Object.entries(shims)) {
    const file = path.join(bin, name);
    if (!existsSync(file)) {
      writeFileSync(file, `#!/bin/sh\nexec "${process.execPath}" "${script}" "$@"\n`, { flag: 'wx' });
      chmodSync(file, 0o755);
    }
  }
  return bin;
}

function record(run, entry) {
  appendFileSync(path.join(run, 'log.jsonl'), `${JSON.stringify(entry)}\n`);
}

const { run, agent, corpus: corpusOption, questionIds, command } = parseArguments(process.argv.slice(2));
const existingMeta = readMeta(run);
const corpus = corpusOf(run, corpusOption, existingMeta);
checkQuestionIds(questionIds, corpus);
const meta = openRun(run, agent, corpus, existingMeta);
const started = Date.now();
const refusal = refusalFor(agent, command);
if (refusal) {
  const message = `run: refused: ${refusal}\n`;
  process.stderr.write(message);
  record(run, {
    ts: new Date(started).toISOString(),
    agent,
    questions: questionIds,
    command,
    exit: REFUSED,
    bytes: Buffer.byteLength(message),
    tokens: countTokens(message),
    ms: 0,
    refused: refusal,
  });
  process.exit(REFUSED);
}

const child = spawn('/bin/bash', ['--noprofile', '--norc', '-c', shellCommand(parsePipeline(command))], {
  cwd: meta.root,
  env: {
    PATH: `${shimDirectory(run)}:${process.env.PATH}`,
    HOME: process.env.HOME,
    LANG: 'C.UTF-8',
    CN_AGENT_EVAL_CORPUS_ROOT: meta.root,
    CN_AGENT_EVAL_RUN: run,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true, // its own process group, so a timeout ends the whole pipeline
});
const chunks = [];
// The agent may stop reading early (EPIPE); the command still runs to the end and is logged.
process.stdout.on('error', () => {});
process.stderr.on('error', () => {});
child.stdout.on('data', (chunk) => {
  chunks.push(chunk);
  process.stdout.write(chunk);
});
child.stderr.on('data', (chunk) => {
  chunks.push(chunk);
  process.stderr.write(chunk);
});
const timer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), TIMEOUT_MS);
child.on('close', (code, signal) => {
  clearTimeout(timer);
  const output = Buffer.concat(chunks);
  const exit = code ?? (signal ? 128 + 9 : 1);
  record(run, {
    ts: new Date(started).toISOString(),
    agent,
    questions: questionIds,
    command,
    exit,
    bytes: output.length,
    tokens: countTokens(output.toString('utf8')),
    ms: Date.now() - started,
  });
  process.exit(exit);
});
