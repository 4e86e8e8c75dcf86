import * as path from 'node:path';
import {
  CLI_VOICE,
  CnError,
  presentAnswer,
  unmatchedLines,
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
  sayUnmatched(context, answer);
  return deliver(context, output, options.exitCode, options.output);
}

/**
 * A filter that matched no project file is the first line of a text answer; ids and files feed pipes, so there it
 * is said on stderr (`cn: warning: --refs-not-in '…' matches no project file`), never left unsaid.
 */
export function sayUnmatched(context: Context, answer: unknown): void {
  if (context.format !== 'ids' && context.format !== 'files') return;
  for (const line of unmatchedLines(answer, CLI_VOICE)) say(line);
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
