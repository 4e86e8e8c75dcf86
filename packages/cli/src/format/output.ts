import * as path from 'node:path';
import { CnError, presentAnswer, type PresentedAnswer, type PresentedCommand } from '@cn/core';
import type { Context, Outcome } from '../run.js';
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
  return deliver(context, output, options.exitCode, options.output);
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
