import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { CnError, presentAnswer, type PresentedAnswer, type PresentedCommand } from '@cn/core';
import type { Context, Outcome } from '../run.js';

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
 * the exit code is the same as for stdout, or 5 (an I/O error) when the file cannot be written.
 */
export function deliver(context: Context, output: string, exitCode: number, outputFile: unknown): Outcome {
  if (outputFile === undefined) return { output, exitCode };
  if (typeof outputFile !== 'string' || outputFile === '') throw new CnError('bad-input', '--output takes a file path');
  const target = path.resolve(context.cwd, outputFile);
  try {
    writeFileSync(target, output === '' ? '' : `${output}\n`);
  } catch (error) {
    throw new CnError(
      'io',
      `cannot write ${outputFile}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      'check the directory exists and is writable',
    );
  }
  return { output: '', exitCode };
}
