import { badInput } from '../domain/errors.js';
import { forwardSlashes } from '../domain/file-names.js';
import { compileGlob } from './glob.js';

/** True when `--in` is a glob rather than a path (the CLI leaves globs root-relative as written). */
export function isGlob(scope: string): boolean {
  return /[*?[{]/.test(scope);
}

/**
 * `--in`: a root-relative directory or file (`src/internal`, `src/user.ts`) keeps what is under it;
 * a glob (`src/**\/*.ts`, `**\/operators/*`, `*.{ts,tsx}`) keeps the paths it matches whole.
 * Returns a predicate over root-relative, `/`-separated paths (glob syntax: glob.ts).
 */
export function pathFilter(
  pattern: string | undefined,
  option = '--in',
): ((relativePath: string) => boolean) | undefined {
  if (pattern === undefined) return undefined;
  const cleaned = forwardSlashes(pattern.trim()).replace(/^\.\//, '').replace(/\/+$/, '');
  if (cleaned === '' || cleaned === '.') return () => true;
  if (cleaned.startsWith('/') || cleaned.split('/').includes('..')) {
    throw badInput(
      `${option} '${pattern}' must be relative to the project root`,
      `e.g. ${option} src/internal or ${option} "src/**/*.ts"`,
    );
  }
  if (!isGlob(cleaned)) return (relativePath) => relativePath === cleaned || relativePath.startsWith(`${cleaned}/`);
  return compileGlob(cleaned);
}
