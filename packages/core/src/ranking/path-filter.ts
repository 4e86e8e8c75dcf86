import { badInput } from '../domain/errors.js';
import { forwardSlashes } from '../domain/file-names.js';
import { compileGlob } from './glob.js';

/** True when `--in` is a glob rather than a path (the CLI leaves globs root-relative as written). */
export function isGlob(scope: string): boolean {
  return /[*?[{]/.test(scope);
}

/**
 * The paths and globs of one `--in`, `--refs-in` or `--refs-not-in`: a comma list, split on the commas outside
 * `{…}` and `[…]` (`src/*.{ts,tsx}` is one glob; a comma in a name is `[,]`), each piece trimmed, empty ones
 * dropped. Agents write `--refs-not-in "**\/*.test.ts,**\/*.test.tsx"`, which as one glob matched nothing.
 */
export function scopeList(scope: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let at = 0; at < scope.length; at++) {
    const char = scope[at];
    if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '{') depth++;
    else if (char === '}') depth = Math.max(0, depth - 1);
    else if (char === ',' && depth === 0) {
      pieces.push(scope.slice(start, at));
      start = at + 1;
    }
  }
  pieces.push(scope.slice(start));
  return pieces.map((piece) => piece.trim()).filter((piece) => piece !== '');
}

/**
 * `--in`: a root-relative directory or file (`src/internal`, `src/user.ts`) keeps what is under it;
 * a glob (`src/**\/*.ts`, `**\/operators/*`, `*.{ts,tsx}`) keeps the paths it matches whole, and what is under the
 * directories it matches (`packages/*\/src`); a comma list of
 * them (scopeList) keeps what any one keeps. Returns a predicate over root-relative, `/`-separated paths (glob
 * syntax: glob.ts).
 */
export function pathFilter(
  pattern: string | undefined,
  option = '--in',
): ((relativePath: string) => boolean) | undefined {
  if (pattern === undefined) return undefined;
  const pieces = scopeList(pattern).map((piece) => pieceFilter(piece, option));
  if (pieces.length === 0) return () => true;
  return pieces.length === 1 ? pieces[0] : (relativePath) => pieces.some((keeps) => keeps(relativePath));
}

/** One path or glob of a list. */
function pieceFilter(pattern: string, option: string): (relativePath: string) => boolean {
  const cleaned = forwardSlashes(pattern.trim()).replace(/^\.\//, '').replace(/\/+$/, '');
  if (cleaned === '' || cleaned === '.') return () => true;
  if (cleaned.startsWith('/') || cleaned.split('/').includes('..')) {
    throw badInput(
      `${option} '${pattern}' must be relative to the project root`,
      `e.g. ${option} src/internal or ${option} "src/**/*.ts"`,
    );
  }
  if (!isGlob(cleaned)) return (relativePath) => relativePath === cleaned || relativePath.startsWith(`${cleaned}/`);
  const matches = compileGlob(cleaned);
  // A glob that names directories (`packages/*/src`) keeps what is under them, as a directory path does: agents
  // wrote it so and got a filter that matched no file.
  return (relativePath) => matches(relativePath) || directoriesOf(relativePath).some(matches);
}

/** `a/b/c.ts` → `a`, `a/b`. */
function directoriesOf(relativePath: string): string[] {
  const parts = relativePath.split('/');
  return parts.slice(0, -1).map((_part, index) => parts.slice(0, index + 1).join('/'));
}

/**
 * Where references (callers, importers, uses, reached files) may be: `refsIn` keeps, `refsNotIn` drops, over a
 * root-relative path. The one rule behind every command's `--refs-in` / `--refs-not-in`.
 */
export function referenceScope(scope: { refsIn?: string; refsNotIn?: string }): (relativePath: string) => boolean {
  const inside = pathFilter(scope.refsIn, '--refs-in');
  const outside = pathFilter(scope.refsNotIn, '--refs-not-in');
  return (relativePath) => (!inside || inside(relativePath)) && !outside?.(relativePath);
}
