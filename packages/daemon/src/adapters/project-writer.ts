import { createHash, randomBytes } from 'node:crypto';
import { constants, promises as fs, type Stats } from 'node:fs';
import * as path from 'node:path';
import { CnError, conflict, isInside, type FilesToEdit, type ProjectWriter } from '@cn/core';
import { forgetQuestionStats, fsPath, realPath } from '@cn/lsp';
import { MAX_SOURCE_BYTES } from './node-source-files.js';

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** A file as read for a rename: its bytes, what they say, and the file they came from. */
interface ReadFile {
  filePath: string;
  bytes: Buffer;
  bom: boolean;
  text: string;
  stats: Stats;
}

/** What was replaced, so a failure later in the same rename can put it back. */
interface Replaced {
  filePath: string;
  bytes: Buffer;
  stats: Stats;
}

/**
 * The daemon's one write path (cn rename). Every file is checked before it is read and again before it is replaced:
 * its real path inside the root, reached without a symbolic link at its last step, a regular file of at most
 * MAX_SOURCE_BYTES in UTF-8, not read-only. A file is replaced, never written in place: its new bytes go to a temp
 * file created O_CREAT|O_EXCL|O_NOFOLLOW beside it, fsynced, given the old file's mode (and owner, when cn may),
 * renamed over it, and the directory fsynced. If any file fails, those already replaced get their old bytes back
 * the same way, so no rename is left half done.
 */
export class NodeProjectWriter implements ProjectWriter {
  private readonly realRoot: Promise<string>;

  constructor(private readonly root: string) {
    this.realRoot = fs.realpath(root);
    // Awaited only when a path is checked: a root deleted before then (a test's temporary one) must not end as an
    // unhandled rejection; every await still sees the error.
    this.realRoot.catch(() => undefined);
  }

  async read(filePaths: string[]): Promise<FilesToEdit> {
    const files = await this.readAll(filePaths);
    return { texts: new Map(files.map((file) => [file.filePath, file.text])), fingerprint: this.fingerprint(files) };
  }

  async writeAll(files: { filePath: string; text: string }[], fingerprint: string): Promise<void> {
    const current = await this.readAll(files.map((file) => file.filePath));
    const readAs = new Map(current.map((file) => [file.filePath, file]));
    if (this.fingerprint(current) !== fingerprint)
      throw conflict('not renamed: a file to edit changed while cn read it', 'run cn rename again');
    const replaced: Replaced[] = [];
    try {
      for (const file of [...files].sort((a, b) => (a.filePath < b.filePath ? -1 : 1))) {
        const before = readAs.get(file.filePath)!;
        const bytes = Buffer.concat([before.bom ? UTF8_BOM : Buffer.alloc(0), Buffer.from(file.text, 'utf8')]);
        await this.replace(before, bytes);
        replaced.push({ filePath: before.filePath, bytes: before.bytes, stats: before.stats });
      }
    } catch (error) {
      const unrestored = await this.restore(replaced);
      const reason = error instanceof CnError ? error.message : `cannot write: ${(error as Error).message}`;
      throw new CnError(
        'io',
        unrestored.length === 0
          ? `not renamed: ${reason}; nothing was changed`
          : `${reason}; could not restore ${unrestored.map((each) => this.display(each)).join(', ')}`,
        unrestored.length === 0 ? 'make the file writable, or rename by hand' : 'check those files with git diff',
      );
    } finally {
      // The question that wrote goes on (the engine takes the new texts, the diagnostics after): its stats are older.
      forgetQuestionStats();
    }
  }

  /** Each file's path and bytes, in the order given: the digest a preview answers and an apply checks. */
  private fingerprint(files: ReadFile[]): string {
    const hash = createHash('sha256');
    for (const file of files) {
      const name = Buffer.from(this.display(file.filePath));
      hash.update(`${name.length}:`).update(name).update(`${file.bytes.length}:`).update(file.bytes);
    }
    return `sha256:${hash.digest('hex')}`;
  }

  private readAll(filePaths: string[]): Promise<ReadFile[]> {
    return Promise.all([...filePaths].sort().map((filePath) => this.readOne(filePath)));
  }

