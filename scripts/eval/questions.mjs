// The question set and how each category is put to an agent, in words.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export const CATEGORIES = ['definition', 'references', 'outline', 'body', 'calls', 'deps', 'unused'];

export function loadQuestions() {
  return JSON.parse(readFileSync(path.join(here, 'questions.json'), 'utf8')).questions;
}

/** `fixture:test/fixtures/ts-multi` → `fixture-ts-multi`: the ground-truth file name. */
export function corpusKey(corpus) {
  return corpus.startsWith('fixture:') ? `fixture-${path.basename(corpus.slice('fixture:'.length))}` : corpus;
}

export function loadTruth(corpus) {
  return JSON.parse(readFileSync(path.join(here, 'ground-truth', `${corpusKey(corpus)}.json`), 'utf8')).truth;
}

export function phrase(question) {
  switch (question.category) {
    case 'definition':
      return `where is ${question.symbol} defined?`;
    case 'references':
      return `who references ${question.symbol}?`;
    case 'outline':
      return `what does ${question.file} declare?`;
    case 'body':
      return `show me the body of ${question.symbol}`;
    case 'calls':
      return `who calls ${question.symbol}?`;
    case 'deps':
      return `which files import ${question.file}?`;
    case 'unused':
      return `which symbols in ${question.file} are unused?`;
    default:
      return question.category;
  }
}
