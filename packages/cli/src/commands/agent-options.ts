import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { CnError, isGlob, isInside, scopeList, type SnippetLevel, type TargetNarrowing } from '@cn/core';
import { wholeNumber, type Context } from '../run.js';

/** Options several commands share; parsed once here so they mean the same everywhere. */
export interface SharedFlags {
  limit?: unknown;
  maxTokens?: unknown;
  snippet?: unknown;
  output?: unknown;
}

/** What a command's `--limit` counts and what its `--max-tokens` drops first; absent: the command has none. */
export interface AnswerOptionHelp {
  limit?: string;
  maxTokens?: string;
}

/**
 * `-l, --limit`, `--max-tokens` and `-o, --output`, as each command describes them: the same flags, parsed by
 * the same functions, on every command that prints an answer worth cutting or saving.
 */
export function withAnswerOptions<Command extends { option(name: string, description: string): Command }>(
  command: Command,
  help: AnswerOptionHelp,
): Command {
  let withOptions = command;
  if (help.limit) withOptions = withOptions.option('-l, --limit <n>', help.limit);
  if (help.maxTokens) withOptions = withOptions.option('--max-tokens <n>', help.maxTokens);
  return withOptions.option(
    '-o, --output <file>',
    'Write the answer to this file instead of stdout (exit 5 when it cannot be written)',
  );
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
    throw new CnError(
      'bad-input',
      `unknown snippet level '${JSON.stringify(flags.snippet)}'`,
      'use --snippet fold, preview or full',
    );
  }
  return flags.snippet;
}

/**
 * `--in`, `--refs-in`, `--refs-not-in`: paths and globs, repeated or as a comma list (core's scopeList), all of
 * them a union as rg's `-g` are, sent as one comma list. A path given from a subdirectory is made root-relative; so
 * is a glob whose leading directories exist there (`src/**\/*.ts` typed in packages/zod); any other glob is
 * root-relative as written (`**\/*.test.ts`).
 */
export function scopeFlag(context: Context, scope: unknown, option = '--in'): string | undefined {
  if (scope === undefined) return undefined;
  const given = Array.isArray(scope) ? (scope as unknown[]) : [scope];
  const lists = given.map((value) => (typeof value === 'string' ? scopeList(value) : []));
  if (lists.some((pieces) => pieces.length === 0))
    throw new CnError(
      'bad-input',
      `${option} takes a path or glob`,
      `e.g. ${option} src/internal or ${option} "src/**/*.ts"`,
    );
  return lists
    .flat()
    .map((piece) => fromCwd(context, piece))
    .join(',');
}

function fromCwd(context: Context, scope: string): string {
  if (isGlob(scope)) return globFromCwd(context, scope);
  const resolved = path.resolve(context.cwd, scope);
  if (existsSync(resolved) && isInside(context.root, resolved))
    return path.relative(context.root, resolved).split(path.sep).join('/') || '.';
  return scope;
}

function globFromCwd(context: Context, glob: string): string {
  if (path.isAbsolute(glob) || context.cwd === context.root || !isInside(context.root, context.cwd)) return glob;
  const segments = glob.split('/');
  const leading = segments.slice(0, segments.findIndex(isGlob));
  if (leading.length === 0 || leading.includes('..') || !existsSync(path.resolve(context.cwd, ...leading))) return glob;
  return `${path.relative(context.root, context.cwd).split(path.sep).join('/')}/${glob}`;
}

export interface NarrowingFlags {
  kind?: string;
  in?: unknown;
  exact?: boolean;
}

/** What commands taking a symbol name (find, calls, impl, type) offer to narrow it, each meaning the same. */
export const NARROWING_OPTIONS = [
  ['--kind <kind>', 'When the target is a name: only symbols of this kind (class, interface, function, method, …)'],
  [
    '--in <path>',
    'When the target is a name: only declarations under this path, or matching this glob (several: repeat it, or commas)',
  ],
  ['--exact', 'When the target is a name: only names equal to it (no prefix or other-case matches)'],
] as const;

/** Adds NARROWING_OPTIONS to a cac command (its type is not exported, hence the structural one). */
export function withNarrowing<Command extends { option(name: string, description: string): Command }>(
  command: Command,
): Command {
  return NARROWING_OPTIONS.reduce((chained, [name, description]) => chained.option(name, description), command);
}

/** As options; requestBody (@cn/protocol) leaves out what is not given, `exact: false` included. */
export function narrowingFlags(context: Context, flags: NarrowingFlags): TargetNarrowing {
  return { kind: flags.kind, in: scopeFlag(context, flags.in), exact: flags.exact };
}
