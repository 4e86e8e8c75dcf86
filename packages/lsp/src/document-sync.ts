import path from 'node:path';
import { MissingPath, decodeSourceBytes } from '@cn/core';
import {
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
} from 'vscode-languageserver-protocol';
import { pathToUri } from './convert.js';
import { readFileBytes, statWithStamp, type FileStamp } from './file-stamp.js';
import type { LspConnection } from './lsp-connection.js';

/** The stamp of a document whose text is an unsaved edit (withText): no file on disk has it. */
const UNSAVED: FileStamp = 'unsaved';

interface OpenDocument {
  version: number;
  stamp: FileStamp;
  /** Anchors stay open for the life of the session: they keep their project loaded. */
  pinned: boolean;
  /** Requests in flight on this document; it stays open while any runs. */
  holds: number;
}

/**
 * The LSP language id for a source file (SOURCE_EXTENSIONS): .js/.mjs/.cjs/.jsx are JavaScript, the rest TypeScript; x
 * adds react.
 */
export function languageIdFor(filePath: string): string {
  const extension = path.extname(filePath).toLowerCase();
  const language = /^\.[cm]?jsx?$/.test(extension) ? 'javascript' : 'typescript';
  return extension.endsWith('x') ? `${language}react` : language;
}

/**
 * Which documents the language server has open, and whether each still matches the disk. The language server
 * ignores requests on files that are not open, rejects a second didOpen of the same file, and trusts an open
 * document's text over the disk — so this keeps opens unique, fresh and bounded.
 *
 * The open set must equal the language server's under concurrency: a document whose sync is in flight or that
 * a request holds is never evicted (evicting it mid-sync once left it "open" here but closed in the language
 * server, so the file answered empty until a restart); the overflow goes once they are done.
 */
export class DocumentSync {
  private readonly documents = new Map<string, OpenDocument>();
  /** One sync at a time per file, or two concurrent requests would both send didOpen. */
  private readonly syncing = new Map<string, Promise<unknown>>();

  constructor(
    private readonly connection: LspConnection,
    private readonly maxUnpinned: number,
    /** Why a file must not be opened (its config is kept from the engine), or undefined. */
    private readonly refusal: (filePath: string) => Error | undefined = () => undefined,
  ) {}

  get openCount(): number {
    return this.documents.size;
  }

  /** The files the language server has open (for checks). */
  openFiles(): string[] {
    return [...this.documents.keys()];
  }

  /** Opens the file or re-syncs it from disk; moves it to the most-recently-used end. */
  async sync(filePath: string, pinned = false): Promise<void> {
    await this.queue(filePath, () => this.syncNow(filePath, pinned, false));
  }

  /**
   * Syncs the file and keeps it open until the returned release is called: for the life of a
   * request on it, so that other files' opens cannot close it under the request. Resolves to the
   * stamp of the content the language server now has.
   */
  async hold(filePath: string): Promise<{ stamp: FileStamp; release: () => void }> {
    const document = await this.queue(filePath, () => this.syncNow(filePath, false, true));
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      document.holds -= 1;
      this.evictOverflow();
    };
    return { stamp: document.stamp, release };
  }

  /**
   * Re-syncs every open document, so project-wide answers do not come from a stale open copy.
   * Deleted files are closed instead.
   */
  async syncAll(): Promise<void> {
    const paths = [...this.documents.keys()];
    await Promise.all(paths.map((filePath) => this.sync(filePath).catch(() => undefined)));
  }

  /**
   * Runs `work` while the language server sees `text` as the file's content, an unsaved edit (cn check), then gives it
   * the disk text back, read again, whatever `work` did. Queued for the file throughout, so no other sync of it
   * interleaves; `work` must not sync this file itself (it would wait for this).
   */
  async withText<T>(filePath: string, text: string, work: () => Promise<T>): Promise<T> {
    return this.queue(filePath, async () => {
      const document = await this.syncNow(filePath, false, true);
      try {
        document.version += 1;
        // Matches no disk state: should the restore below fail, the next sync of the file sends the disk text.
        document.stamp = UNSAVED;
        this.notifyChange(filePath, document.version, text);
        return await work();
      } finally {
        document.holds -= 1;
        await this.syncNow(filePath, false, false).catch(() => undefined);
      }
    });
  }

  /** Closes the document if it is open and no request holds it (it is then only unpinned). */
  async release(filePath: string): Promise<void> {
    await this.queue(filePath, async () => {
      const document = this.documents.get(filePath);
      if (!document) return;
      if (document.holds > 0) document.pinned = false;
      else this.close(filePath);
    });
  }

  private queue<T>(filePath: string, work: () => Promise<T>): Promise<T> {
    const previous = this.syncing.get(filePath) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    this.syncing.set(filePath, next);
    const forget = () => {
      if (this.syncing.get(filePath) !== next) return;
      this.syncing.delete(filePath);
      this.evictOverflow();
    };
    next.then(forget, forget);
    return next;
  }

  /** Runs queued for its file, so no other sync of this file interleaves; others' may. */
  private async syncNow(filePath: string, pinned: boolean, hold: boolean): Promise<OpenDocument> {
    const refused = this.refusal(filePath);
    if (refused) throw refused;
    const found = await statWithStamp(filePath);
    if (!found || !found.stats.isFile()) {
      if (this.documents.has(filePath)) this.close(filePath);
      throw new MissingPath(filePath, 'Check the path; the file may have been deleted or moved.');
    }
    // Nothing closes a document while its sync is queued, so what was open is still open here.
    const current = this.documents.get(filePath);
    const text = current?.stamp === found.stamp ? undefined : decodeSourceBytes(await readFileBytes(filePath));
    let document: OpenDocument;
    if (current) {
      document = current;
      this.documents.delete(filePath);
      if (text !== undefined) {
        current.version += 1;
        current.stamp = found.stamp;
        this.notifyChange(filePath, current.version, text);
      }
    } else {
      document = { version: 1, stamp: found.stamp, pinned: false, holds: 0 };
      this.connection.notify(DidOpenTextDocumentNotification.type, {
        textDocument: { uri: pathToUri(filePath), languageId: languageIdFor(filePath), version: 1, text },
      });
    }
    document.pinned ||= pinned;
    if (hold) document.holds += 1;
    this.documents.set(filePath, document);
    return document;
  }

  // Not lru-cache (which the per-file answers and the text cache use): eviction here skips pinned,
  // held and syncing documents and must send didClose for each, which an LRU library cannot express.
  private evictOverflow(): void {
    let unpinned = [...this.documents.values()].filter((document) => !document.pinned).length;
    for (const [filePath, document] of this.documents) {
      if (unpinned <= this.maxUnpinned) break;
      if (document.pinned || document.holds > 0 || this.syncing.has(filePath)) continue;
      this.close(filePath);
      unpinned -= 1;
    }
  }

  private notifyChange(filePath: string, version: number, text: string): void {
    this.connection.notify(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: pathToUri(filePath), version },
      contentChanges: [{ text }],
    });
  }

  private close(filePath: string): void {
    this.documents.delete(filePath);
    this.connection.notify(DidCloseTextDocumentNotification.type, { textDocument: { uri: pathToUri(filePath) } });
  }
}
