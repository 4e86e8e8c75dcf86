import * as path from 'node:path';
import {
  CLI_VOICE,
  CnError,
  presentAnswer,
  unmatchedLines,
  wordMatchLines,
  type PresentedAnswer,
  type PresentedCommand,
} from '@cn/core';
import { say, type Context, type Outcome } from '../run.js';
import { writeOutputFile } from './output-file.js';

/**
 * A command's answer in the chosen `--format`, fitted to `--max-tokens` (measured as printed), on stdout or in
 * `--output`. The formats are @cn/core's presenters, the same the MCP tools print.
 */
export function printAnswer<C extends PresentedCommand>(
  context: Context,
  command: C,
  answer: PresentedAnswer<C>,
  options: { exitCode: number; maxTokens?: number; output?: unknown },
): Outcome {
  const { output } = presentAnswer(command, answer, context.format, options.maxTokens);
  sayPipeNotes(context, [answer]);
  return deliver(context, output, options.exitCode, options.output);
}

/**
 * ids and files feed pipes, so what a text answer says above or below its lines is said on stderr there, never left
 * unsaid: a filter that matched no project file (`cn: warning: --refs-not-in '…' matches no project file`; the same
 * filters for every answer, said once) and what `rg -w` of each asked name would also hit.
 */
export function sayPipeNotes(context: Context, answers: unknown[]): void {
  if (context.format !== 'ids' && context.format !== 'files') return;
  for (const line of unmatchedLines(answers[0], CLI_VOICE)) say(line);
  for (const answer of answers) for (const line of wordMatchLines(answer, context.format)) say(line);
}

/**
 * `--output <file>` writes the answer there and prints nothing, so stdout stays data-only either way;
 * the exit code is the same as for stdout, or 5 (an I/O error) when the file cannot be written or is not one
 * to trust (output-file.ts).
 */
export function deliver(context: Context, output: string, exitCode: number, outputFile: unknown): Outcome {
  if (outputFile === undefined) return { output, exitCode };
  if (typeof outputFile !== 'string' || outputFile === '') throw new CnError('bad-input', '--output takes a file path');
  writeOutputFile(path.resolve(context.cwd, outputFile), outputFile, output === '' ? '' : `${output}\n`);
  return { output: '', exitCode };
}
