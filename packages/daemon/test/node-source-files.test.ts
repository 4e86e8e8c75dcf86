import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { stampOf } from '@cn/lsp';
import { realpath } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NodeSourceFiles } from '../src/adapters/node-source-files.js';
import { SavedSignaturesFile } from '../src/adapters/saved-signatures-file.js';

let root: string;
let outside: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'cn-files-'));
  outside = mkdtempSync(path.join(os.tmpdir(), 'cn-files-outside-'));
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'src/real.ts'), 'export const inside = 1;\n');
  writeFileSync(path.join(outside, 'secret.ts'), 'export const secret = "SECRET";\n');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('NodeSourceFiles.readSource: cached texts and confinement', () => {
  it('answers a file it read from its cache while the file is unchanged, and reads an edit again', async () => {
    const files = new NodeSourceFiles(root);
    const file = path.join(root, 'src/real.ts');
    const first = await files.readSource(file);
    expect(first.text).toBe('export const inside = 1;\n');
    // The very same object: its line offsets, once computed, serve the next question too.
    expect(await files.readSource(file)).toBe(first);
    writeFileSync(file, 'export const inside = 2;\n');
    utimesSync(file, new Date(2000, 1, 1), new Date(2000, 1, 1));
    const edited = await files.readSource(file);
    expect(edited.text).toBe('export const inside = 2;\n');
    expect(edited).not.toBe(first);
  });

  it('answers the text of the stamp taken when the question connected, and reads the file when none is known', async () => {
    const file = path.join(root, 'src/real.ts');
    let atConnect: string | null | undefined;
    const files = new NodeSourceFiles(root, { files: () => undefined, stamp: () => atConnect });
    const first = await files.readSource(file);
    atConnect = stampOf(statSync(file, { bigint: true }));
    // Written after the question's connection arrived: the question is answered as of that moment.
    writeFileSync(file, 'export const inside = 3;\n');
    expect(await files.readSource(file)).toBe(first);
    atConnect = undefined;
    expect((await files.readSource(file)).text).toBe('export const inside = 3;\n');
    atConnect = null;
    writeFileSync(file, 'export const inside = 4;\n');
    expect((await files.readSource(file)).text).toBe('export const inside = 4;\n');
  });

  it('a path read through a symlink inside the root, then swapped to lead out, is refused, not answered from the cache', async () => {
    const files = new NodeSourceFiles(root);
    const link = path.join(root, 'src/link.ts');
    symlinkSync(path.join(root, 'src/real.ts'), link);
    expect((await files.readSource(link)).text).toBe('export const inside = 1;\n');
    unlinkSync(link);
    symlinkSync(path.join(outside, 'secret.ts'), link);
    await expect(files.readSource(link)).rejects.toThrow(/outside the project root/);
  });
});

describe('NodeSourceFiles.filesInsideRoot: isInsideRoot of many files at once', () => {
  it('answers as isInsideRoot does for each: inside, linked out, gone (judged by its spelling), elsewhere', async () => {
    const files = new NodeSourceFiles(root);
    symlinkSync(path.join(outside, 'secret.ts'), path.join(root, 'src/out.ts'));
    symlinkSync(outside, path.join(root, 'linked'));
    const asked = [
      path.join(root, 'src/real.ts'),
      path.join(root, 'src/out.ts'),
      path.join(root, 'linked/secret.ts'),
      path.join(root, 'src/gone.ts'),
      path.join(outside, 'secret.ts'),
      path.join(outside, 'gone.ts'),
    ];
    const one = await Promise.all(asked.map((file) => files.isInsideRoot(file)));
    expect(one).toEqual([true, false, false, true, false, false]);
    expect(await files.filesInsideRoot(asked)).toEqual(one);
  });
});

