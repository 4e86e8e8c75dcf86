import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isSourceFile } from '@cn/core';
import { GitChanges } from '../src/adapters/git-changes.js';
import { NodeSourceFiles } from '../src/adapters/node-source-files.js';

let dir: string;
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, stdio: 'pipe' });

beforeEach(() => {
  dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'cn-git-')));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const changesIn = (root: string) => new GitChanges(root, 10_000, new NodeSourceFiles(root));

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
    const changes = await changesIn(dir).changedFiles('HEAD', isSourceFile);
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

  it('a rename is the old path deleted and the new one wholly new; staged new files likewise; CRLF is no change', async () => {
    repo();
    git('mv', 'gone.ts', 'moved.ts');
    writeFileSync(path.join(dir, 'staged.ts'), 'export const s = 1;\nexport const t = 2;\n');
    git('add', 'staged.ts');
    // What a checkout with core.autocrlf=true leaves: the same lines, CRLF-terminated; then one line edited.
    writeFileSync(
      path.join(dir, 'a.ts'),
      ['export function a() {', '  return 1;', '}', 'export const b = 3;', ''].join('\r\n'),
    );
    git('config', 'core.autocrlf', 'true');
    expect(await changesIn(dir).changedFiles('HEAD', isSourceFile)).toEqual([
      { filePath: path.join(dir, 'a.ts'), lines: [{ start: 4, end: 4 }] },
      { filePath: path.join(dir, 'moved.ts'), lines: [{ start: 1, end: 1 }] },
      { filePath: path.join(dir, 'staged.ts'), lines: [{ start: 1, end: 2 }] },
    ]);
    writeFileSync(
      path.join(dir, 'a.ts'),
      ['export function a() {', '  return 1;', '}', 'export const b = 2;', ''].join('\r\n'),
    );
    expect(await changesIn(dir).changedFiles('HEAD', (file) => file.endsWith('a.ts'))).toEqual([]);
  });

  it('a root below the top of the work tree sees only its own files, by their paths below it', async () => {
    repo();
    mkdirSync(path.join(dir, 'sub'));
    writeFileSync(path.join(dir, 'sub/inner.ts'), 'export const i = 1;\n');
    git('add', '.');
    git('commit', '-qm', 'two');
    writeFileSync(path.join(dir, 'sub/inner.ts'), 'export const i = 2;\n');
    writeFileSync(path.join(dir, 'a.ts'), 'export const outside = 1;\n');
    const sub = path.join(dir, 'sub');
    expect(await changesIn(sub).changedFiles('HEAD', isSourceFile)).toEqual([
      { filePath: path.join(sub, 'inner.ts'), lines: [{ start: 1, end: 1 }] },
    ]);
  });

  it('refuses a ref that looks like an option, an unknown ref, and a root that is no git work tree', async () => {
    const outside = changesIn(dir);
    await expect(outside.changedFiles('HEAD', isSourceFile)).rejects.toMatchObject({
      kind: 'bad-input',
      message: expect.stringMatching(/is not in a git work tree/),
    });
    repo();
    const changes = changesIn(dir);
    await expect(changes.changedFiles('--output=/tmp/x', isSourceFile)).rejects.toMatchObject({
      kind: 'bad-input',
      message: "'--output=/tmp/x' is not a git ref",
    });
    await expect(changes.changedFiles('no-such-branch', isSourceFile)).rejects.toMatchObject({
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
    const changes = await changesIn(dir).changedFiles('HEAD', isSourceFile);
    expect(changes[0]).toMatchObject({ filePath: path.join(dir, 'a.ts') });
    expect(() => realpathSync(marker)).toThrow();
  });
});

/**
 * Everything `.git/config` (or `.git/info/attributes`, `.git/hooks`) can make git run: each writes a marker. cn's git
 * calls must run none of them, whatever the working tree holds.
 */
