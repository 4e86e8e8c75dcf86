import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { CnError, badInput, isInside, type ChangedFile, type ChangedLines, type ChangeHistory } from '@cn/core';
import { printable } from '../printable.js';

/** A diff past this is no change anyone reviews as symbols. */
const MAX_GIT_OUTPUT_BYTES = 64 * 1024 * 1024;
/**
 * Repository settings that would run a program or rewrite the output: an fsmonitor hook, an external diff
 * driver, quoted paths. `--no-ext-diff --no-textconv` go on the diff itself.
 */
const NEUTRAL_CONFIG = ['-c', 'core.fsmonitor=false', '-c', 'diff.external=', '-c', 'core.quotePath=false'];
const HUNK = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/;

/**
 * The working tree's changes since a ref, from git: `git diff --unified=0 <ref>` (tracked files, staged or
 * not) and untracked files not ignored, as whole files. Only paths under the root: git runs in the root with
 * `--relative`, and each path is checked again. git runs without a shell, with the ref checked and passed
 * after `--end-of-options`, and with none of the caller's `GIT_*` variables (a `GIT_DIR` would point it elsewhere).
 */
export class GitChanges implements ChangeHistory {
  constructor(
    private readonly root: string,
    private readonly timeoutMs: number,
  ) {}

  async changedFiles(ref: string): Promise<ChangedFile[]> {
    if (ref === '' || ref.startsWith('-') || /[\0\n]/.test(ref))
      throw badInput(`'${printable(ref, 80)}' is not a git ref`, 'e.g. --since HEAD, --since main');
    const inside = await this.git(['rev-parse', '--is-inside-work-tree']).catch(() => undefined);
    if (inside?.trim() !== 'true')
      throw badInput(`${this.root} is not in a git work tree`, '--since needs git; without it, name a symbol or file');
    const commit = (
      await this.git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]).catch(() => '')
    ).trim();
    if (!/^[0-9a-f]{40,64}$/.test(commit))
      throw badInput(`unknown git ref '${printable(ref, 80)}'`, 'e.g. --since HEAD, --since main, --since HEAD~3');
    const [diff, untracked] = await Promise.all([
      this.git([
        'diff',
        '--unified=0',
        '--no-ext-diff',
        '--no-textconv',
        '--no-color',
        '--no-renames',
        '--no-prefix',
        '--relative',
        '--end-of-options',
        commit,
        '--',
      ]),
      this.git(['ls-files', '--others', '--exclude-standard', '-z']),
    ]);
    const changed = parseDiff(diff).map(({ file, lines }) => ({ filePath: path.resolve(this.root, file), lines }));
    const added = untracked
      .split('\0')
      .filter((file) => file !== '')
      .map((file) => ({ filePath: path.resolve(this.root, file) }));
    return [...changed, ...added].filter((change) => isInside(this.root, change.filePath));
  }

  private git(args: string[]): Promise<string> {
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('GIT_')));
    return new Promise((resolve, reject) => {
      execFile(
        'git',
        [...NEUTRAL_CONFIG, ...args],
        { cwd: this.root, env, timeout: this.timeoutMs, maxBuffer: MAX_GIT_OUTPUT_BYTES, windowsHide: true },
        (error, stdout, stderr) => {
          if (!error) return resolve(stdout);
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'ENOENT')
            return reject(badInput('git is not installed', 'install git, or name a symbol or file instead of --since'));
          if (code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER')
            return reject(badInput(`git ${args[0]} printed over 64 MB`, 'use a nearer ref'));
          if (error.killed)
            return reject(new CnError('engine-failure', `git ${args[0]} took over ${this.timeoutMs} ms`));
          const said = printable(stderr.split('\n')[0] ?? '', 200);
          reject(new CnError('engine-failure', `git ${args[0]} failed${said ? `: ${said}` : ''}`));
        },
      );
    });
  }
}

/**
 * `+++ path` then `@@ -a,b +c,d @@` hunks: lines c..c+d-1 of the file as it is now; d = 0 (lines deleted
 * after line c) is the gap c..c+1. Deleted files (`+++ /dev/null`) have no lines now and are left out, as are
 * paths git still quotes (control characters).
 */
export function parseDiff(diff: string): Array<{ file: string; lines: ChangedLines[] }> {
  const files: Array<{ file: string; lines: ChangedLines[] }> = [];
  let current: { file: string; lines: ChangedLines[] } | undefined;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) {
      const file = line.slice(4);
      current = file === '/dev/null' || file.startsWith('"') ? undefined : { file, lines: [] };
      if (current) files.push(current);
      continue;
    }
    const hunk = HUNK.exec(line);
    if (!hunk || !current) continue;
    const start = Number(hunk[1]);
    const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
    current.lines.push(count === 0 ? { start, end: start + 1 } : { start, end: start + count - 1 });
  }
  return files.filter((file) => file.lines.length > 0);
}
