#!/usr/bin/env node
// Writes the agent briefs (briefs/{cn,grep,mcp,both}.md): self-contained prompts with the corpus
// path, the runner invocation (with --q, the question ids each call serves), the allowed tools, the questions (id,
// category, text, answer kind —
// never the recipe or the truth) and the answer format. The cn brief embeds `cn guide` from the
// built CLI, as an AGENTS.md would. Paths are absolute for this checkout: rerun after moving it.
//   node scripts/agent-eval/make-briefs.mjs [--date YYYY-MM-DD]
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseScriptArgs, usageError } from '../lib/cli-args.mjs';
import { AGENT_EVAL_DIR, CN_BIN, CORPORA, DEFAULT_CORPUS, corpusRoot } from './corpus.mjs';
import { ALLOWED } from './lib/command-policy.mjs';
import { loadQuestions, questionsPath } from './lib/questions.mjs';

const { values: options } = parseScriptArgs('make-briefs', process.argv.slice(2), {
  date: { type: 'string', default: new Date().toISOString().slice(0, 10) },
});
if (!/^\d{4}-\d{2}-\d{2}$/.test(options.date))
  usageError('make-briefs', `--date takes YYYY-MM-DD, not '${options.date}'`);
const date = options.date;
const corpus = CORPORA[DEFAULT_CORPUS];
const root = corpusRoot(DEFAULT_CORPUS);
const { questions, scope } = loadQuestions(questionsPath(DEFAULT_CORPUS));
const runner = path.join(AGENT_EVAL_DIR, 'run.mjs');

const cnGuide = `How to use cn (its \`cn guide\`, as a project's AGENTS.md would give it):\n\n${execFileSync(process.execPath, [CN_BIN, 'guide'], { encoding: 'utf8' }).trim()}\n\n\`cn <command> --help\` lists every option.`;
const pipelineRules =
  'one pipeline per call (`|` between allowed tools is fine). No scripts, no redirections, no `;`/`&&`, no `$` or backticks outside single quotes; `sed -i`, `find -exec`, `awk` system()/getline and `rg --pre` are refused. Quote regexes in single quotes.';
const textTools = ALLOWED.grep.map((tool) => `\`${tool}\``).join(', ');

const TOOLS = {
  cn: `Only \`cn\` (this project's code navigator; pipes between cn commands are fine, e.g. \`cn find X --refs-only --format ids | cn inspect -\`). No rg, grep, cat or any other program. ${cnGuide}`,
  grep: `Only ${textTools}, ${pipelineRules} No cn.`,
  mcp: 'Only cn\'s MCP tools, called through `mcp-call <tool> \'<json arguments>\'` (one call per command, no pipes). Start with `mcp-call --list`: it prints every tool with its description and input schema, as an MCP client would put them in your context. Example: `mcp-call cn_find \'{"query":"Hono","refs":"none"}\'`.',
  both: `\`cn\` and ${textTools}, whichever fits each question; ${pipelineRules} ${cnGuide}`,
};

function brief(agent) {
  const run = path.join(AGENT_EVAL_DIR, 'runs', `${date}-${agent}`);
  const lines = [
    `# Code-navigation questions on ${corpus.repository} (${agent} agent)`,
    '',
    `You answer ${questions.length} questions about the TypeScript repository ${corpus.repository} at commit ${corpus.commit}, checked out at \`${root}\`. Answer from what the tools show you; accuracy first, then economy: every call and every token of output is counted.`,
    '',
    '## How to run commands',
    '',
    'Run EVERY command through the eval runner, exactly like this (one command string, in single quotes; the runner runs it with the checkout as the working directory, so use paths relative to it such as `src/index.ts`):',
    '',
    '```sh',
    `node ${runner} --run ${run} --agent ${agent} --q <ids> -- '<command>'`,
    '```',
    '',
    `Add \`--q <ids>\` to every call: the id(s) of the question(s) below that the command serves, comma-separated when it serves several (e.g. \`--q ${questions[0].id}\` or \`--q ${questions[0].id},${questions[1].id}\`). Each call's cost is counted against those questions; an unknown id is refused (exit 2) and nothing runs.`,
    '',
    'When the command itself contains single quotes, pass it on stdin with a quoted heredoc instead (nothing in it is expanded by your shell):',
    '',
    '```sh',
    `node ${runner} --run ${run} --agent ${agent} --q ${questions[0].id} --stdin <<'CMD'`,
    agent === 'mcp'
      ? `mcp-call cn_find '{"query":"Hono","refs":"none"}'`
      : agent === 'cn' || agent === 'both'
        ? `cn find 'Hono' --no-refs --format compact`
        : `rg -n 'export (class|interface) \\w+' src | head -20`,
    'CMD',
    '```',
    '',
    'No other shell use and no other way of reading the repository (no file-reading or search tools of your own). The runner logs each command, prints its output unchanged and refuses (exit 126, reason on stderr) anything outside your tools.',
    '',
    '## Your tools',
    '',
    TOOLS[agent],
    '',
    '## Off-limits',
    '',
    `Do not read, search or ask about \`${path.join(AGENT_EVAL_DIR, 'truth')}\`, \`${path.join(AGENT_EVAL_DIR, 'questions')}\`, the scorer or the other scripts in \`${AGENT_EVAL_DIR}\`, nor other runs' directories. Everything you need is in this brief.`,
    '',
    '## Answer format',
    '',
    `Scope: ${scope}`,
    '',
    '- `locations`: `path:line` strings (1-based line). For a declaration, the line of its name (a line of its JSDoc or decorator also counts); for a call site, the line of the called name.',
    '- `files`: file paths.',
    '- `names`: bare names, case-sensitive.',
    '- `line-range`: one `path:start-end` string.',
    '',
    `When you are done, write \`${path.join(run, 'answers.json')}\` (the one file you write, with your file-writing tool): a JSON object mapping every question id to an array of strings, e.g. \`{"def-1": ["src/x.ts:12"], "imp-1": ["src/a.ts", "src/b.ts"]}\`. Use \`[]\` when the answer is that there is none. Extra answers cost precision, missing ones recall.`,
    '',
    '## Questions',
    '',
    ...questions.map((q) => `- **${q.id}** (${q.category}; answer: ${q.answerKind}) ${q.question}`),
    '',
  ];
  return lines.join('\n');
}

for (const agent of Object.keys(TOOLS)) {
  const file = path.join(AGENT_EVAL_DIR, 'briefs', `${agent}.md`);
  writeFileSync(file, brief(agent));
  process.stderr.write(`wrote ${path.relative(process.cwd(), file)}\n`);
}
