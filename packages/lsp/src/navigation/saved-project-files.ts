import { lstatSync } from 'node:fs';
import path from 'node:path';
import { isInside } from '@cn/core';
import { readSavedState } from '@cn/local-files';
import { fsPath, listDirectorySync } from '../byte-paths.js';
import { stampOf } from '../file-stamp.js';
import { writeWhole } from '../regular-file.js';
import { walkedKind } from '../source-tree.js';

/** Where the list is kept (the root's private state directory) and what must have written it to be used. */
export interface SavedFilesPlace {
  file: string;
  root: string;
  /** cn's version and the stamp of its build (saved-name-index.ts, savedIndexKey): another build's is not read. */
  key: string;
}

/** The project's file list as the compiler API read it, and what it was read from. */
export interface ListedFiles {
  /** Absolute, inside the root. */
  files: string[];
  /** Every directory listed for it (a file created, deleted or renamed in one changes its stamp). */
  directories: string[];
  /**
   * What the listing kept of the root's own entries (rootEntries). The root's stamp moves with cn's port file, which
   * every daemon writes there: the root is told by these names instead.
   */
  rootEntries: string[];
  /** Every config found or read (extended ones included, wherever they are). */
  configs: string[];
  /** Date.now() when the listing began. */
  since: number;
}

const FORMAT = 1;
/** A saved list larger than this is not read. */
const MAX_SAVED_BYTES = 64 * 1024 * 1024;
/**
 * The kernel stamps a change with a clock that lags Date.now() by up to a tick: a path stamped this close before the
 * listing began may have changed after its read, and the list is not saved.
 */
const CLOCK_SLACK_MS = 1000;

interface SavedShape {
  format: number;
  key: string;
  root: string;
  /** Relative to the root. */
  files: string[];
  /** Absolute path → stamp (file-stamp.ts), each directory and config the list was read from. */
  stamps: Record<string, string>;
}

/**
 * Keeps the list for the next daemon, when nothing it was read from has changed since the listing began: a stamp taken
 * now that is older than the listing describes what the listing read. Answers why not otherwise.
 */
export function saveProjectFiles(place: SavedFilesPlace, listed: ListedFiles): string | undefined {
  const files: string[] = [];
  for (const file of listed.files) {
    if (file === place.root || !isInside(place.root, file)) return 'a listed file is outside the root';
    files.push(path.relative(place.root, file));
  }
  const stamps: Record<string, string> = {};
  const directories = new Set(listed.directories);
  // A config may list files in directories the walk skips (dist/, dot directories): theirs are stamped too.
  for (const file of listed.files) directories.add(path.dirname(file));
  directories.delete(place.root);
  for (const item of [...directories, ...listed.configs]) {
    const stats = lstatSync(fsPath(item), { bigint: true, throwIfNoEntry: false });
    if (!stats) return 'a listed directory or config is gone';
    if (Number(stats.ctimeMs) >= listed.since - CLOCK_SLACK_MS) return 'the project changed while it was listed';
    stamps[item] = stampOf(stats);
  }
  const rootNow = rootState(place.root);
  if (rootNow !== rootStateOf(listed.rootEntries)) return 'the project changed while it was listed';
  stamps[place.root] = rootNow;
  const shape: SavedShape = { format: FORMAT, key: place.key, root: place.root, files, stamps };
  writeWhole(place.file, JSON.stringify(shape));
  return undefined;
}

/** What an earlier daemon saved, checked for its shape (never trusted further), or why it is not used. */
export function readSavedProjectFiles(place: SavedFilesPlace): SavedShape | { unused: string } {
  const read = readSavedState(place.file, MAX_SAVED_BYTES);
  if ('unused' in read) return read;
  const saved = read.json as Partial<SavedShape> | null;
  if (typeof saved !== 'object' || saved === null) return { unused: 'not what cn saved' };
  if (saved.format !== FORMAT || saved.key !== place.key) return { unused: 'saved by another build of cn' };
  if (saved.root !== place.root) return { unused: 'saved for another root' };
  const { files, stamps } = saved;
  const isText = (value: unknown) => typeof value === 'string' && value.length > 0;
  if (!Array.isArray(files) || !files.every(isText)) return { unused: 'not what cn saved' };
  if (typeof stamps !== 'object' || stamps === null || Array.isArray(stamps)) return { unused: 'not what cn saved' };
  if (!Object.entries(stamps).every(([item, stamp]) => path.isAbsolute(item) && isText(stamp)))
    return { unused: 'not what cn saved' };
  return saved as SavedShape;
}

/** The saved files (absolute) if every directory and config they were read from is as it was, or why not. */
export function currentProjectFiles(place: SavedFilesPlace, saved: SavedShape): string[] | { unused: string } {
  for (const [item, stamp] of Object.entries(saved.stamps)) {
    if (item === place.root) {
      if (rootState(item) !== stamp) return { unused: 'the project changed since' };
      continue;
    }
    const stats = lstatSync(fsPath(item), { bigint: true, throwIfNoEntry: false });
    if (!stats || stampOf(stats) !== stamp) return { unused: 'the project changed since' };
  }
  if (saved.stamps[place.root] === undefined) return { unused: 'not what cn saved' };
  const files: string[] = [];
  for (const relative of saved.files) {
    const file = path.resolve(place.root, relative);
    if (file === place.root || !isInside(place.root, file)) return { unused: 'not what cn saved' };
    files.push(file);
  }
  return files;
}

/** The root's entries a walk of the tree keeps (source-tree.ts): its sources, configs and walked directories. */
export function rootEntries(root: string, tree: { sources: string[]; configs: string[]; directories: string[] }) {
  return [...tree.sources, ...tree.configs, ...tree.directories]
    .filter((item) => item !== root && path.dirname(item) === root)
    .map((item) => path.basename(item));
}

function rootState(root: string): string {
  const kept = listDirectorySync(root).filter((entry) => walkedKind(entry) !== undefined);
  return rootStateOf(kept.map((entry) => entry.name));
}

function rootStateOf(names: string[]): string {
  return `entries:${JSON.stringify([...names].sort())}`;
}
