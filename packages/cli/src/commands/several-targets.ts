import { presentAnswer, severalAnswersText, type PresentedAnswer, type PresentedCommand } from '@cn/core';
import { EXIT } from '../exit-codes.js';
import { deliver, printAnswer, sayPipeNotes } from '../format/output.js';
import type { Context, Outcome } from '../run.js';
import { answerEachAsked } from './find-options.js';

/**
 * A command asked about several targets at once (`cn impl A B`, `cn deps a.ts b.ts`): each answered as if asked alone
 * (three in flight), then printed as one answer: a block per target under `# target`, one JSON array, or one list
 * for pipes (several-answers.ts). Agents answer several questions in one call this way, as they do with one rg. The
 * token budget is shared; the exit code is 0 when any target found something.
 */
export async function printSeveral<C extends PresentedCommand>(
  context: Context,
  command: C,
  targets: string[],
  ask: (target: string) => Promise<PresentedAnswer<C>>,
  options: { found: (answer: PresentedAnswer<C>) => boolean; maxTokens?: number; output?: unknown },
): Promise<Outcome> {
  if (targets.length === 1) {
    const answer = await ask(targets[0]);
    return printAnswer(context, command, answer, {
      exitCode: options.found(answer) ? EXIT.ok : EXIT.nothingFound,
      maxTokens: options.maxTokens,
      output: options.output,
    });
  }
  const share =
    options.maxTokens === undefined ? undefined : Math.max(1, Math.floor(options.maxTokens / targets.length));
  const answered = (await answerEachAsked(targets, ask)).map(({ asked, answer }) => {
    const shown = presentAnswer(command, answer, context.format, share);
    return { asked, answer: shown.answer, output: shown.output };
  });
  sayPipeNotes(
    context,
    answered.map(({ answer }) => answer),
  );
  const exitCode = answered.some(({ answer }) => options.found(answer)) ? EXIT.ok : EXIT.nothingFound;
  return deliver(context, severalAnswersText(context.format, answered), exitCode, options.output);
}
