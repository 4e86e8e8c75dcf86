import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { CnError, isGlob, type SnippetLevel } from '@cn/core';
import { wholeNumber, type Context } from '../run.js';

/** Options several commands share; parsed once here so they mean the same everywhere. */
export interface SharedFlags {
  limit?: unknown;
  maxTokens?: unknown;
  snippet?: unknown;
  output?: unknown;
}

export function limitFlag(flags: SharedFlags): number | undefined {
  return wholeNumber(flags.limit, '--limit', 1);
}

export function maxTokensFlag(flags: SharedFlags): number | undefined {
  return wholeNumber(flags.maxTokens, '--max-tokens', 20);
}

export function snippetFlag(flags: SharedFlags): SnippetLevel | undefined {
  if (flags.snippet === undefined) return undefined;
  if (flags.snippet !== 'fold' && flags.snippet !== 'preview' && flags.snippet !== 'full') {
    throw new CnError('bad-input', `unknown snippet level '${String(flags.snippet)}'`, 'use --snippet fold, preview or full');
  }
  return flags.snippet;
}

/** `--in`: a path given from a subdirectory is made root-relative; globs are root-relative as written. */
export function scopeFlag(context: Context, scope: unknown, option = '--in'): string | undefined {
  if (scope === undefined) return undefined;
  if (typeof scope !== 'string' || scope.trim() === '') throw new CnError('bad-input', `${option} takes a path or glob`, `e.g. ${option} src/internal or ${option} "src/**/*.ts"`);
  if (isGlob(scope)) return scope;
  const fromCwd = path.resolve(context.cwd, scope);
  const relative = path.relative(context.root, fromCwd);
  if (existsSync(fromCwd) && !relative.startsWith('..') && !path.isAbsolute(relative)) return relative.split(path.sep).join('/') || '.';
  return scope;
}
