import { badInput } from '../domain/errors.js';

const GLOB_CHARACTERS = /[*?[{]/;

/**
 * `--in`: a root-relative directory or file (`src/internal`, `src/user.ts`) keeps what is under it;
 * a glob (`src/**\/*.ts`, `**\/operators/*`, `*.{ts,tsx}`) keeps the paths it matches whole.
 * Returns a predicate over root-relative, `/`-separated paths.
 */
export function pathFilter(pattern: string | undefined): ((relativePath: string) => boolean) | undefined {
  if (pattern === undefined) return undefined;
  const cleaned = pattern.trim().replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
  if (cleaned === '' || cleaned === '.') return () => true;
  if (cleaned.startsWith('/') || cleaned.split('/').includes('..')) {
    throw badInput(`--in '${pattern}' must be relative to the project root`, 'e.g. --in src/internal or --in "src/**/*.ts"');
  }
  if (!GLOB_CHARACTERS.test(cleaned)) return (relativePath) => relativePath === cleaned || relativePath.startsWith(`${cleaned}/`);
  const regex = globToRegExp(cleaned);
  return (relativePath) => regex.test(relativePath);
}

export function globToRegExp(glob: string): RegExp {
  let source = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i];
    if (ch === '*' && glob[i + 1] === '*') {
      // `**/` matches any number of directories, including none.
      const slash = glob[i + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (ch === '*') source += '[^/]*';
    else if (ch === '?') source += '[^/]';
    else if (ch === '{') {
      braces++;
      source += '(?:';
    } else if (ch === '}' && braces > 0) {
      braces--;
      source += ')';
    } else if (ch === ',' && braces > 0) source += '|';
    else if (ch === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end < 0) throw badInput(`unclosed [ in glob '${glob}'`);
      source += `[${glob.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
      i = end;
    } else source += ch.replace(/[.+^$()|\\\]]/g, '\\$&');
  }
  if (braces > 0) throw badInput(`unclosed { in glob '${glob}'`);
  return new RegExp(`^${source}$`);
}
