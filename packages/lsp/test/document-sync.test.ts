import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type * as fsPromises from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOURCE_EXTENSIONS } from '@cn/core';
import { DocumentSync, languageIdFor } from '../src/document-sync.js';
import type { LspConnection } from '../src/lsp-connection.js';

/** stat() of a held path waits until the test lets it go: the moment another sync may run. */
const heldStats = new Map<string, Promise<void>>();
vi.mock('node:fs/promises', async (importOriginal) => {
  const original = await importOriginal<typeof fsPromises>();
  const stat = async (...args: Parameters<typeof original.stat>) => {
    await heldStats.get(String(args[0]));
    return original.stat(...args);
  };
  return { ...original, default: { ...original, stat }, stat };
});

/**
 * What the language server believes is open, from the notifications it got; it complains like the language
 * server does.
 */
class FakeServer {
  readonly open = new Set<string>();
  readonly complaints: string[] = [];

  notify({ method }: { method: string }, params: { textDocument: { uri: string } }): void {
    const file = fileURLToPath(params.textDocument.uri);
    if (method === 'textDocument/didOpen') {
      if (this.open.has(file)) this.complaints.push(`opened twice: ${path.basename(file)}`);
      this.open.add(file);
    } else if (method === 'textDocument/didClose') {
      if (!this.open.delete(file)) this.complaints.push(`Trying to close not opened document: ${path.basename(file)}`);
    } else if (method === 'textDocument/didChange' && !this.open.has(file)) {
      this.complaints.push(`change of a closed document: ${path.basename(file)}`);
    }
  }
}

function hold(filePath: string): () => void {
  let release!: () => void;
  heldStats.set(filePath, new Promise<void>((resolve) => (release = resolve)));
  return () => {
    heldStats.delete(filePath);
    release();
  };
}

describe('DocumentSync keeps its open set equal to the server’s under concurrency', () => {
  let directory: string;
  let server: FakeServer;
  let documents: DocumentSync;
  const file = (name: string) => path.join(directory, name);

  beforeEach(() => {
    directory = mkdtempSync(path.join(os.tmpdir(), 'cn-docsync-'));
    for (const name of ['a.ts', 'b.ts', 'c.ts']) writeFileSync(file(name), `export const ${name[0]} = 1;\n`);
    server = new FakeServer();
    documents = new DocumentSync(server as unknown as LspConnection, 1);
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('a document evicted while its own re-sync is in flight is not left ghost-open', async () => {
    await documents.sync(file('a.ts'));
    const letGo = hold(file('a.ts'));
    const resyncA = documents.sync(file('a.ts'));
    // b.ts opens while a.ts is between its stat and its bookkeeping: the limit of 1 makes one of them go.
    await documents.sync(file('b.ts'));
    letGo();
    await resyncA;
    // Once a sync has resolved (and nothing else runs), the server has the document open.
    await documents.sync(file('a.ts'));
    expect(server.open.has(file('a.ts'))).toBe(true);
    await documents.sync(file('b.ts'));
    expect(server.open.has(file('b.ts'))).toBe(true);
    expect(server.complaints).toEqual([]);
  });

  it('a document held by a request in flight is not evicted until the request is done', async () => {
    const { release } = await documents.hold(file('a.ts'));
    await documents.sync(file('b.ts'));
    await documents.sync(file('c.ts'));
    expect(server.open.has(file('a.ts'))).toBe(true);
    release();
    await documents.sync(file('b.ts'));
    expect(server.open.has(file('a.ts'))).toBe(false);
    expect(server.open.size).toBe(1);
    expect(server.complaints).toEqual([]);
  });

  it('many concurrent syncs and holds over a small limit leave both sides agreeing', async () => {
    const names = Array.from({ length: 12 }, (_, index) => `f${index}.ts`);
    for (const name of names) writeFileSync(file(name), `export const x${name.length} = 1;\n`);
    for (let round = 0; round < 5; round++) {
      await Promise.all(
        names.map(async (name, index) => {
          if (index % 3 === 0) return documents.sync(file(name));
          const { release } = await documents.hold(file(name));
          expect(server.open.has(file(name))).toBe(true);
          release();
        }),
      );
      await documents.syncAll();
    }
    expect(server.complaints).toEqual([]);
    expect(new Set(documents.openFiles())).toEqual(server.open);
    expect(server.open.size).toBe(1);
  });
});

describe('DocumentSync.withText (cn check)', () => {
  let directory: string;
  beforeEach(() => (directory = mkdtempSync(path.join(os.tmpdir(), 'cn-docsync-'))));
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  /** The texts the server was given for the file, in order (didOpen, then each didChange). */
  function recordingServer(): { connection: LspConnection; texts: string[] } {
    const texts: string[] = [];
    const connection = {
      notify: (
        _type: unknown,
        params: { textDocument: { text?: string }; contentChanges?: Array<{ text: string }> },
      ) => {
        const text = params.textDocument.text ?? params.contentChanges?.[0]?.text;
        if (text !== undefined) texts.push(text);
      },
    } as unknown as LspConnection;
    return { connection, texts };
  }

  it('gives the server the unsaved text for the work, then the disk text back, even when the work fails', async () => {
    const file = path.join(directory, 'a.ts');
    writeFileSync(file, 'disk\n');
    const { connection, texts } = recordingServer();
    const documents = new DocumentSync(connection, 10);
    const seen = await documents.withText(file, 'unsaved\n', async () => [...texts]);
    expect(seen).toEqual(['disk\n', 'unsaved\n']);
    expect(texts).toEqual(['disk\n', 'unsaved\n', 'disk\n']);
    await expect(
      documents.withText(file, 'again\n', async () => {
        throw new Error('engine failed');
      }),
    ).rejects.toThrow('engine failed');
    expect(texts.slice(3)).toEqual(['again\n', 'disk\n']);
    // The disk text is what the server has: a later sync of the unchanged file sends nothing.
    await documents.sync(file);
    expect(texts).toHaveLength(5);
  });
});

describe('languageIdFor', () => {
  it('names every source extension the way the language server expects', () => {
    const ids = Object.fromEntries(
      SOURCE_EXTENSIONS.map((extension) => [extension, languageIdFor(`/p/a${extension}`)]),
    );
    expect(ids).toEqual({
      '.ts': 'typescript',
      '.tsx': 'typescriptreact',
      '.mts': 'typescript',
      '.cts': 'typescript',
      '.js': 'javascript',
      '.jsx': 'javascriptreact',
      '.mjs': 'javascript',
      '.cjs': 'javascript',
    });
  });
});
