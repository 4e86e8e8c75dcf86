import type { SourceText } from '@cn/core';
import type { FileStamp } from '@cn/lsp';
import { LRUCache } from 'lru-cache';

/**
 * File texts (with their line offsets, once computed) kept between requests while their stamp holds (size,
 * mtime, ctime, inode: a same-size edit that keeps the mtime still moves the ctime): a `find` builds previews
 * from the ~100 files its references live in, and the next question usually touches the same files.
 * Bounded by total characters, least recently used out first.
 */
export class TextCache {
  private readonly entries: LRUCache<string, { stamp: FileStamp; source: SourceText }>;

  constructor(maxCharacters: number) {
    // lru-cache wants positive sizes: an empty file counts as one character. A text over the whole
    // budget is not kept (and drops what was kept for that file).
    this.entries = new LRUCache({
      maxSize: maxCharacters,
      sizeCalculation: (entry) => Math.max(1, entry.source.text.length),
    });
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
}
