import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GitChanges, parseDiff } from '../src/adapters/git-changes.js';

let dir: string;
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, stdio: 'pipe' });

beforeEach(() => {
  dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'cn-git-')));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function repo() {
  git('init', '-q');
  writeFileSync(
    path.join(dir, 'a.ts'),
    ['export function a() {', '  return 1;', '}', 'export const b = 2;', ''].join('\n'),
  );
  writeFileSync(path.join(dir, 'gone.ts'), 'export const gone = 1;\n');
  git('add', '.');
  git('commit', '-qm', 'one');
}

describe('GitChanges', () => {
  it('gives the changed lines of tracked files and untracked files whole, deleted files left out', async () => {
    repo();
    writeFileSync(path.join(dir, 'a.ts'), ['export function a() {', '  return 10;', '}', ''].join('\n'));
    rmSync(path.join(dir, 'gone.ts'));
    writeFileSync(path.join(dir, 'new.ts'), 'export const n = 1;\n');
    const changes = await new GitChanges(dir, 10_000).changedFiles('HEAD');
    expect(changes).toEqual([
      // Line 2 rewritten; line 4 deleted after line 3: the gap 3..4.
      {
        filePath: path.join(dir, 'a.ts'),
        lines: [
          { start: 2, end: 2 },
          { start: 3, end: 4 },
        ],
      },
      { filePath: path.join(dir, 'new.ts') },
    ]);
  });

  it('refuses a ref that looks like an option, an unknown ref, and a root that is no git work tree', async () => {
    const outside = new GitChanges(dir, 10_000);
    await expect(outside.changedFiles('HEAD')).rejects.toMatchObject({
      kind: 'bad-input',
      message: expect.stringMatching(/is not in a git work tree/),
    });
    repo();
    const changes = new GitChanges(dir, 10_000);
    await expect(changes.changedFiles('--output=/tmp/x')).rejects.toMatchObject({
      kind: 'bad-input',
      message: "'--output=/tmp/x' is not a git ref",
    });
    await expect(changes.changedFiles('no-such-branch')).rejects.toMatchObject({
      kind: 'bad-input',
      message: "unknown git ref 'no-such-branch'",
    });
  });

  it('runs no external diff driver or fsmonitor hook the repository configures', async () => {
    repo();
    const marker = path.join(dir, 'ran');
    const hook = path.join(dir, 'hook.sh');
    writeFileSync(hook, `#!/bin/sh\ntouch ${marker}\n`, { mode: 0o755 });
    git('config', 'diff.external', hook);
    git('config', 'core.fsmonitor', hook);
    writeFileSync(path.join(dir, 'a.ts'), 'export function a() {}\n');
    const changes = await new GitChanges(dir, 10_000).changedFiles('HEAD');
    expect(changes[0]).toMatchObject({ filePath: path.join(dir, 'a.ts') });
    expect(() => realpathSync(marker)).toThrow();
  });
});

describe('parseDiff', () => {
  it('reads hunks per file, a count left out being 1', () => {
    const diff = [
      '--- x.ts',
      '+++ x.ts',
      '@@ -3 +3 @@',
      '-a',
      '+b',
      '@@ -9,0 +10,2 @@',
      '+c',
      '+d',
      '--- y.ts',
      '+++ /dev/null',
    ];
    expect(parseDiff(diff.join('\n'))).toEqual([
      {
        file: 'x.ts',
        lines: [
          { start: 3, end: 3 },
          { start: 10, end: 11 },
        ],
      },
    ]);
  });
});
