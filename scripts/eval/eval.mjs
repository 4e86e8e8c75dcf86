#!/usr/bin/env node
// Does cn save an agent tokens and calls without losing accuracy? Every question is answered twice,
// with no LLM: by the grep/read baseline and by cn. Both are scored against the compiler-API ground
// truth (build-ground-truth.mjs) with precision, recall and F1; tool calls and output tokens are
// counted per strategy.
//   npm run build && node scripts/eval/eval.mjs [--corpus rxjs,fixture:test/fixtures/ts-multi] [--category refs,…]
import { prepareCorpus, removeCorpus } from '../bench/corpora.mjs';
import { BASELINE } from './baseline.mjs';
import { CN, detectFeatures } from './cn-strategy.mjs';
import { CATEGORIES, loadQuestions, loadTruth } from './questions.mjs';
import { printQuestionTable, printSummary } from './report.mjs';
import { SEARCH_TOOL, Transcript, runCn } from './tools.mjs';
import { machineLine } from '../bench/report.mjs';
import { commaList, parseScriptArgs, usageError } from '../lib/cli-args.mjs';

const options = parseArguments(process.argv.slice(2));
const questions = loadQuestions().filter(
  (q) => options.corpora.includes(q.corpus) && options.categories.includes(q.category),
);
const rows = [];
let features;
for (const corpusName of options.corpora) {
  const corpus = prepareCorpus(corpusName);
  try {
    const truth = loadTruth(corpusName);
    features = detectFeatures(corpus.root);
    const started = runCn(['start'], corpus.root);
    if (started.status !== 0) throw new Error(`cn start failed on ${corpus.spec}: ${started.stderr.trim()}`);
    for (const question of questions.filter((q) => q.corpus === corpusName)) {
      process.stderr.write(`eval: ${question.id}\n`);
      rows.push(answer(question, corpus.root, new Set(truth[question.id]), features));
    }
  } finally {
    runCn(['stop'], corpus.root);
    removeCorpus(corpus);
  }
}
console.log(`\n## cn eval — ${machineLine()}`);
console.log(
  `baseline: ${SEARCH_TOOL} + numbered file reads; cn output format seen by the agent: ${features?.format ?? 'json'}; tokens: o200k_base\n`,
);
printQuestionTable(rows);
printSummary(rows);

function answer(question, root, truth, features) {
  const baseline = new Transcript();
  const baselineAnswer = BASELINE[question.category](baseline, root, question);
  const cn = new Transcript();
  const cnAnswer = CN[question.category](cn, root, question, features);
  return {
    question,
    truthSize: truth.size,
    baseline: { calls: baseline.calls, tokens: baseline.tokens, ...scoreFor(question.category, baselineAnswer, truth) },
    cn:
      cnAnswer === undefined
        ? undefined
        : { calls: cn.calls, tokens: cn.tokens, ...scoreFor(question.category, cnAnswer, truth) },
  };
}

/**
 * Definitions are ranges (`file:start-end`, overloads included): an answered `file:line` inside one
 * is right, and a range is found when some answer falls inside it. Other categories compare sets.
 */
function scoreFor(category, answerSet, truth) {
  if (category !== 'definition') return score(answerSet, truth);
  const ranges = [...truth]
    .map((entry) => /^(.*):(\d+)-(\d+)$/.exec(entry))
    .map((m) => ({ file: m[1], start: Number(m[2]), end: Number(m[3]) }));
  const places = [...answerSet]
    .map((entry) => /^(.*):(\d+)$/.exec(entry))
    .map((m) => ({ file: m[1], line: Number(m[2]) }));
  const inside = (place, range) => place.file === range.file && place.line >= range.start && place.line <= range.end;
  const right = places.filter((place) => ranges.some((range) => inside(place, range))).length;
  const found = ranges.filter((range) => places.some((place) => inside(place, range))).length;
  return fromCounts(places.length, right, ranges.length, found);
}

function fromCounts(answered, right, expected, found) {
  if (answered === 0 && expected === 0) return { precision: 1, recall: 1, f1: 1 };
  const precision = answered === 0 ? 0 : right / answered;
  const recall = expected === 0 ? 0 : found / expected;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

/** Precision, recall and F1 of an answer set; two empty sets agree perfectly. */
function score(answerSet, truth) {
  const hits = [...answerSet].filter((item) => truth.has(item)).length;
  return fromCounts(answerSet.size, hits, truth.size, hits);
}

function parseArguments(argv) {
  const { values } = parseScriptArgs('eval', argv, { corpus: { type: 'string' }, category: { type: 'string' } });
  const allCorpora = [...new Set(loadQuestions().map((q) => q.corpus))];
  const corpora = commaList(values.corpus) ?? allCorpora;
  for (const corpus of corpora)
    if (!allCorpora.includes(corpus)) fail(`no questions for corpus '${corpus}' (have: ${allCorpora.join(', ')})`);
  const categories = commaList(values.category) ?? CATEGORIES;
  for (const category of categories)
    if (!CATEGORIES.includes(category)) fail(`unknown category '${category}' (have: ${CATEGORIES.join(', ')})`);
  return { corpora, categories };
}

function fail(message) {
  usageError('eval', message);
}
