#!/usr/bin/env node
// Writes the agent briefs, briefs/<corpus>/[<label>/]{cn,grep,mcp,both}.md: self-contained prompts with
// the corpus path, the runner invocation (with --corpus and --q, the question ids each call serves),
// the allowed tools, the questions (id, category, text, answer kind — never the recipe or the truth)
// and the answer format. The cn and both briefs embed `cn guide` from the built CLI, as an AGENTS.md
// would. Each brief names its run directory, runs/<date>-[<label>-]<corpus>-<agent>; a label per run
// (`--label a,b`) gives each of several runs on one day its own briefs and directory. Paths are
// absolute, for the checkout the agents will use (`--checkout`, default this one): rerun after moving it.
// `--out` writes the briefs elsewhere than briefs/ (the smoke test does).
//   node scripts/agent-eval/make-briefs.mjs [--corpus hono,mikro-orm] [--date YYYY-MM-DD] [--label a,b]
//     [--checkout dir] [--out dir]
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { commaList, parseScriptArgs, usageError } from '../lib/cli-args.mjs';
import { AGENT_EVAL_DIR, CN_BIN, CORPORA, CORPUS_NAMES, REPO, corpusRoot } from './corpus.mjs';
import { ALLOWED } from './lib/command-policy.mjs';
import { loadQuestions, questionsPath } from './lib/questions.mjs';

const { values: options } = parseScriptArgs('make-briefs', process.argv.slice(2), {
  date: { type: 'string', default: new Date().toISOString().slice(0, 10) },
  corpus: { type: 'string' },
  label: { type: 'string' },
  checkout: { type: 'string' },
  out: { type: 'string' },
});
if (!/^\d{4}-\d{2}-\d{2}$/.test(options.date))
  usageError('make-briefs', `--date takes YYYY-MM-DD, not '${options.date}'`);
const corpora = commaList(options.corpus) ?? CORPUS_NAMES;
const unknown = corpora.find((name) => !Object.hasOwn(CORPORA, name));
if (unknown) usageError('make-briefs', `unknown corpus '${unknown}' (have: ${CORPUS_NAMES.join(', ')})`);
const labels = commaList(options.label) ?? [undefined];
const badLabel = labels.find((label) => label !== undefined && !/^[a-z0-9]+$/.test(label));
if (badLabel !== undefined) usageError('make-briefs', `--label takes letters and digits, not '${badLabel}'`);
// The briefs name the runner and run directories of the checkout the agents will use.
const evalDir = path.join(path.resolve(options.checkout ?? REPO), path.relative(REPO, AGENT_EVAL_DIR));
const runner = path.join(evalDir, 'run.mjs');

const cnGuide = `How to use cn (its \`cn guide\`, as a project's AGENTS.md would give it):\n\n${execFileSync(process.execPath, [CN_BIN, 'guide'], { encoding: 'utf8' }).trim()}\n\n\`cn <command> --help\` lists every option.`;
const pipelineRules =
  'one pipeline per call (`|` between allowed tools is fine). No scripts, no redirections, no `;`/`&&`, no `$` or backticks outside single quotes; `sed -i`, `find -exec`, `awk` system()/getline and `rg --pre` are refused. Quote regexes in single quotes.';
const textTools = ALLOWED.grep.map((tool) => `\`${tool}\``).join(', ');

/** Each agent's tool set, in words; `example` is the corpus's (corpus.mjs). */
const TOOLS = {
  cn: () =>
    `Only \`cn\` (this project's code navigator; pipes between cn commands are fine, e.g. \`cn find X --refs-only --format ids | cn inspect -\`). No rg, grep, cat or any other program. ${cnGuide}`,
  grep: () => `Only ${textTools}, ${pipelineRules} No cn.`,
  mcp: (example) =>
    `Only cn's MCP tools, called through \`mcp-call <tool> '<json arguments>'\` (one call per command, no pipes). Start with \`mcp-call --list\`: it prints every tool with its description and input schema, as an MCP client would put them in your context. Example: \`mcp-call cn_find '{"query":"${example.name}","refs":"none"}'\`.`,
  // The mixed agent: both tool sets and the guide, and no word for or against either.
  both: () =>
    `\`cn\` (this project's code navigator) and ${textTools}: use either or both for each question, as you see fit; ${pipelineRules} ${cnGuide}`,
};

