import path from 'node:path';
import type ts from '../typescript-api.cjs';
import { isInside } from '@cn/core';

/** A `paths` pattern a specifier matched, and what the `*` stood for. */
interface PatternMatch {
  pattern: string;
  star: string;
}

const MODULE_EXTENSION = /(?:\.d)?\.(?:[cm]?[jt]sx?|json)$/i;

/**
 * The `paths` pattern a resolved import went through (`~/*` for `~/view-common`), as the compiler chooses it: a key
 * equal to the specifier, else the `*` pattern with the longest prefix that matches; undefined when the specifier
 * matches none, or resolved to a file none of the pattern's substitutions names (the compiler fell back to
 * node_modules or baseUrl). Substitutions are relative to the config that declares `paths` (`pathsBasePath`).
 */
export function pathsPatternOf(
  specifier: string,
  resolvedFile: string,
  options: ts.CompilerOptions,
): string | undefined {
  const paths = options.paths;
  const base = (options as { pathsBasePath?: string }).pathsBasePath ?? options.baseUrl;
  if (!paths || base === undefined) return undefined;
  const match = matchPattern(Object.keys(paths), specifier);
  if (!match) return undefined;
  const reached = paths[match.pattern].some((substitution) =>
    namesModule(path.resolve(base, substitution.replace('*', match.star)), resolvedFile),
  );
  return reached ? match.pattern : undefined;
}

function matchPattern(patterns: string[], specifier: string): PatternMatch | undefined {
  if (patterns.includes(specifier)) return { pattern: specifier, star: '' };
  let best: PatternMatch | undefined;
  let bestPrefix = -1;
  for (const pattern of patterns) {
    const star = pattern.indexOf('*');
    if (star < 0 || pattern.indexOf('*', star + 1) >= 0) continue;
    const prefix = pattern.slice(0, star);
    const suffix = pattern.slice(star + 1);
    const fits =
      specifier.length >= prefix.length + suffix.length && specifier.startsWith(prefix) && specifier.endsWith(suffix);
    if (fits && prefix.length > bestPrefix) {
      bestPrefix = prefix.length;
      best = { pattern, star: specifier.slice(prefix.length, specifier.length - suffix.length) };
    }
  }
  return best;
}

/** The candidate names the file: the same path but for the extension, or a directory holding it (an index file). */
function namesModule(candidate: string, resolvedFile: string): boolean {
  const stem = (file: string) => file.replace(MODULE_EXTENSION, '');
  return stem(candidate) === stem(resolvedFile) || isInside(candidate, resolvedFile);
}
