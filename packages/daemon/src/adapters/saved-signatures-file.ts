import os from 'node:os';
import * as path from 'node:path';
import { isInside, TrigramSignature } from '@cn/core';
import { readSavedState } from '@cn/local-files';
import { writeWhole, type FileStamp } from '@cn/lsp';

const FORMAT = 1;
/** A saved file larger than this is not read (typeorm's 3,583 files: 1.8 MB). */
const MAX_SAVED_BYTES = 128 * 1024 * 1024;

/** A file's text signature, and the stamp of the version it was computed from. */
export interface StampedSignature {
  stamp: FileStamp;
  signature: TrigramSignature;
}

/** Where the signatures are kept (the root's private state directory) and what must have made them to be used. */
export interface SavedSignaturesPlace {
  file: string;
  root: string;
  /** cn's version and the stamp of its build (lsp saved-name-index.ts, savedIndexKey): another build's are not read. */
  key: string;
}

/**
 * The trigram signatures of the project's texts, kept between daemons (`text-signatures.json`): a daemon's first scan
 * of every file for a word (a find's other matches) then reads only the files whose signature may hold it, instead of
 * all of them (typeorm: 3,583 reads, ~1 s of a cold find; `DataSource` is in 1,088). Each is used only for the file
 * version it was computed from: its stamp is compared with the file's before every use, as for the signatures of texts
 * this daemon read. Written whole (an exclusive 0600 temp file, renamed over), read only as a regular file of ours that
 * cn wrote for this root with this build and byte order; anything else is ignored and the files are read again.
 */
export class SavedSignaturesFile {
  constructor(
    private readonly place: SavedSignaturesPlace,
    private readonly log: (line: string) => void,
  ) {}

  load(): Map<string, StampedSignature> {
    const found = this.read();
    if (typeof found === 'string') {
      this.log(`cn: saved text signatures not used: ${found}`);
      return new Map();
    }
    this.log(`cn: saved text signatures read for ${found.size} files`);
    return found;
  }

  save(files: Iterable<[string, StampedSignature]>): void {
    const { root, key } = this.place;
    const entries: Record<string, [string, string]> = {};
    for (const [filePath, { stamp, signature }] of files) {
      // Only files under the root are read back (one outside would make the whole file unused).
      if (filePath === root || !isInside(root, filePath)) continue;
      entries[path.relative(root, filePath)] = [stamp, Buffer.from(signature.bytes()).toString('base64')];
    }
    try {
      writeWhole(
        this.place.file,
        JSON.stringify({ format: FORMAT, key, root, byteOrder: os.endianness(), files: entries }),
      );
    } catch (error) {
      this.log(`cn: the text signatures could not be saved: ${(error as Error).message}`);
    }
  }

  /** The saved signatures by absolute path, or why none are used. */
  private read(): Map<string, StampedSignature> | string {
    const read = readSavedState(this.place.file, MAX_SAVED_BYTES);
    if ('unused' in read) return read.unused;
    const saved = read.json;
    if (typeof saved !== 'object' || saved === null) return 'not what cn saved';
    const { format, key, root, byteOrder, files } = saved as Record<string, unknown>;
    if (format !== FORMAT || key !== this.place.key || byteOrder !== os.endianness())
      return 'saved by another build of cn';
    if (root !== this.place.root) return 'saved for another root';
    if (typeof files !== 'object' || files === null || Array.isArray(files)) return 'not what cn saved';
    const result = new Map<string, StampedSignature>();
    for (const [relative, entry] of Object.entries(files)) {
      const filePath = path.resolve(this.place.root, relative);
      if (filePath === this.place.root || !isInside(this.place.root, filePath)) return 'not what cn saved';
      const signature = signatureOf(entry);
      if (!signature) return 'not what cn saved';
      result.set(filePath, { stamp: (entry as [string, string])[0], signature });
    }
    return result;
  }
}

function signatureOf(entry: unknown): TrigramSignature | undefined {
  if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string' || typeof entry[1] !== 'string')
    return undefined;
  return TrigramSignature.fromBytes(Buffer.from(entry[1], 'base64'));
}