describe('GitChanges runs no command the repository configures', () => {
  function hostileRepo(): { ran: () => string[] } {
    repo();
    const markers = path.join(dir, '.markers');
    mkdirSync(markers);
    const script = (name: string) => {
      const file = path.join(dir, `.git/${name}.sh`);
      // A filter or textconv that ran must still work (cat), or git would just fail.
      writeFileSync(file, `#!/bin/sh\ntouch ${path.join(markers, name)}\ncat "$@"\n`, { mode: 0o755 });
      return file;
    };
    git('config', 'filter.evil.clean', script('clean'));
    git('config', 'filter.evil.smudge', script('smudge'));
    git('config', 'filter.evil.process', script('process'));
    git('config', 'diff.evil.textconv', script('textconv'));
    git('config', 'diff.evil.command', script('diff-command'));
    writeFileSync(path.join(dir, '.git/info/attributes'), '*.ts filter=evil diff=evil\n');
    git('config', 'diff.external', script('external'));
    git('config', 'core.fsmonitor', script('fsmonitor'));
    git('config', 'core.pager', script('pager'));
    git('config', 'pager.diff', script('pager-diff'));
    git('config', 'core.editor', script('editor'));
    git('config', 'core.sshCommand', script('ssh'));
    git('config', 'core.askPass', script('askpass'));
    git('config', 'credential.helper', `!${script('credential')}`);
    git('config', 'gpg.program', script('gpg'));
    git('config', 'log.showSignature', 'true');
    const hooks = path.join(dir, '.git/hooks');
    mkdirSync(hooks, { recursive: true });
    for (const hook of ['post-index-change', 'post-checkout', 'pre-commit', 'reference-transaction', 'pre-auto-gc'])
      copyFileSync(script(`hook-${hook}`), path.join(hooks, hook));
    const hooksPath = path.join(dir, '.git/other-hooks');
    mkdirSync(hooksPath);
    copyFileSync(script('hooks-path'), path.join(hooksPath, 'post-index-change'));
    git('config', 'core.hooksPath', hooksPath);
    return { ran: () => readdirSync(markers) };
  }

  it('filters, textconv, external diff, fsmonitor, pager, hooks, core.* commands: none runs', async () => {
    const { ran } = hostileRepo();
    // An edit, a file whose stat changed only (git would re-read it through the filter), and a new file.
    writeFileSync(path.join(dir, 'a.ts'), ['export function a() {', '  return 10;', '}', ''].join('\n'));
    utimesSync(path.join(dir, 'gone.ts'), new Date(), new Date(Date.now() + 5000));
    writeFileSync(path.join(dir, 'new.ts'), 'export const n = 1;\n');
    const changes = await changesIn(dir).changedFiles('HEAD', isSourceFile);
    expect(changes).toEqual([
      {
        filePath: path.join(dir, 'a.ts'),
        lines: [
          { start: 2, end: 2 },
          { start: 3, end: 4 },
        ],
      },
      { filePath: path.join(dir, 'new.ts') },
    ]);
    expect(ran()).toEqual([]);
  });

  it('a partial clone does not fetch a missing blob (which would run core.sshCommand)', async () => {
    repo();
    const blob = git('rev-parse', 'HEAD:a.ts').toString().trim();
    rmSync(path.join(dir, '.git/objects', blob.slice(0, 2), blob.slice(2)));
    const ssh = path.join(dir, '.git/ssh.sh');
    const marker = path.join(dir, 'ran-ssh');
    writeFileSync(ssh, `#!/bin/sh\ntouch ${marker}\nexit 1\n`, { mode: 0o755 });
    git('config', 'core.repositoryformatversion', '1');
    git('config', 'extensions.partialClone', 'origin');
    git('config', 'remote.origin.url', 'ssh://example.invalid/repo.git');
    git('config', 'remote.origin.promisor', 'true');
    git('config', 'core.sshCommand', ssh);
    git('config', 'protocol.ssh.allow', 'always');
    writeFileSync(path.join(dir, 'a.ts'), 'export function a() {}\n');
    await changesIn(dir)
      .changedFiles('HEAD', isSourceFile)
      .catch(() => undefined);
    expect(existsSync(marker)).toBe(false);
  });
});
