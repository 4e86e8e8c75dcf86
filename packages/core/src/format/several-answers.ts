import { escapeControls, jsonText } from './control-characters.js';
import type { AnswerFormat } from './presenter.js';

/** One of several answers of a command: what was asked (its header), the answer, and its output alone. */
export interface AskedAnswer<A> {
  asked: string;
  answer: A;
  output: string;
}

/**
 * Several targets in one command (`cn impl A B`, `cn find X Y`): JSON is one array of answers; ids are one list, for
 * pipes; text, compact and files print one block per target under a `# target` header. Files were one list too, and
 * agents who asked `cn find A B --refs-only --format files` asked each again (or ran rg) to learn whose file was whose.
 */
export function severalAnswersText<A>(format: AnswerFormat, answers: Array<AskedAnswer<A>>): string {
  if (format === 'json') return jsonText(answers.map(({ answer }) => answer));
  if (format === 'ids') return answers.flatMap(({ output }) => (output === '' ? [] : [output])).join('\n');
  return answers.map(({ asked, output }) => `# ${escapeControls(asked)}\n${output}`).join('\n\n');
}
