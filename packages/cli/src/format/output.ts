import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { CnError, estimateJsonTokens, estimateTokens } from '@cn/core';
import type { Context, Outcome, OutputFormat } from '../run.js';

/** How one command prints each format; a format a command lacks falls back to its text. */
export interface Renderers<T> {
  // Properties, not methods: rendererFor hands them out as plain functions, so none may use `this`.
  text: (response: T) => string;
  compact?: (response: T) => string;
  ids?: (response: T) => string;
  files?: (response: T) => string;
}

export function rendererFor<T>(format: OutputFormat, renderers: Renderers<T>): (response: T) => string {
  if (format === 'json') return (response) => JSON.stringify(response);
  if (format === 'compact' && renderers.compact) return renderers.compact;
  if (format === 'ids' && renderers.ids) return renderers.ids;
  if (format === 'files' && renderers.files) return renderers.files;
  return renderers.text;
}

/** What `--max-tokens` counts: the estimate of exactly what will be printed. */
export function measureFor<T>(render: (response: T) => string, format: OutputFormat): (response: T) => number {
  return format === 'json' ? estimateJsonTokens : (response) => estimateTokens(render(response));
}

/**
 * `--output <file>` writes the answer there and prints nothing, so stdout stays data-only either way;
 * the exit code is the same as for stdout.
 */
export function deliver(context: Context, output: string, exitCode: number, outputFile: unknown): Outcome {
  if (outputFile === undefined) return { output, exitCode };
  if (typeof outputFile !== 'string' || outputFile === '') throw new CnError('bad-input', '--output takes a file path');
  const target = path.resolve(context.cwd, outputFile);
  try {
    writeFileSync(target, output === '' ? '' : `${output}\n`);
  } catch (error) {
    throw new CnError(
      'bad-input',
      `cannot write ${outputFile}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      'check the directory exists and is writable',
    );
  }
  return { output: '', exitCode };
}