/** Example commands with single quotes, shown in the heredoc form: the agent's own tools only. */
function heredocExamples(agent, example) {
  const cn = `cn find '${example.name}' --no-refs --format compact`;
  const grep = `rg -n 'export (class|interface) \\w+' ${example.directory} | head -20`;
  const mcp = `mcp-call cn_find '{"query":"${example.name}","refs":"none"}'`;
  return { cn: [cn], grep: [grep], mcp: [mcp], both: [cn, grep] }[agent];
}

function brief({ corpusName, agent, run }) {
  const corpus = CORPORA[corpusName];
  const { questions, scope } = loadQuestions(questionsPath(corpusName));
  const invocation = `node ${runner} --run ${run} --agent ${agent} --corpus ${corpusName}`;
  const idOf = (kind) => questions.find((q) => q.answerKind === kind).id;
  const dir = corpus.example.directory;
  const lines = [
    `# Code-navigation questions on ${corpus.repository} (${agent} agent)`,
    '',
    `You answer ${questions.length} questions about the TypeScript repository ${corpus.repository} at commit ${corpus.commit}, checked out at \`${corpusRoot(corpusName)}\`. Answer from what the tools show you; accuracy first, then economy: every call and every token of output is counted.`,
    '',
    '## How to run commands',
    '',
    `Run EVERY command through the eval runner, exactly like this (one command string, in single quotes; the runner runs it with the checkout as the working directory, so use paths relative to it such as \`${corpus.example.file}\`):`,
    '',
    '```sh',
    `${invocation} --q <ids> -- '<command>'`,
    '```',
    '',
    `Add \`--q <ids>\` to every call: the id(s) of the question(s) below that the command serves, comma-separated when it serves several (e.g. \`--q ${questions[0].id}\` or \`--q ${questions[0].id},${questions[1].id}\`). Each call's cost is counted against those questions; an unknown id is refused (exit 2) and nothing runs.`,
    '',
    'When the command itself contains single quotes, pass it on stdin with a quoted heredoc instead (nothing in it is expanded by your shell):',
    '',
    ...heredocExamples(agent, corpus.example).flatMap((command) => [
      '```sh',
      `${invocation} --q ${questions[0].id} --stdin <<'CMD'`,
      command,
      'CMD',
      '```',
      '',
    ]),
    'No other shell use and no other way of reading the repository (no file-reading or search tools of your own). The runner logs each command, prints its output unchanged and refuses (exit 126, reason on stderr) anything outside your tools.',
    '',
    '## Your tools',
    '',
    TOOLS[agent](corpus.example),
    '',
    '## Off-limits',
    '',
    `Do not read, search or ask about \`${path.join(evalDir, 'truth')}\`, \`${path.join(evalDir, 'questions')}\`, the scorer or the other scripts in \`${evalDir}\`, nor other runs' directories. Everything you need is in this brief.`,
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
    `When you are done, write \`${path.join(run, 'answers.json')}\` (the one file you write, with your file-writing tool): a JSON object mapping every question id to an array of strings, e.g. \`{"${idOf('locations')}": ["${dir}/x.ts:12"], "${idOf('files')}": ["${dir}/a.ts", "${dir}/b.ts"]}\`. Use \`[]\` when the answer is that there is none. Extra answers cost precision, missing ones recall.`,
    '',
    '## Questions',
    '',
    ...questions.map((q) => `- **${q.id}** (${q.category}; answer: ${q.answerKind}) ${q.question}`),
    '',
  ];
  return lines.join('\n');
}

for (const corpusName of corpora) {
  for (const label of labels) {
    const directory = path.join(
      path.resolve(options.out ?? path.join(AGENT_EVAL_DIR, 'briefs')),
      corpusName,
      ...(label ? [label] : []),
    );
    mkdirSync(directory, { recursive: true });
    for (const agent of Object.keys(TOOLS)) {
      const runName = [options.date, label, corpusName, agent].filter(Boolean).join('-');
      const file = path.join(directory, `${agent}.md`);
      writeFileSync(file, brief({ corpusName, agent, run: path.join(evalDir, 'runs', runName) }));
      process.stderr.write(`wrote ${path.relative(process.cwd(), file)}\n`);
    }
  }
}
