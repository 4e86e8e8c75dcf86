import { lstatSync, readdirSync, realpathSync, type Dirent } from 'node:fs';
import { readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { fileNameBytes, fileNameText } from '@cn/core';

/**
 * Paths as node takes them, for names that are not UTF-8 (core's file-names.ts): node reads a string path as UTF-8,
 * so `caf\xE9.ts` is given as its bytes; every other path is the string itself. And directory listings as cn spells
 * their names: node's own decoding replaces each such byte with U+FFFD, a name that reaches no file.
 */
export function fsPath(filePath: string): string | Buffer {
  const bytes = fileNameBytes(filePath);
  return bytes === undefined ? filePath : Buffer.from(bytes);
}

/** A directory entry, its name as cn spells it. */
export interface NamedEntry {
  name: string;
  path: string;
  isFile: boolean;
  isDirectory: boolean;
}

/** The directory's entries; none when it cannot be read. */
export function listDirectorySync(directory: string): NamedEntry[] {
  try {
    return readdirSync(fsPath(directory), { withFileTypes: true, encoding: 'buffer' }).map((entry) =>
      named(directory, entry),
    );
  } catch {
    return [];
  }
}

export async function listDirectory(directory: string): Promise<NamedEntry[]> {
  const entries = await readdir(fsPath(directory), { withFileTypes: true, encoding: 'buffer' }).catch(() => []);
  return entries.map((entry) => named(directory, entry));
}

function named(directory: string, entry: Dirent<Buffer>): NamedEntry {
  const name = fileNameText(entry.name);
  return { name, path: path.join(directory, name), isFile: entry.isFile(), isDirectory: entry.isDirectory() };
}

/** The real path (symlinks resolved) of a path, spelled as cn spells names; rejects as realpath does. */
export async function realPath(filePath: string): Promise<string> {
  return fileNameText(await realpath(fsPath(filePath), { encoding: 'buffer' }));
}

/**
 * realPath, synchronously: for a path read at once after (a promise per step cost more than the step). The native
 * realpath(3): node's own synchronous one decodes a name that is not UTF-8 (U+FFFD) and then finds no such file.
 */
export function realPathSync(filePath: string): string {
  return fileNameText(realpathSync.native(fsPath(filePath), { encoding: 'buffer' }));
}

/**
 * The real path of each file, undefined where realpath would fail: one lstat a file and one a directory, instead of a
 * realpath(3) a file (an lstat or readlink a component: typeorm's 3,583 files, ~0.2 s of a cold find through
 * fs/promises). A directory that is no symlink is its parent's real path and its name; a file or directory that is
 * one is resolved whole.
 */
export function realPathsSync(filePaths: readonly string[]): Array<string | undefined> {
  const directories = new Map<string, string | undefined>();
  return filePaths.map((filePath) => {
    const directory = realDirectory(path.dirname(filePath), directories);
    return directory === undefined ? undefined : realEntry(filePath, directory);
  });
}

function realDirectory(directory: string, known: Map<string, string | undefined>): string | undefined {
  if (known.has(directory)) return known.get(directory);
  const parent = path.dirname(directory);
  let real: string | undefined;
  if (parent === directory) real = realOrUndefined(directory);
  else {
    const realParent = realDirectory(parent, known);
    real = realParent === undefined ? undefined : realEntry(directory, realParent);
  }
  known.set(directory, real);
  return real;
}

/** The real path of an entry whose directory's real path is known. */
function realEntry(entry: string, realParent: string): string | undefined {
  try {
    const stats = lstatSync(fsPath(entry));
    return stats.isSymbolicLink() ? realOrUndefined(entry) : path.join(realParent, path.basename(entry));
  } catch {
    return undefined;
  }
}

function realOrUndefined(filePath: string): string | undefined {
  try {
    return realPathSync(filePath);
  } catch {
    return undefined;
  }
}
