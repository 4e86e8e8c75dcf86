import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { badInput, decodeSourceBytes } from '@cn/core';
import { pathToUri } from './convert.js';
import type { LspConnection } from './lsp-connection.js';

interface OpenDocument {
  version: number;
  mtimeMs: number;
  size: number;
  /** Anchors stay open for the life of the session: they keep their project loaded. */
  pinned: boolean;
}

const LANGUAGE_BY_EXTENSION: Record<string, string> = {
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'typescriptreact',
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascriptreact',
};

export function languageIdFor(filePath: string): string {
  return LANGUAGE_BY_EXTENSION[path.extname(filePath).toLowerCase()] ?? 'typescript';
}

/**
 * Which documents TLS has open, and whether each still matches the disk. TLS ignores requests on
 * files that are not open, rejects a second didOpen of the same file, and trusts an open
 * document's text over the disk — so this keeps opens unique, fresh and bounded.
 */
export class DocumentSync {
  private readonly documents = new Map<string, OpenDocument>();
  /** One sync at a time per file, or two concurrent requests would both send didOpen. */
  private readonly syncing = new Map<string, Promise<void>>();

  constructor(
    private readonly connection: LspConnection,
    private readonly maxUnpinned: number,
  ) {}

  get openCount(): number {
    return this.documents.size;
  }

  /** Opens the file or re-syncs it from disk; moves it to the most-recently-used end. */
  sync(filePath: string, pinned = false): Promise<void> {
    const previous = this.syncing.get(filePath) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.syncNow(filePath, pinned));
    this.syncing.set(filePath, next);
    const forget = () => {
      if (this.syncing.get(filePath) === next) this.syncing.delete(filePath);
    };
    next.then(forget, forget);
    return next;
  }

  private async syncNow(filePath: string, pinned: boolean): Promise<void> {
    const current = this.documents.get(filePath);
    const stats = await stat(filePath).catch(() => undefined);
    if (!stats || !stats.isFile()) {
      if (current) this.close(filePath);
      throw badInput(`no such file: ${filePath}`, 'Check the path; the file may have been deleted or moved.');
    }
    if (current) {
      this.documents.delete(filePath);
      this.documents.set(filePath, current);
      current.pinned ||= pinned;
      if (current.mtimeMs === stats.mtimeMs && current.size === stats.size) return;
      const text = decodeSourceBytes(await readFile(filePath));
      current.version += 1;
      current.mtimeMs = stats.mtimeMs;
      current.size = stats.size;
      this.connection.notify('textDocument/didChange', {
        textDocument: { uri: pathToUri(filePath), version: current.version },
        contentChanges: [{ text }],
      });
      return;
    }
    const text = decodeSourceBytes(await readFile(filePath));
    this.documents.set(filePath, { version: 1, mtimeMs: stats.mtimeMs, size: stats.size, pinned });
    this.connection.notify('textDocument/didOpen', {
      textDocument: { uri: pathToUri(filePath), languageId: languageIdFor(filePath), version: 1, text },
    });
    this.evictOverflow();
  }

  /**
   * Re-syncs every open document, so project-wide answers do not come from a stale open copy.
   * Deleted files are closed instead.
   */
  async syncAll(): Promise<void> {
    const paths = [...this.documents.keys()];
    await Promise.all(paths.map((filePath) => this.sync(filePath).catch(() => undefined)));
  }

  /** Closes the document if it is open (pinned or not). */
  release(filePath: string): void {
    if (this.documents.has(filePath)) this.close(filePath);
  }

  private evictOverflow(): void {
    let unpinned = [...this.documents].filter(([, document]) => !document.pinned).length;
    for (const [filePath, document] of this.documents) {
      if (unpinned <= this.maxUnpinned) break;
      if (document.pinned) continue;
      this.close(filePath);
      unpinned -= 1;
    }
  }

  private close(filePath: string): void {
    this.documents.delete(filePath);
    this.connection.notify('textDocument/didClose', { textDocument: { uri: pathToUri(filePath) } });
  }
}
