#!/usr/bin/env node
// recall@5 of `cn search` on the agent eval's no-name questions (category behaviour): each question's text is
// asked verbatim, as an agent might paste it, through the built CLI, and its truth (truth/hono.json) is looked
// for among the first results with the scorer's own location rule. Runs on a temporary copy of the corpus (its
// own daemon, stopped at the end), so an evaluation using the cached checkout is never disturbed:
//   node scripts/search/recall.mjs [--corpus-root <hono checkout>] [--limit 10]
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseScriptArgs, wholeNumber } from '../lib/cli-args.mjs';
import { AGENT_EVAL_DIR, CN_BIN, corpusRoot } from '../agent-eval/corpus.mjs';
import { loadQuestions, questionsPath } from '../agent-eval/lib/questions.mjs';
import { scoreAnswers } from '../agent-eval/lib/scoring.mjs';

const { values: options } = parseScriptArgs('recall', process.argv.slice(2), {
  'corpus-root': { type: 'string' },
  limit: { type: 'string', default: '10' },
});
const limit = wholeNumber('recall', '--limit', options.limit);
const source = options['corpus-root'] ?? corpusRoot('hono');
const root = mkdtempSync(path.join(os.tmpdir(), 'cn-recall-'));
cpSync(source, root, { recursive: true, filter: (file) => path.basename(file) !== '.ts-search-daemon.json' });

const cn = (...args) =>
  execFileSync(process.execPath, [CN_BIN, ...args, '--root', root], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
/** cn search exits 1 when nothing matches: the JSON answer is what counts. */
const search = (query) => {
  const args = ['search', query, '--limit', String(limit), '--format', 'json', '--root', root];
  const { stdout, stderr, status } = spawnSync(process.execPath, [CN_BIN, ...args], { encoding: 'utf8' });
  if (status !== 0 && status !== 1) throw new Error(`cn ${args.join(' ')} exited ${status}: ${stderr.trim()}`);
  return JSON.parse(stdout);
};

try {
  // Loading hono takes seconds on a quiet machine and minutes on a busy one.
  cn('start', '--timeout', '900000');
  // The index builds in the background once the project is loaded: ask until an answer says it is complete.
  const deadline = Date.now() + 10 * 60_000;
  while (!search('index').complete) {
    if (Date.now() > deadline) throw new Error('the search index was not complete after 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const questions = loadQuestions(questionsPath('hono')).questions.filter((q) => q.category === 'behaviour');
  const truth = JSON.parse(readFileSync(path.join(AGENT_EVAL_DIR, 'truth', 'hono.json'), 'utf8')).truth;
  const rows = questions.map((q) => {
    const answer = search(q.question);
    const ids = answer.results.map((hit) => hit.id);
    const rank = ids.findIndex((id) => scoreAnswers('locations', truth[q.id], [id], root).recall === 1) + 1;
    const top = answer.results[0];
    return {
      id: q.id,
      truth: truth[q.id].join(' '),
      rank,
      top: top ? `${top.container ? `${top.container}.` : ''}${top.name}` : '',
    };
  });
  const within = (n) => rows.filter((row) => row.rank > 0 && row.rank <= n).length;
  const mrr = rows.reduce((sum, row) => sum + (row.rank > 0 ? 1 / row.rank : 0), 0) / rows.length;
  console.log(`| question | truth | rank of truth (top ${limit}) | first result |\n|---|---|---:|---|`);
  for (const row of rows) console.log(`| ${row.id} | ${row.truth} | ${row.rank || 'not found'} | ${row.top} |`);
  console.log(
    `\nrecall@1 ${within(1)}/${rows.length}, recall@5 ${within(5)}/${rows.length}, recall@${limit} ${within(limit)}/${rows.length}, MRR ${mrr.toFixed(2)}`,
  );
} finally {
  try {
    cn('stop');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
