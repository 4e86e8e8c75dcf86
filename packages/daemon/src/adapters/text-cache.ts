import type { SourceText, TrigramSignature } from '@cn/core';
import type { FileStamp } from '@cn/lsp';
import { LRUCache } from 'lru-cache';

/**
 * File texts (with their line offsets, once computed) kept between requests while their stamp holds (size,
 * mtime, ctime, inode: a same-size edit that keeps the mtime still moves the ctime): a `find` builds previews
 * from the ~100 files its references live in, and the next question usually touches the same files.
 * Bounded by the bytes the texts take in V8's heap, least recently used out first.
 */
export class TextCache {
  private readonly entries: LRUCache<string, { stamp: FileStamp; source: SourceText }>;

  /**
   * `onEvict`: a text pushed out by others (not one replaced by a newer version or dropped as stale), while it is still
   * at hand: what is kept of it past the text is taken then (a project within the budget never pays for it).
   */
  constructor(maxBytes: number, onEvict: (filePath: string, stamp: FileStamp, source: SourceText) => void = () => {}) {
    // lru-cache wants positive sizes: an empty file counts as one byte. A text over the whole budget is not kept
    // (and drops what was kept for that file).
    this.entries = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: (entry) => Math.max(1, heapBytes(entry.source.text)),
      dispose: (entry, filePath, reason) => {
        if (reason === 'evict') onEvict(filePath, entry.stamp, entry.source);
      },
    });
  }

  /** The text kept for the file at this stamp, without counting as a use. */
  peek(filePath: string, stamp: FileStamp): SourceText | undefined {
    const entry = this.entries.peek(filePath);
    return entry?.stamp === stamp ? entry.source : undefined;
  }

  get(filePath: string, stamp: FileStamp): SourceText | undefined {
    const entry = this.entries.get(filePath);
    if (!entry) return undefined;
    if (entry.stamp !== stamp) {
      this.entries.delete(filePath);
      return undefined;
    }
    return entry.source;
  }

  set(filePath: string, stamp: FileStamp, source: SourceText): void {
    this.entries.set(filePath, { stamp, source });
  }

  /** Every text kept, with its file and stamp, without counting as uses. */
  *kept(): IterableIterator<[string, FileStamp, SourceText]> {
    for (const [filePath, { stamp, source }] of this.entries.entries()) yield [filePath, stamp, source];
  }
}

/**
 * What is kept of a text pushed out of the text cache: its trigram signature (~6% of its size), by file and stamp, so
 * that a scan of every file for a word reads only the files that may hold it. On an 11,554-file root (41 MB of text,
 * over the text cache's budget) each warm find read every file again for the word's other occurrences: 226 ms of its
 * 640. A text still in the cache needs none: reading it costs nothing.
 */
export class SignatureCache {
  private readonly entries: LRUCache<string, { stamp: FileStamp; signature: TrigramSignature }>;

  constructor(maxBytes: number) {
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: (entry) => entry.signature.byteLength });
  }

  /** The signature of the file's text at this stamp, or undefined when none is kept for it. */
  get(filePath: string, stamp: FileStamp): TrigramSignature | undefined {
    const entry = this.entries.get(filePath);
    return entry?.stamp === stamp ? entry.signature : undefined;
  }

  set(filePath: string, stamp: FileStamp, signature: TrigramSignature): void {
    this.entries.set(filePath, { stamp, signature });
  }

  /** Whether a signature is kept for the file, of whatever version. */
  has(filePath: string): boolean {
    return this.entries.has(filePath);
  }

  /** Every signature kept, with its file and stamp, without counting as uses. */
  *kept(): IterableIterator<[string, FileStamp, TrigramSignature]> {
    for (const [filePath, { stamp, signature }] of this.entries.entries()) yield [filePath, stamp, signature];
  }
}

/**
 * What V8 stores a string in: one byte a character while every character is Latin-1, else two for all of them. One
 * `→` in a comment doubles a file's cost, which a budget in characters did not see.
 */
export function heapBytes(text: string): number {
  return PAST_LATIN_1.test(text) ? 2 * text.length : text.length;
}

const PAST_LATIN_1 = /[\u0100-\uffff]/;
