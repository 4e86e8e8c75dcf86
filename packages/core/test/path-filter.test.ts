import { describe, expect, it } from 'vitest';
import { CnError, MAX_GLOB_LENGTH, pathFilter, scopeList } from '../src/index.js';

const matches = (glob: string, path: string) => pathFilter(glob)!(path);

function refusal(glob: string): CnError {
  try {
    pathFilter(glob);
  } catch (error) {
    expect(error).toBeInstanceOf(CnError);
    return error as CnError;
  }
  throw new Error(`pathFilter accepted '${glob}'`);
}

describe('--in path filter', () => {
  it('takes directories and files relative to the root', () => {
    expect(matches('src/', 'src/a/b.ts')).toBe(true);
    expect(matches('./src', 'src/a/b.ts')).toBe(true);
    expect(matches('src', 'srcx/b.ts')).toBe(false);
    expect(matches('src/a.ts', 'src/a.ts')).toBe(true);
    expect(refusal('../x').message).toMatch(/relative to the project root/);
    expect(refusal('/etc').message).toMatch(/relative to the project root/);
  });

  it.each([
    ['src/**/*.ts', 'src/a/b/c.ts', true],
    ['src/**/*.ts', 'src/c.ts', true],
    ['src/**/*.ts', 'lib/c.ts', false],
    ['**/operators/*', 'src/internal/operators/map.ts', true],
    ['**/operators/*', 'operators/map.ts', true],
    // A glob that matches a directory keeps what is under it, as rg's globs do (`packages/*/src`).
    ['**/operators/*', 'src/operators/deep/map.ts', true],
    ['packages/*/src', 'packages/core/src/a/b.ts', true],
    ['packages/*/src', 'packages/core/test/a.ts', false],
    ['packages/*/src', 'tests/packages/core/src.ts', false],
    ['src/**', 'src/a/b.ts', true],
    ['*.{ts,js}', 'a.js', true],
    ['*.{ts,js}', 'a.tsx', false],
    ['src/{a,b{c,d}}/*.ts', 'src/bd/x.ts', true],
    ['src/{a,}x.ts', 'src/x.ts', true],
    ['*.ts', 'src/a.ts', false],
    ['src/?.ts', 'src/a.ts', true],
    ['src/?.ts', 'src/ab.ts', false],
    ['src?a.ts', 'src/a.ts', false],
    ['src/[a-c].ts', 'src/b.ts', true],
    ['src/[!a-c].ts', 'src/b.ts', false],
    ['src/[^a-c].ts', 'src/d.ts', true],
    ['src[!x]a.ts', 'src/a.ts', false],
    ['src/[]].ts', 'src/].ts', true],
    ['src/a+(b).ts', 'src/a+(b).ts', true],
    // A comma separates paths and globs (a list); one in a name is [,].
    ['src/a.ts[,]b', 'src/a.ts,b', true],
  ])('%s against %s is %s', (glob, path, expected) => {
    expect(matches(glob, path)).toBe(expected);
  });

  // Was a 500 and exit 4: the glob was turned into a RegExp that could not be built.
  it.each([
    ['[z-a]', /^bad glob '\[z-a\]': the range z-a runs backwards$/],
    ['src/[a', /^bad glob 'src\/\[a': \[ is never closed$/],
    ['src/{a,b', /^bad glob 'src\/\{a,b': \{ is never closed$/],
  ])('refuses %s as a bad glob', (glob, message) => {
    const error = refusal(glob);
    expect(error.kind).toBe('bad-input');
    expect(error.message).toMatch(message);
  });

  it('refuses a glob longer than the cap, and accepts one at the cap', () => {
    const error = refusal(`${'a'.repeat(MAX_GLOB_LENGTH)}*`);
    expect(error.kind).toBe('bad-input');
    expect(error.message).toBe(`glob too long (${MAX_GLOB_LENGTH + 1} characters, at most ${MAX_GLOB_LENGTH})`);
    expect(matches(`${'a'.repeat(MAX_GLOB_LENGTH - 1)}*`, 'a'.repeat(MAX_GLOB_LENGTH))).toBe(true);
  });

  // Each of these kept the old backtracking RegExp busy for minutes to hours (43 s for 50 stars), the
  // daemon's event loop with it. The matcher walks the path once, so they answer at once.
  it.each([
    ['50 stars', `${'*a'.repeat(50)}b`, 'a'.repeat(200)],
    ['20 globstars', `${'a/**/'.repeat(20)}x`, `${'a/'.repeat(200)}y`],
    ['stars at the cap', `${'a*'.repeat(MAX_GLOB_LENGTH / 2 - 1)}b`, 'a'.repeat(4096)],
    ['braces', `${'{a,*}'.repeat(100)}b`, 'a'.repeat(400)],
  ])('answers the %s bomb without backtracking', (_name, glob, path) => {
    expect(matches(glob, path)).toBe(false);
    expect(matches(glob, path.replace(/.$/, glob.at(-1)!))).toBe(true);
  });
});

describe('a list of paths and globs (issue 23, item 4: "**/*.test.ts,**/*.test.tsx" filtered nothing)', () => {
  it('splits on commas outside {…} and […], each a path or glob, any one matching', () => {
    expect(scopeList('**/*.test.ts,**/*.test.tsx')).toEqual(['**/*.test.ts', '**/*.test.tsx']);
    expect(scopeList('src/*.{ts,tsx}, test ,')).toEqual(['src/*.{ts,tsx}', 'test']);
    expect(scopeList('a[,]b')).toEqual(['a[,]b']);
    expect(matches('**/*.test.ts,**/*.test.tsx', 'src/a.test.tsx')).toBe(true);
    expect(matches('**/*.test.ts,**/*.test.tsx', 'src/a.test.ts')).toBe(true);
    expect(matches('**/*.test.ts,**/*.test.tsx', 'src/a.ts')).toBe(false);
    expect(matches('src/a,lib', 'lib/x.ts')).toBe(true);
    expect(matches('src/*.{ts,tsx}', 'src/x.tsx')).toBe(true);
    expect(matches('a[,]b', 'a,b')).toBe(true);
  });

  it('names the one piece that is wrong', () => {
    expect(refusal('src,../x').message).toBe("--in '../x' must be relative to the project root");
  });
});
