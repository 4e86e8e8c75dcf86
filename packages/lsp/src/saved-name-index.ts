import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isInside, type Range, type WorkspaceSymbolHit } from '@cn/core';
import { stampOf, type FileStamp } from './file-stamp.js';
import { readSavedState } from '@cn/local-files';
import { writeWhole } from './regular-file.js';

/** One file of the name index as it was read: its stamp then, its declarations and its plain relative imports. */
export interface SavedFile {
  stamp: FileStamp;
  hits: WorkspaceSymbolHit[];
  plainImports: WorkspaceSymbolHit[];
}

/** Where the index is kept (the private state directory) and what it must have been made by to be used. */
export interface SavedIndexPlace {
  file: string;
  /** cn's version and the engine's: an index another build or engine made is not read. */
  key: string;
}

const FORMAT = 1;
/** A saved index larger than this is not read (typeorm's: ~4 MB). */
const MAX_SAVED_BYTES = 256 * 1024 * 1024;

type SavedHit = [string, string, number, number, number, number, string | null, 0 | 1];
type SavedImport = [string, number, number, number, number];
interface SavedShape {
  format: number;
  key: string;
  root: string;
  files: Record<string, [FileStamp, SavedHit[], SavedImport[]]>;
}

/**
 * What identifies the code that made an index: cn's version, the engine's, and the stamp of this module's file (a
 * build of cn that keeps the version number is another build).
 */
export function savedIndexKey(cnVersion: string, serverVersion: string): string {
  let code = 'unknown';
  try {
    code = stampOf(statSync(fileURLToPath(import.meta.url), { bigint: true }));
  } catch {
    // Without a file to stamp (an unusual loader), the versions alone key it.
  }
  return `${cnVersion}|${serverVersion}|${code}`;
}

/**
 * The index saved for `root` by the same code, by absolute path, or why none is used (no file yet, another key, a
 * file that does not parse or has the wrong shape: it is never trusted, only rebuilt). The stamps are not checked
 * here: the caller compares them with the files as they are.
 */
export function loadSavedIndex(
  place: SavedIndexPlace,
  root: string,
): { files: Map<string, SavedFile> } | { unused: string } {
  const read = readSavedState(place.file, MAX_SAVED_BYTES);
  if ('unused' in read) return read;
  const saved = read.json;
  if (!isSavedShape(saved)) return { unused: 'not an index cn saved' };
  if (saved.format !== FORMAT || saved.key !== place.key) return { unused: 'saved by another build of cn' };
  if (saved.root !== root) return { unused: 'saved for another root' };
  const files = new Map<string, SavedFile>();
  for (const [relative, entry] of Object.entries(saved.files)) {
    const filePath = path.resolve(root, relative);
    if (filePath === root || !isInside(root, filePath) || !isSavedEntry(entry))
      return { unused: 'not an index cn saved' };
    const [stamp, hits, imports] = entry;
    files.set(filePath, {
      stamp,
      hits: hits.map(([name, kind, sl, sc, el, ec, containerName, alias]) => ({
        name,
        kind,
        filePath,
        range: range(sl, sc, el, ec),
        ...(containerName !== null ? { containerName } : {}),
        ...(alias === 1 ? { alias: true } : {}),
      })),
      plainImports: imports.map(([name, sl, sc, el, ec]) => ({
        name,
        kind: 'Variable',
        filePath,
        range: range(sl, sc, el, ec),
        alias: true,
      })),
    });
  }
  return { files };
}

/** Writes the index whole (regular-file.ts, writeWhole): a reader sees the old index or the new one. */
export function saveIndex(place: SavedIndexPlace, root: string, files: Iterable<[string, SavedFile]>): void {
  const shape: SavedShape = { format: FORMAT, key: place.key, root, files: {} };
  for (const [filePath, { stamp, hits, plainImports }] of files) {
    shape.files[path.relative(root, filePath)] = [
      stamp,
      hits.map((hit) => [hit.name, hit.kind, ...rangeNumbers(hit.range), hit.containerName ?? null, hit.alias ? 1 : 0]),
      plainImports.map((hit) => [hit.name, ...rangeNumbers(hit.range)]),
    ];
  }
  writeWhole(place.file, JSON.stringify(shape));
}

function range(sl: number, sc: number, el: number, ec: number): Range {
  return { start: { line: sl, character: sc }, end: { line: el, character: ec } };
}

function rangeNumbers({ start, end }: Range): [number, number, number, number] {
  return [start.line, start.character, end.line, end.character];
}

function isSavedShape(value: unknown): value is SavedShape {
  if (typeof value !== 'object' || value === null) return false;
  const shape = value as Partial<SavedShape>;
  return (
    typeof shape.format === 'number' &&
    typeof shape.key === 'string' &&
    typeof shape.root === 'string' &&
    typeof shape.files === 'object' &&
    shape.files !== null &&
    !Array.isArray(shape.files)
  );
}

const isInt = (value: unknown): value is number => Number.isInteger(value);

function isSavedEntry(entry: unknown): entry is [FileStamp, SavedHit[], SavedImport[]] {
  if (!Array.isArray(entry) || entry.length !== 3 || typeof entry[0] !== 'string') return false;
  const [, hits, imports] = entry as [unknown, unknown, unknown];
  return (
    Array.isArray(hits) &&
    hits.every(
      (hit) =>
        Array.isArray(hit) &&
        hit.length === 8 &&
        typeof hit[0] === 'string' &&
        typeof hit[1] === 'string' &&
        hit.slice(2, 6).every(isInt) &&
        (hit[6] === null || typeof hit[6] === 'string') &&
        (hit[7] === 0 || hit[7] === 1),
    ) &&
    Array.isArray(imports) &&
    imports.every(
      (hit) => Array.isArray(hit) && hit.length === 5 && typeof hit[0] === 'string' && hit.slice(1).every(isInt),
    )
  );
}
