#!/usr/bin/env node
// Computes truth/<corpus>.json from questions/<corpus>.json with the TypeScript compiler API of this
// repository (no cn involved), and cross-checks every answer with a second, independent method.
// The two must agree under the scorer's own matching rules (F1 = 1); otherwise this exits 1 and
// writes nothing, printing both sets. Run after prepare-corpus.mjs:
//   node scripts/agent-eval/build-truth.mjs [--corpus hono] [--only id,id] [--print]
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { commaList, parseScriptArgs, usageError } from '../lib/cli-args.mjs';
import { AGENT_EVAL_DIR, CORPORA, DEFAULT_CORPUS, corpusRoot } from './corpus.mjs';
import { createProject, ts } from './lib/project.mjs';
import { loadQuestions, questionsPath } from './lib/questions.mjs';
import { RECIPES } from './lib/recipes.mjs';
import { scoreAnswers } from './lib/scoring.mjs';

const { values: options } = parseScriptArgs('build-truth', process.argv.slice(2), {
  corpus: { type: 'string', default: DEFAULT_CORPUS },
  only: { type: 'string' },
  print: { type: 'boolean', default: false },
});
const corpusName = options.corpus;
if (!CORPORA[corpusName])
  usageError('build-truth', `unknown corpus '${corpusName}' (have: ${Object.keys(CORPORA).join(', ')})`);
const only = commaList(options.only);
const root = corpusRoot(corpusName);
const { questions } = loadQuestions(questionsPath(corpusName));
const project = createProject(corpusName, root);
process.stderr.write(`${project.scopeFiles.length} files in scope under ${root}\n`);

const truth = {};
const crossChecks = {};
let failures = 0;
for (const q of questions.filter((question) => !only || only.includes(question.id))) {
  const recipe = RECIPES[q.recipe.kind];
  if (!recipe) throw new Error(`${q.id}: unknown recipe '${q.recipe.kind}'`);
  const primary = [...recipe.primary(project, q)].sort();
  const second = [...recipe.second(project, q)].sort();
  const check = scoreAnswers(q.answerKind, primary, second);
  const agrees = check.f1 === 1 && primary.length > 0;
  crossChecks[q.id] = { method: q.recipe.kind, primary: primary.length, second: second.length, f1: check.f1 };
  process.stderr.write(
    `${agrees ? 'ok  ' : 'FAIL'} ${q.id} (${q.recipe.kind}): ${primary.length} answers, second method ${second.length}, agreement F1 ${check.f1.toFixed(2)}\n`,
  );
  if (options.print || !agrees)
    process.stderr.write(`     primary: ${primary.join(' ')}\n     second:  ${second.join(' ')}\n`);
  if (!agrees) failures += 1;
  truth[q.id] = primary;
}
if (failures > 0) {
  process.stderr.write(`build-truth: ${failures} question(s) without agreement; truth not written\n`);
  process.exit(1);
}
if (!only) {
  const target = path.join(AGENT_EVAL_DIR, 'truth', `${corpusName}.json`);
  mkdirSync(path.dirname(target), { recursive: true });
  const corpus = CORPORA[corpusName];
  const document = {
    corpus: `${corpus.repository}@${corpus.commit}`,
    typescript: ts.version,
    generatedBy: 'scripts/agent-eval/build-truth.mjs',
    crossChecks,
    truth,
  };
  writeFileSync(target, `${JSON.stringify(document, null, 1)}\n`);
  process.stderr.write(`wrote ${path.relative(process.cwd(), target)}\n`);
}
