import type { FileStamp } from '@cn/lsp';

/**
 * File texts kept between requests while their stamp holds (size, mtime, ctime, inode: a same-size
 * edit that keeps the mtime still moves the ctime): a `find` builds previews from
 * the ~100 files its references live in, and the next question usually touches the same files.
 * Bounded by total characters, least recently used out first.
 */
export class TextCache {
  private readonly entries = new Map<string, { stamp: FileStamp; text: string }>();
  private characters = 0;

  constructor(private readonly maxCharacters: number) {}

  get(filePath: string, stamp: FileStamp): string | undefined {
    const entry = this.entries.get(filePath);
    if (!entry) return undefined;
    if (entry.stamp !== stamp) {
      this.drop(filePath);
      return undefined;
    }
    this.entries.delete(filePath);
    this.entries.set(filePath, entry);
    return entry.text;
  }

  set(filePath: string, stamp: FileStamp, text: string): void {
    this.drop(filePath);
    if (text.length > this.maxCharacters) return;
    this.entries.set(filePath, { stamp, text });
    this.characters += text.length;
    for (const [oldest, entry] of this.entries) {
      if (this.characters <= this.maxCharacters) break;
      this.entries.delete(oldest);
      this.characters -= entry.text.length;
    }
  }

  private drop(filePath: string): void {
    const entry = this.entries.get(filePath);
    if (!entry) return;
    this.entries.delete(filePath);
    this.characters -= entry.text.length;
  }
}
