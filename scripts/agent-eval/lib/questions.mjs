// Loads a corpus's question file; the agents' view of it (no recipe) is `agentView`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AGENT_EVAL_DIR } from '../corpus.mjs';

export const ANSWER_KINDS = ['locations', 'files', 'names', 'line-range'];

export function questionsPath(corpus) {
  return path.join(AGENT_EVAL_DIR, 'questions', `${corpus}.json`);
}

export function loadQuestions(file) {
  const document = JSON.parse(readFileSync(file, 'utf8'));
  for (const q of document.questions) {
    if (!ANSWER_KINDS.includes(q.answerKind)) throw new Error(`${q.id}: unknown answerKind '${q.answerKind}'`);
  }
  return document;
}
