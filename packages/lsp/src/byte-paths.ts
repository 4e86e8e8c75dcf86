import { readdirSync, realpathSync, type Dirent } from 'node:fs';
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