  private async readOne(filePath: string): Promise<ReadFile> {
    const stats = await this.checked(filePath);
    const handle = await fs.open(fsPath(filePath), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    try {
      const opened = await handle.stat();
      if (!sameFile(opened, stats)) throw refuse(this.display(filePath), 'it was replaced while cn read it');
      const bytes = await handle.readFile();
      const bom = bytes.subarray(0, 3).equals(UTF8_BOM);
      const body = bom ? bytes.subarray(3) : bytes;
      const text = body.toString('utf8');
      // UTF-16, Latin-1 …: written back as UTF-8 they would change bytes the rename never meant to touch.
      if (!Buffer.from(text, 'utf8').equals(body)) throw refuse(this.display(filePath), 'it is not UTF-8');
      return { filePath, bytes, bom, text, stats };
    } finally {
      await handle.close();
    }
  }

  /** The checks every read and every replace makes, on the path as it is now. */
  private async checked(filePath: string): Promise<Stats> {
    const shown = this.display(filePath);
    if (!isInside(this.root, filePath)) throw refuse(shown, 'it is outside the project root');
    const stats = await fs.lstat(fsPath(filePath)).catch(() => undefined);
    if (!stats) throw refuse(shown, 'it no longer exists');
    if (stats.isSymbolicLink()) throw refuse(shown, 'it is a symbolic link');
    if (!stats.isFile()) throw refuse(shown, 'it is not a regular file');
    if (stats.nlink > 1) throw refuse(shown, 'it has other hard links, which a replaced file would leave behind');
    if (stats.size > MAX_SOURCE_BYTES) throw refuse(shown, `it is over ${MAX_SOURCE_BYTES} bytes`);
    const real = await realPath(filePath).catch(() => undefined);
    if (real === undefined || !isInside(await this.realRoot, real))
      throw refuse(shown, 'its real path is outside the project root');
    return stats;
  }

  private async replace(before: ReadFile | Replaced, bytes: Buffer): Promise<void> {
    const shown = this.display(before.filePath);
    const now = await this.checked(before.filePath);
    if (!sameFile(now, before.stats)) throw refuse(shown, 'it changed while cn wrote the rename');
    // The owner's write bit says whether the file may be changed; root would write a read-only file regardless.
    if ((now.mode & 0o200) === 0) throw refuse(shown, 'it is read-only');
    await writeReplacing(before.filePath, bytes, now);
  }

  /** Puts back every replaced file (newest first); answers those it could not. */
  private async restore(replaced: Replaced[]): Promise<string[]> {
    const failed: string[] = [];
    for (const file of replaced.reverse()) {
      const now = await fs.lstat(fsPath(file.filePath)).catch(() => undefined);
      await writeReplacing(file.filePath, file.bytes, now?.isFile() ? now : file.stats).catch(() =>
        failed.push(file.filePath),
      );
    }
    return failed;
  }

  private display(filePath: string): string {
    return path.relative(this.root, filePath).split(path.sep).join('/') || filePath;
  }
}

/** A temp file beside the target, never an existing one, renamed over the target once its bytes are on disk. */
async function writeReplacing(filePath: string, bytes: Buffer, like: Stats): Promise<void> {
  const directory = path.dirname(filePath);
  // A dot name with no source extension: the file-set monitor and the engines never take it for a source.
  const temp = path.join(directory, `.${path.basename(filePath)}.cn-rename-${randomBytes(6).toString('hex')}.tmp`);
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  const handle = await fs.open(fsPath(temp), flags, 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.chmod(like.mode & 0o7777);
    await handle.chown(like.uid, like.gid).catch(() => undefined);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await fs.unlink(fsPath(temp)).catch(() => undefined);
    throw error;
  }
  await handle.close();
  try {
    await fs.rename(fsPath(temp), fsPath(filePath));
  } catch (error) {
    await fs.unlink(fsPath(temp)).catch(() => undefined);
    throw error;
  }
  const folder = await fs.open(fsPath(directory), constants.O_RDONLY | constants.O_DIRECTORY).catch(() => undefined);
  await folder?.sync().catch(() => undefined);
  await folder?.close();
}

function sameFile(a: Stats, b: Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;
}

function refuse(shown: string, why: string): CnError {
  return new CnError('io', `cannot write ${shown}: ${why}`);
}
