import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject } from '../../helpers/cn.js';
import { asOtherUser, runCnAsOtherUser, whyOtherUserIsUnavailable } from '../../helpers/other-user.js';

const skipReason = whyOtherUserIsUnavailable();
if (skipReason) console.warn(`given-paths tests skipped: ${skipReason}`);

/**
 * Paths a user hands the CLI (`--output`, `--root`, the working directory) where another local user (uid 65534)
 * has been first: one stderr line and a documented exit code, never a write through their trap, never a hang.
 */
describe.skipIf(skipReason !== undefined)('paths given to cn, against another user', () => {
  let root: string;
  let base: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    root = copyProject('examples/shop');
    await cn(['start', '--root', root]);
  });
  afterAll(() => cleanUp(root));
  beforeEach(() => {
    // Like /tmp: sticky and writable by all, private to each test.
    base = mkdtempSync(path.join(os.tmpdir(), 'cn-shared-'));
    chmodSync(base, 0o1777);
    env = { TMPDIR: base, XDG_RUNTIME_DIR: '' };
    return () => rmSync(base, { recursive: true, force: true });
  });

  const oneLine = (stderr: string) => stderr.split('\n').filter(Boolean);

  // Issue 22, item 4: with protected_symlinks off, the answer overwrote the victim's ~/.profile.
  it("--output into another user's symlink in a sticky shared directory: exit 5, the file it names unchanged", async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'cn-victim-'));
    const profile = path.join(home, '.profile');
    writeFileSync(profile, '# the victim shell start-up\n');
    const target = path.join(base, 'answer.json');
    asOtherUser(`require('fs').symlinkSync(${JSON.stringify(profile)}, ${JSON.stringify(target)})`);
    try {
      const result = await cn(['find', 'User', '-o', target, '--root', root]);
      expect(result.exitCode).toBe(5);
      expect(result.stdout).toBe('');
      expect(oneLine(result.stderr)).toEqual([
        `cn: cannot write ${target}: it is a symbolic link of uid 65534, not yours (cn writes regular files only, through your own symbolic links only; name another file)`,
      ]);
      expect(readFileSync(profile, 'utf8')).toBe('# the victim shell start-up\n');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  // Was a write that never returned: opening a FIFO for writing waits for a reader.
  it('--output onto a FIFO another user planted: refused at once, exit 5, never a hang', async () => {
    const fifo = path.join(base, 'answer.json');
    asOtherUser(`require('child_process').execFileSync('mkfifo', [${JSON.stringify(fifo)}])`);
    const result = await cn(['map', 'src/domain/user.ts', '--output', fifo, '--root', root], { timeoutMs: 20_000 });
    expect(result.exitCode).toBe(5);
    expect(oneLine(result.stderr)).toEqual([
      expect.stringMatching(/^cn: cannot write .*answer\.json: it is a FIFO or a socket, not a regular file \(/),
    ]);
  }, 30_000);

  it("--output onto another user's file in a shared directory: exit 5, their file unchanged", async () => {
    const planted = path.join(base, 'answer.json');
    asOtherUser(`require('fs').writeFileSync(${JSON.stringify(planted)}, 'mine\\n', { mode: 0o666 })`);
    const result = await cn(['find', 'User', '-o', planted, '--root', root]);
    expect(result.exitCode).toBe(5);
    expect(oneLine(result.stderr)).toEqual([
      expect.stringMatching(
        /^cn: cannot write .*answer\.json: it is uid 65534's file in .*, which anyone can write \(/,
      ),
    ]);
    expect(readFileSync(planted, 'utf8')).toBe('mine\n');
  });

  // Issue 22, item 17: was exit 4, "unexpected failure: EACCES: permission denied, lstat …".
  it('a --root, or a working directory, closed to the user: exit 2, one line naming it', () => {
    const closed = copyProject('examples/shop');
    chmodSync(closed, 0o700);
    try {
      const root = runCnAsOtherUser(['find', 'User', '--root', closed], env);
      expect(root.exitCode).toBe(2);
      expect(oneLine(root.stderr)).toEqual([
        `cn: --root ${closed} is not readable by you (EACCES) (pass a project directory you can read)`,
      ]);
      const below = runCnAsOtherUser(['find', 'User', '--root', path.join(closed, 'src')], env);
      expect(below.exitCode).toBe(2);
      expect(oneLine(below.stderr)).toEqual([
        `cn: --root ${path.join(closed, 'src')} cannot be reached (EACCES) (pass a project directory you can read)`,
      ]);
      const cwd = runCnAsOtherUser(['find', 'User'], env, path.join(closed, 'src'));
      expect(cwd.exitCode).toBe(2);
      expect(oneLine(cwd.stderr)).toEqual([
        'cn: the working directory cannot be read (EACCES) (run cn in a directory you can read, or pass --root <dir>)',
      ]);
    } finally {
      rmSync(closed, { recursive: true, force: true });
    }
  });
});
