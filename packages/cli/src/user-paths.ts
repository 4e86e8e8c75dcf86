import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { fileNameBytes, isInside, looksLikeFilePath, looksLikeTarget } from '@cn/core';
import type { Context } from './run.js';

/**
 * A file named on the command line is relative to the working directory when that is inside the
 * root, else to the root; whichever exists wins, so root-relative paths pasted from cn output work
 * from a subdirectory too.
 */
export function userFile(context: Context, file: string): string {
  const fromCwd = path.resolve(context.cwd, file);
  const fromRoot = path.resolve(context.root, file);
  const cwdInsideRoot = isInside(context.root, context.cwd);
  const preferred = cwdInsideRoot ? [fromCwd, fromRoot] : [fromRoot, fromCwd];
  return preferred.find(exists) ?? preferred[0];
}

/** A path as cn spells it (`caf\xE9.ts` for a name that is not UTF-8: core's file-names.ts) names a file. */
function exists(file: string): boolean {
  const bytes = fileNameBytes(file);
  return existsSync(bytes === undefined ? file : Buffer.from(bytes));
}

/**
 * Ids cn prints are root-relative; `rg -n` output run from a subdirectory is relative to the
 * working directory. Send whichever names an existing file, root-relative.
 */
export function rootRelativeTarget(context: Context, id: string): string {
  const prefix = id.startsWith('ref::') ? 'ref::' : '';
  const body = id.slice(prefix.length);
  const separator = body.includes('::') ? '::' : ':';
  const cut = body.indexOf(separator);
  if (cut <= 0) return id;
  const file = body.slice(0, cut);
  if (exists(path.resolve(context.root, file))) return id;
  const fromCwd = path.resolve(context.cwd, file);
  if (!exists(fromCwd)) return id;
  const relative = path.relative(context.root, fromCwd).split(path.sep).join('/');
  return `${prefix}${relative}${body.slice(cut)}`;
}

/** Ids and files as the user's shell sees them, sent root-relative or absolute; names as typed. */
export function userTarget(context: Context, query: string): string {
  if (looksLikeTarget(query)) return rootRelativeTarget(context, query);
  return looksLikeFilePath(query) ? userFile(context, query) : query;
}
