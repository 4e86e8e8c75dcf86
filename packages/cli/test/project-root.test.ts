import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CnError } from '@cn/core';
import { resolveProjectRoot } from '../src/project-root.js';

/** Each test builds its tree under a fresh directory that it passes as the home, so nothing above it counts. */
let home: string;
afterEach(() => rmSync(home, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  home = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'cn-roots-')));
  for (const [name, text] of Object.entries(files)) {
    const full = path.join(home, name);
    mkdirSync(name.endsWith('/') ? full : path.dirname(full), { recursive: true });
    if (!name.endsWith('/')) writeFileSync(full, text);
  }
  return home;
}

const resolve = (cwd: string, served: string[] = []) =>
  resolveProjectRoot(undefined, path.join(home, cwd), { home, servedByDaemon: (dir) => served.includes(dir) });

describe('resolveProjectRoot', () => {
  it('takes --root as given (resolved, symlinks followed)', () => {
    tree({ 'app/src/': '' });
    expect(resolveProjectRoot('..', path.join(home, 'app/src'), { home })).toBe(path.join(home, 'app'));
    expect(() => resolveProjectRoot('missing', home, { home })).toThrow(/--root missing does not exist/);
  });

  it('from a package of a repository: the repository top, not the package', () => {
    tree({ 'code/repo/.git/': '', 'code/repo/packages/zod/package.json': '{}', 'code/repo/packages/zod/src/': '' });
    expect(resolve('code/repo/packages/zod/src')).toBe(path.join(home, 'code/repo'));
  });

  it('from a package of a workspace without git: the workspace root (package.json workspaces, pnpm, lerna)', () => {
    tree({
      'ws/package.json': '{ "workspaces": ["packages/*"] }',
      'ws/packages/a/package.json': '{}',
      'ws/packages/a/src/': '',
      'pn/pnpm-workspace.yaml': 'packages: [pkgs/*]',
      'pn/pkgs/b/tsconfig.json': '{}',
    });
    expect(resolve('ws/packages/a/src')).toBe(path.join(home, 'ws'));
    expect(resolve('pn/pkgs/b')).toBe(path.join(home, 'pn'));
  });

  it('reads a package.json only if it is a regular file of at most 1 MB: one linked to /dev/zero is no workspace', () => {
    tree({ 'ws/packages/a/src/': '', 'ws/packages/a/tsconfig.json': '{}' });
    symlinkSync('/dev/zero', path.join(home, 'ws/package.json'));
    // Before, this read /dev/zero until memory ran out.
    expect(resolve('ws/packages/a/src')).toBe(path.join(home, 'ws/packages/a'));
  });

  it('the outermost of nested repositories and workspaces', () => {
    tree({ 'outer/.git/': '', 'outer/vendor/inner/.git/': '', 'outer/vendor/inner/src/': '' });
    expect(resolve('outer/vendor/inner/src')).toBe(path.join(home, 'outer'));
  });

  it('with neither: the nearest tsconfig.json, jsconfig.json or package.json', () => {
    tree({ 'plain/package.json': '{}', 'plain/lib/deep/': '', 'js/jsconfig.json': '{}', 'js/src/': '' });
    expect(resolve('plain/lib/deep')).toBe(path.join(home, 'plain'));
    expect(resolve('js/src')).toBe(path.join(home, 'js'));
  });

  it('prefers the nearest directory a running daemon serves', () => {
    tree({ 'repo/.git/': '', 'repo/packages/a/package.json': '{}', 'repo/packages/a/src/': '' });
    expect(resolve('repo/packages/a/src', [path.join(home, 'repo')])).toBe(path.join(home, 'repo'));
    const both = [path.join(home, 'repo'), path.join(home, 'repo/packages/a')];
    expect(resolve('repo/packages/a/src', both)).toBe(path.join(home, 'repo/packages/a'));
  });

  it('never takes the home directory or above for a project below it (a dotfiles repository, a stray package.json)', () => {
    tree({ '.git/': '', 'package.json': '{}', 'code/app/tsconfig.json': '{}', 'code/app/src/': '', 'scratch/': '' });
    expect(resolve('code/app/src')).toBe(path.join(home, 'code/app'));
    expect(() => resolve('scratch')).toThrow(
      /^no project at .*scratch: .* here or above \(below the home directory\)$/,
    );
    // Run in the home directory itself, that is the project asked for.
    expect(resolve('')).toBe(home);
  });

  it('refuses a directory with no project here or above: exit 2 with the --root hint', () => {
    tree({ 'loose/notes/': '' });
    let error: unknown;
    try {
      // Not below this home: the walk goes up to the filesystem root.
      resolveProjectRoot(undefined, path.join(home, 'loose/notes'), {
        home: '/nonexistent-home',
        servedByDaemon: () => false,
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CnError);
    expect(error).toMatchObject({
      kind: 'bad-input',
      message: `no project at ${path.join(home, 'loose/notes')}: no tsconfig.json, jsconfig.json, package.json or .git here or above`,
      hint: 'run cn inside a project, or pass --root <dir>',
    });
  });
});
