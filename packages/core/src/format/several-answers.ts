import { escapeControls, jsonText } from './control-characters.js';
import type { AnswerFormat } from './presenter.js';

/** One of several answers of a command: what was asked (its header), the answer, and its output alone. */
export interface AskedAnswer<A> {
  asked: string;
  answer: A;
  output: string;
}

/**
 * Several targets in one command (`cn impl A B`, `cn find X Y`): JSON is one array of answers; text and compact print
 * one block per target under a `# target` header; ids and files are one list (each line once), for pipes.
 */
export function severalAnswersText<A>(format: AnswerFormat, answers: Array<AskedAnswer<A>>): string {
  if (format === 'json') return jsonText(answers.map(({ answer }) => answer));
  if (format === 'ids' || format === 'files') {
    const lines = answers.flatMap(({ output }) => (output === '' ? [] : output.split('\n')));
    return (format === 'files' ? [...new Set(lines)] : lines).join('\n');
  }
  return answers.map(({ asked, output }) => `# ${escapeControls(asked)}\n${output}`).join('\n\n');
}
