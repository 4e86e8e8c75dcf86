import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import {
  MissingPath,
  SourceText,
  badInput,
  decodeSourceBytes,
  isInside,
  looksBinary,
  type SourceFiles,
  type TrigramSignature,
} from '@cn/core';
import {
  questionStat,
  readRegularFileSync,
  realPath,
  realPathSync,
  realPathsSync,
  stampOf,
  type FileStamp,
  type RegularFileRead,
} from '@cn/lsp';
import type { SavedSignaturesFile } from './saved-signatures-file.js';
import type { KnownStamps } from './stamps-on-connect.js';
import { SignatureCache, TextCache } from './text-cache.js';

export const MAX_SOURCE_BYTES = 4 * 1024 * 1024;
/** The text cache's budget: every source text of a 30 MB project (typeorm's 3,576 files take 10.7 MB). */
const CACHED_BYTES = 32 * 1024 * 1024;
/** The signatures' budget: those of ~1 GB of text (a signature is ~6% of its text's characters). */
const SIGNATURE_BYTES = 64 * 1024 * 1024;

/**
 * Reads files for the use cases, confined to the project root: `..`, absolute paths elsewhere and
 * symlinks that lead out of the root are refused, as are directories, binary files and files over
 * the size cap (a minified bundle is not code anyone wants inspected). The confinement is checked
 * on every read, whoever named the file — the user or the engine (a reference in a file reached
 * through a symlink or a tsconfig `include` outside the root) — so no text from outside is ever read.
 */
export class NodeSourceFiles implements SourceFiles {
  private readonly realRoot: Promise<string>;
  private readonly signatures = new SignatureCache(SIGNATURE_BYTES);
  private readonly saved: SavedSignaturesFile | undefined;
  private readonly cache: TextCache;
  /** What the daemon before kept of the texts it read, until the first scan that can use it takes it in. */
  private savedToTake: SavedSignaturesFile | undefined;

  constructor(
    private readonly root: string,
    /** Stamps taken when the question's connection arrived (stamps-on-connect.ts), used instead of a stat. */
    private readonly known?: KnownStamps,
    options: {
      /** The text cache's budget in bytes (a test makes it small to see texts pushed out). */
      cachedBytes?: number;
      /** Where the signatures are kept between daemons (saveSignatures writes them, the next daemon reads them). */
      savedSignatures?: SavedSignaturesFile;
    } = {},
  ) {
    const { cachedBytes = CACHED_BYTES } = options;
    this.saved = options.savedSignatures;
    this.savedToTake = options.savedSignatures;
    // ~4 ms a MB of text, once per version pushed out: the next scan for a word skips the file without reading it.
    this.cache = new TextCache(cachedBytes, (filePath, stamp, source) =>
      this.signatures.set(filePath, stamp, source.trigramSignature()),
    );
    this.realRoot = fs.realpath(root);
    // Awaited only when a path is checked: a root deleted before then (a test's temporary one) must not end as an
    // unhandled rejection; every await still sees the error.
    this.realRoot.catch(() => undefined);
  }

  async resolveInRoot(userPath: string): Promise<string> {
    const absolute = path.resolve(this.root, userPath);
    if (!isInside(this.root, absolute)) throw outsideRoot(absolute);
    await this.realPathInRoot(absolute, 'paths are relative to the project root or the working directory');
    // Keep the path as the user's view of the tree (the root may itself be behind a symlink).
    return absolute;
  }

  async isInsideRoot(filePath: string): Promise<boolean> {
    // A path that does not resolve (deleted since the engine saw it) has no text to leak: judge its spelling.
    const real = await realPath(filePath).catch(() => undefined);
    return real === undefined
      ? isInside(this.root, filePath) || isInside(await this.realRoot, filePath)
      : isInside(await this.realRoot, real);
  }

  async filesInsideRoot(filePaths: readonly string[]): Promise<boolean[]> {
    const realRoot = await this.realRoot;
    return realPathsSync(filePaths).map((real, index) =>
      real === undefined
        ? isInside(this.root, filePaths[index]) || isInside(realRoot, filePaths[index])
        : isInside(realRoot, real),
    );
  }

