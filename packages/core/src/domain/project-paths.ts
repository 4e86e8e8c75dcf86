import * as path from 'node:path';

const MAX_REMEMBERED = 100_000;

/** Converts between absolute paths and the root-relative, `/`-separated paths the output uses. */
export class ProjectPaths {
  /**
   * Answers already given: a grep names every project file on every call, and path.relative (which resolves both
   * paths) cost 0.6 ms of each on effect's 361 files. Emptied past MAX_REMEMBERED, so it cannot grow without bound.
   */
  private readonly relatives = new Map<string, string>();

  constructor(readonly root: string) {}

  toRelative(absolutePath: string): string {
    let relative = this.relatives.get(absolutePath);
    if (relative === undefined) {
      relative = path.relative(this.root, absolutePath).split(path.sep).join('/');
      if (this.relatives.size >= MAX_REMEMBERED) this.relatives.clear();
      this.relatives.set(absolutePath, relative);
    }
    return relative;
  }

  toAbsolute(relativeOrAbsolute: string): string {
    return path.resolve(this.root, relativeOrAbsolute);
  }
}

/** The extensions cn reads as TypeScript/JavaScript source: the one list every package uses. */
export const SOURCE_EXTENSIONS: readonly string[] = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

export function isSourceFile(filePath: string): boolean {
  return SOURCE_EXTENSIONS.includes(path.extname(filePath).toLowerCase());
}

/**
 * Whether `candidate` is `root` or below it, by path alone (callers resolve symlinks first when
 * that matters). A name that merely starts with `..` (`..cache/x.ts`) is inside.
 */
export function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === '' || (relative.split(path.sep)[0] !== '..' && !path.isAbsolute(relative));
}

export function isDeclarationFile(filePath: string): boolean {
  return /\.d\.[mc]?ts$/i.test(filePath);
}

/**
 * `*.test.*`, `*.spec.*`, or anything under a `test/`, `tests/`, `spec/`, `specs/`, `e2e/`, `__tests__/`
 * or `__mocks__/` directory, or one whose name ends in `-tests`/`_tests` (`runtime-tests/`, `integration_tests/`).
 */
const TEST_FILE =
  /\.(?:test|spec)\.[cm]?[jt]sx?$|(?:^|\/)(?:[\w.-]*[-_])?(?:tests?|specs?|e2e)\/|(?:^|\/)(?:__tests__|__mocks__)\//i;

/** Whether a root-relative, `/`-separated path is a test file by the usual conventions. */
export function isTestFile(relativePath: string): boolean {
  return TEST_FILE.test(relativePath);
}
