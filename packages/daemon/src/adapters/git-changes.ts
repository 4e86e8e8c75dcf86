import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import {
  CnError,
  SourceText,
  badInput,
  changedLines,
  decodeSourceBytes,
  isInside,
  looksBinary,
  printable,
  type ChangedFile,
  type ChangeHistory,
  type SourceFiles,
} from '@cn/core';

/** Listings and blobs past this are no change anyone reviews as symbols. */
const MAX_GIT_OUTPUT_BYTES = 64 * 1024 * 1024;
/**
 * cn asks git only to list and to hand over objects: rev-parse, ls-tree, ls-files and cat-file (no `--filters`, no
 * `--textconv`) read no file of the working tree through a filter, run no diff driver, write no index (so no
 * post-index-change hook), and no hook at all. What would still run something on those reads is turned off: the
 * fsmonitor hook (run on any read of the index), hooks in general, and a lazy fetch of a blob missing from a partial
 * clone (which runs the transport the repository configures, core.sshCommand …): no protocol is allowed.
 */
const NEUTRAL_CONFIG = [
  '-c',
  'core.fsmonitor=false',
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'core.quotePath=false',
  '-c',
  'protocol.allow=never',
  '--no-pager',
];
/** `ls-tree` modes that are no file text: a symlink (its target), a submodule (a commit). */
const NOT_A_FILE = new Set(['120000', '160000']);

/**
 * The working tree's changes since a ref, compared by cn itself: the ref's blobs (`git ls-tree`, `git cat-file
 * --batch`) against the working tree's files as cn's confined reader reads them, line by line (core's
 * `changedLines`); files in the index but not the ref count as wholly new lines, untracked files not ignored
 * (`git ls-files --others`, which lists names and reads no content) as whole files. Only paths under the root: git
 * runs in the root and lists what is below it. git runs without a shell, with the ref checked and passed after
 * `--end-of-options`, and with none of the caller's `GIT_*` variables (a `GIT_DIR` would point it elsewhere).
 */
export class GitChanges implements ChangeHistory {
  constructor(
    private readonly root: string,
    private readonly timeoutMs: number,
    private readonly files: Pick<SourceFiles, 'readSource'>,
  ) {}