describe('NodeSourceFiles.mayContainAny: a file ruled out without reading it', () => {
  /** A cache of 80 bytes: reading the other file (65) pushes the first one's text out. */
  const pushedOut = async (files: NodeSourceFiles, file: string) => {
    await files.readSource(file);
    await files.readSource(path.join(root, 'src/other.ts'));
  };

  it('is "maybe" before a read, "no" for a word a version pushed out of the cache lacks, "maybe" once it changes', async () => {
    writeFileSync(path.join(root, 'src/other.ts'), `export const other = '${'x'.repeat(40)}';\n`);
    const files = new NodeSourceFiles(root, undefined, { cachedBytes: 80 });
    const file = path.join(root, 'src/real.ts');
    expect(files.mayContainAny(file, ['Observable'])).toBe(true);
    await pushedOut(files, file);
    expect(files.mayContainAny(file, ['Observable'])).toBe(false);
    expect(files.mayContainAny(file, ['inside'])).toBe(true);
    // A new version (its stamp moves, whatever its size) may hold the word: the signature of the old one says nothing.
    writeFileSync(file, 'export const Observable = 1;\n');
    expect(files.mayContainAny(file, ['Observable'])).toBe(true);
    await pushedOut(files, file);
    expect(files.mayContainAny(file, ['Observable'])).toBe(true);
    expect(files.mayContainAny(file, ['inside'])).toBe(false);
  });

  it('answers a text still cached by reading it (a cache hit), so a project within the budget computes no signature', async () => {
    const files = new NodeSourceFiles(root);
    const file = path.join(root, 'src/real.ts');
    const source = await files.readSource(file);
    expect(files.mayContainAny(file, ['Observable'])).toBe(true);
    source.indexTrigrams();
    expect(files.mayContainAny(file, ['Observable'])).toBe(false);
  });

  it('says "maybe" for a file gone or never a file, so the read reports what is wrong', async () => {
    const files = new NodeSourceFiles(root);
    const file = path.join(root, 'src/real.ts');
    await files.readSource(file);
    unlinkSync(file);
    expect(files.mayContainAny(file, ['Observable'])).toBe(true);
    expect(files.mayContainAny(path.join(root, 'src'), ['Observable'])).toBe(true);
  });
});

describe('NodeSourceFiles: the signatures kept for the next daemon', () => {
  const place = () => ({ file: path.join(outside, 'signatures.json'), root, key: 'k' });
  const savedFile = () => new SavedSignaturesFile(place(), () => {});

  it('a second daemon rules a file out from what the first read, only while the file is that version', async () => {
    const file = path.join(root, 'src/real.ts');
    const gone = path.join(root, 'src/gone.ts');
    writeFileSync(gone, 'export const gone = 1;\n');
    const first = new NodeSourceFiles(root, undefined, { savedSignatures: savedFile() });
    await first.readSource(file);
    await first.readSource(gone);
    unlinkSync(gone);
    first.saveSignatures();
    // What was kept: the file still there, at the version read; not the one deleted since.
    expect([...savedFile().load().keys()]).toEqual([file]);

    const second = new NodeSourceFiles(root, undefined, { savedSignatures: savedFile() });
    expect(second.mayContainAny(file, ['Observable'])).toBe(false);
    expect(second.mayContainAny(file, ['inside'])).toBe(true);
    // Edited while no daemon ran: its stamp is another, so the saved signature says nothing of it.
    writeFileSync(file, 'export const inside = 1; // Observable\n');
    const third = new NodeSourceFiles(root, undefined, { savedSignatures: savedFile() });
    expect(third.mayContainAny(file, ['Observable'])).toBe(true);
    expect((await third.readSource(file)).text).toContain('Observable');
  });

  it('keeps, on the way out, what the daemon before saved and it did not read, while those files are unchanged', async () => {
    const file = path.join(root, 'src/real.ts');
    const other = path.join(root, 'src/other.ts');
    writeFileSync(other, 'export const other = 2;\n');
    const first = new NodeSourceFiles(root, undefined, { savedSignatures: savedFile() });
    await first.readSource(file);
    await first.readSource(other);
    first.saveSignatures();
    const second = new NodeSourceFiles(root, undefined, { savedSignatures: savedFile() });
    await second.readSource(other);
    second.saveSignatures();
    expect(new Set(savedFile().load().keys())).toEqual(new Set([file, other]));
  });
});

describe('a root gone before any path is checked', () => {
  it('leaves no unhandled rejection behind, and a check still fails', async () => {
    // The full suite once ended in `ENOENT: realpath '/tmp/cn-sources-…'`: a root's realpath, started by the
    // constructor and never awaited, rejected after its test had removed the directory.
    const gone = mkdtempSync(path.join(os.tmpdir(), 'cn-gone-'));
    rmSync(gone, { recursive: true, force: true });
    const unhandled: unknown[] = [];
    const listen = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listen);
    try {
      const files = new NodeSourceFiles(gone);
      // The same realpath, asked after it, settles after it; a turn later any rejection left unhandled is reported.
      await realpath(gone).catch(() => undefined);
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
      await expect(files.resolveInRoot('a.ts')).rejects.toBeDefined();
    } finally {
      process.off('unhandledRejection', listen);
    }
  });
});