  async readSource(filePath: string): Promise<SourceText> {
    // The file the path reaches now, symlinks followed: if it is the very file (device, inode, size, times) whose
    // text was read through the checks below, that text is still the answer and the checks still hold. A path
    // swapped to reach another file has another stamp and goes through them again. This is what makes reading
    // every file of a project (cn grep) cost one stat per file instead of a realpath and a stat; a synchronous one,
    // as a promise per file cost more than the stat itself (30 ms of CPU for effect's 361 files against 3). The
    // stat may have been taken already, when the question's connection arrived (stamps-on-connect.ts).
    const known = this.known?.stamp(filePath);
    if (known) {
      const cached = this.cache.get(filePath, known);
      if (cached !== undefined) return cached;
    } else {
      const current = questionStat(filePath);
      const cached = current?.isFile() ? this.cache.get(filePath, stampOf(current)) : undefined;
      if (cached !== undefined) return cached;
    }
    const real = await this.realPathInRoot(filePath, 'the file may have been moved or deleted', true);
    // One descriptor for the checks and the bytes, read synchronously (regular-file.ts): the checked real path, and
    // no symlink swapped in for it since (O_NOFOLLOW refuses one).
    let found: RegularFileRead;
    try {
      found = readRegularFileSync(real, { noFollow: true, maxBytes: MAX_SOURCE_BYTES });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new MissingPath(this.display(filePath), 'the file may have been moved or deleted');
      throw badInput(`${this.display(filePath)} could not be read`, 'the file may have been replaced while cn read it');
    }
    if (found.kind === 'directory')
      throw badInput(`${this.display(filePath)} is a directory, not a file`, 'pass a source file, e.g. src/index.ts');
    if (found.kind === 'special') throw badInput(`${this.display(filePath)} is not a regular file`);
    if (found.kind === 'too-large') {
      throw badInput(
        `${this.display(filePath)} is too large (${found.stats.size} bytes, at most ${MAX_SOURCE_BYTES})`,
        'cn reads source files, not bundles or data',
      );
    }
    const stamp = stampOf(found.stats);
    const buffer = found.bytes;
    const text = decodeSourceBytes(buffer);
    if (looksBinary(text)) throw badInput(`${this.display(filePath)} is a binary file`, 'cn reads source files only');
    const source = new SourceText(text);
    this.cache.set(filePath, stamp, source);
    return source;
  }

  mayContainAny(filePath: string, literals: readonly string[]): boolean {
    const known = this.known?.stamp(filePath);
    let stamp: FileStamp | undefined;
    if (known !== undefined) stamp = known ?? undefined;
    else {
      const current = questionStat(filePath);
      stamp = current?.isFile() ? stampOf(current) : undefined;
    }
    // Not a file now, or never read at this version: only a read can tell (and say what is wrong). A text still cached
    // answers from its own signature if it has one (the search index computes them), else is read: a cache hit.
    if (stamp === undefined) return true;
    const cached = this.cache.peek(filePath, stamp);
    if (cached !== undefined) return cached.mayContainAny(literals);
    this.takeSaved();
    const signature = this.signatures.get(filePath, stamp);
    return signature === undefined || signature.mayContainAny(literals);
  }

  /**
   * Keeps, for the next daemon, the signature of every text this one knows whose file is still that version: the texts
   * it holds (their signatures computed now if the search index had not: ~4 ms a MB) and those it kept of texts pushed
   * out or took from the daemon before. On the way out, once no question is left to answer.
   */
  saveSignatures(): void {
    if (!this.saved) return;
    this.takeSaved();
    const kept = new Map<string, { stamp: FileStamp; signature: TrigramSignature }>();
    for (const [filePath, stamp, signature] of this.signatures.kept()) kept.set(filePath, { stamp, signature });
    for (const [filePath, stamp, source] of this.cache.kept())
      kept.set(filePath, { stamp, signature: source.trigramSignature() });
    for (const [filePath, { stamp }] of kept) {
      const current = questionStat(filePath);
      if (!current?.isFile() || stampOf(current) !== stamp) kept.delete(filePath);
    }
    this.saved.save(kept);
  }

  /** The saved signatures, read once; one this daemon computed itself is as new or newer and stays. */
  private takeSaved(): void {
    const saved = this.savedToTake;
    if (saved === undefined) return;
    this.savedToTake = undefined;
    for (const [filePath, { stamp, signature }] of saved.load())
      if (!this.signatures.has(filePath)) this.signatures.set(filePath, stamp, signature);
  }

  /** The file's real path, refused unless it exists and is under the real root; errors name it as the user sees it. */
  private async realPathInRoot(filePath: string, missingHint: string, now = false): Promise<string> {
    let real: string;
    try {
      real = now ? realPathSync(filePath) : await realPath(filePath);
    } catch {
      throw new MissingPath(this.display(filePath), missingHint);
    }
    if (!isInside(await this.realRoot, real)) throw outsideRoot(this.display(filePath));
    return real;
  }

  private display(filePath: string): string {
    return isInside(this.root, filePath) ? path.relative(this.root, filePath) || '.' : filePath;
  }
}

function outsideRoot(userPath: string) {
  return badInput(`${userPath} is outside the project root`, 'cn only reads files under --root');
}