  async changedFiles(ref: string, wanted: (filePath: string) => boolean): Promise<ChangedFile[]> {
    if (ref === '' || ref.startsWith('-') || /[\0\n]/.test(ref))
      throw badInput(`'${printable(ref, 80)}' is not a git ref`, 'e.g. --since HEAD, --since main');
    const inside = await this.git(['rev-parse', '--is-inside-work-tree']).catch(() => undefined);
    if (inside?.toString().trim() !== 'true')
      throw badInput(`${this.root} is not in a git work tree`, '--since needs git; without it, name a symbol or file');
    const commit = (
      await this.git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]).catch(() => '')
    )
      .toString()
      .trim();
    if (!/^[0-9a-f]{40,64}$/.test(commit))
      throw badInput(`unknown git ref '${printable(ref, 80)}'`, 'e.g. --since HEAD, --since main, --since HEAD~3');
    const [prefix, tree, indexed, untracked] = await Promise.all([
      this.git(['rev-parse', '--show-prefix']).then((output) => output.toString().replace(/\n$/, '')),
      this.git(['ls-tree', '-r', '-z', '--full-tree', '--end-of-options', commit]),
      this.git(['ls-files', '-z', '--cached']).then(nulSeparated),
      this.git(['ls-files', '-z', '--others', '--exclude-standard']).then(nulSeparated),
    ]);
    const committed = blobsUnder(tree, prefix);
    const inRoot = (relative: string) => {
      const filePath = path.resolve(this.root, relative);
      // Names with control characters are left out, as git's quoted names were before: cn prints paths.
      return !hasControlCharacter(relative) && isInside(this.root, filePath) && wanted(filePath) ? filePath : undefined;
    };
    const changed: ChangedFile[] = [];
    const toCompare: Array<{ filePath: string; blob: string; now: SourceText }> = [];
    for (const relative of new Set(indexed)) {
      const filePath = inRoot(relative);
      // Deleted since (no text now), or no text cn reads (binary, too large, outside the root through a symlink).
      const now = filePath && (await this.files.readSource(filePath).catch(() => undefined));
      if (!filePath || !now) continue;
      const blob = committed.get(relative);
      if (blob === undefined) {
        if (now.text.length > 0) changed.push({ filePath, lines: [{ start: 1, end: now.lineCount }] });
      } else if (blobId(now.text, blob.length) !== blob) toCompare.push({ filePath, blob, now });
    }
    const before = await this.blobs(toCompare.map((entry) => entry.blob));
    for (const { filePath, blob, now } of toCompare) {
      const bytes = before.get(blob);
      const text = bytes && decodeSourceBytes(bytes);
      if (text === undefined || looksBinary(text)) {
        changed.push({ filePath });
        continue;
      }
      const lines = changedLines(new SourceText(text), now);
      if (lines.length > 0) changed.push({ filePath, lines });
    }
    const order = new Map(indexed.map((relative, index) => [path.resolve(this.root, relative), index]));
    changed.sort((a, b) => order.get(a.filePath)! - order.get(b.filePath)!);
    for (const relative of untracked) {
      const filePath = inRoot(relative);
      if (filePath) changed.push({ filePath });
    }
    return changed;
  }

  /** Blobs by id through one `git cat-file --batch`; a missing one (a partial clone, not fetched) is left out. */
  private async blobs(ids: string[]): Promise<Map<string, Buffer>> {
    const found = new Map<string, Buffer>();
    const unique = [...new Set(ids)];
    if (unique.length === 0) return found;
    const output = await this.git(['cat-file', '--batch'], `${unique.join('\n')}\n`);
    let at = 0;
    while (at < output.length) {
      const headerEnd = output.indexOf(0x0a, at);
      if (headerEnd < 0) break;
      const [id, type, size] = output.subarray(at, headerEnd).toString().split(' ');
      at = headerEnd + 1;
      if (type === 'missing' || size === undefined) continue;
      const length = Number(size);
      if (type === 'blob') found.set(id, output.subarray(at, at + length));
      at += length + 1;
    }
    return found;
  }

  private git(args: string[], input?: string): Promise<Buffer> {
    const env = {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('GIT_'))),
      // Stronger than protocol.allow: the repository's protocol.<name>.allow cannot widen it.
      GIT_ALLOW_PROTOCOL: 'none',
      GIT_NO_LAZY_FETCH: '1',
      GIT_TERMINAL_PROMPT: '0',
      GIT_OPTIONAL_LOCKS: '0',
    };
    return new Promise((resolve, reject) => {
      const child = execFile(
        'git',
        [...NEUTRAL_CONFIG, ...args],
        {
          cwd: this.root,
          env,
          timeout: this.timeoutMs,
          maxBuffer: MAX_GIT_OUTPUT_BYTES,
          windowsHide: true,
          encoding: 'buffer',
        },
        (error, stdout, stderr) => {
          if (!error) return resolve(stdout);
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'ENOENT')
            return reject(badInput('git is not installed', 'install git, or name a symbol or file instead of --since'));
          if (code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER')
            return reject(badInput(`git ${args[0]} printed over 64 MB`, 'use a nearer ref'));
          if (error.killed)
            return reject(new CnError('engine-failure', `git ${args[0]} took over ${this.timeoutMs} ms`));
          const said = printable(stderr.toString().split('\n')[0] ?? '', 200);
          reject(new CnError('engine-failure', `git ${args[0]} failed${said ? `: ${said}` : ''}`));
        },
      );
      child.stdin?.on('error', () => undefined);
      child.stdin?.end(input);
    });
  }
}

function hasControlCharacter(name: string): boolean {
  for (let index = 0; index < name.length; index++) {
    const code = name.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function nulSeparated(output: Buffer): string[] {
  return output
    .toString()
    .split('\0')
    .filter((name) => name !== '');
}

/** `<mode> <type> <id>\t<path>` entries of files (not symlinks or submodules) under the prefix, by path below it. */
function blobsUnder(tree: Buffer, prefix: string): Map<string, string> {
  const blobs = new Map<string, string>();
  for (const entry of nulSeparated(tree)) {
    const tab = entry.indexOf('\t');
    const [mode, type, id] = entry.slice(0, tab).split(' ');
    const name = entry.slice(tab + 1);
    if (type === 'blob' && !NOT_A_FILE.has(mode) && name.startsWith(prefix)) blobs.set(name.slice(prefix.length), id);
  }
  return blobs;
}

/**
 * git's id of a blob holding the text as UTF-8: equal to the ref's id means the file is unchanged, without reading
 * the blob. A file git stores otherwise (CRLF converted, a BOM, UTF-16) differs here and is compared line by line.
 */
function blobId(text: string, idLength: number): string {
  const bytes = Buffer.from(text, 'utf8');
  return createHash(idLength === 64 ? 'sha256' : 'sha1')
    .update(`blob ${bytes.length}\0`)
    .update(bytes)
    .digest('hex');
}
