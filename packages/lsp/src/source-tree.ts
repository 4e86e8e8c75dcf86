import path from 'node:path';
import { isDeclarationFile, isSourceFile } from '@cn/core';
import { listDirectorySync } from './byte-paths.js';
import { listsNothing } from './config-weights.js';
import type { FileStamp } from './stamp.js';

/** Directories that never hold project sources worth loading: dependencies, VCS data, build output. */
const IGNORED_DIRECTORIES = new Set([
  'node_modules',
  'dist',
  'build',
  'out',
  'coverage',
  'bower_components',
  'jspm_packages',
]);
const CONFIG_NAMES = ['tsconfig.json', 'jsconfig.json'];
const MAX_WALKED_ENTRIES = 200_000;

/** What lives under the root that matters to the language server, and the directories it is in. */
export interface SourceTree {
  configs: string[];
  sources: string[];
  /** Every directory walked (ignored ones excluded): watching their mtimes reveals created and deleted files. */
  directories: string[];
  /**
   * Each directory's stamp, taken just before it was listed (a stamped walk: file-set-monitor.ts, stampedWalk): a
   * monitor that starts from them sees every entry changed after the listing, however long after the walk it starts.
   */
  stamps?: ReadonlyMap<string, FileStamp | undefined>;
}

/** `stampDirectory`: called for each directory just before it is listed; what it returns is the tree's `stamps`. */
export function walkSourceTree(
  root: string,
  stampDirectory?: (directory: string) => FileStamp | undefined,
): SourceTree {
  const configs: string[] = [];
  const sources: string[] = [];
  const walkedDirectories: string[] = [];
  const stamps = stampDirectory ? new Map<string, FileStamp | undefined>() : undefined;
  const directories = [root];
  let walked = 0;
  while (directories.length > 0 && walked < MAX_WALKED_ENTRIES) {
    const directory = directories.shift()!;
    walkedDirectories.push(directory);
    if (stamps) stamps.set(directory, stampDirectory!(directory));
    // Names as cn spells them: one that is not UTF-8 keeps its bytes (byte-paths.ts), not U+FFFD.
    const entries = listDirectorySync(directory);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      walked += 1;
      const kind = walkedKind(entry);
      if (kind === 'directory') directories.push(entry.path);
      else if (kind === 'config') configs.push(entry.path);
      else if (kind === 'source') sources.push(entry.path);
    }
  }
  return { configs, sources, directories: walkedDirectories, ...(stamps ? { stamps } : {}) };
}

/** What the walk keeps of a directory entry (a symlink is neither a directory nor a file here: never followed). */
export function walkedKind(entry: {
  name: string;
  isDirectory: boolean;
  isFile: boolean;
}): 'directory' | 'config' | 'source' | undefined {
  if (entry.isDirectory) return isWalkedDirectory(entry.name) ? 'directory' : undefined;
  if (!entry.isFile) return undefined;
  if (isProjectConfig(entry.name)) return 'config';
  return isSourceFileName(entry.name) ? 'source' : undefined;
}

export function isWalkedDirectory(name: string): boolean {
  return !name.startsWith('.') && !IGNORED_DIRECTORIES.has(name);
}

export function isProjectConfig(name: string): boolean {
  return CONFIG_NAMES.includes(name);
}

export function isSourceFileName(name: string): boolean {
  return isSourceFile(name);
}

const TYPESCRIPT = /\.[cm]?tsx?$/i;

/**
 * A likely anchor for every config, from the file tree alone: a source file whose nearest config is
 * that one (tsserver assigns files by proximity), TypeScript first for a tsconfig. Opening these
 * right away lets tsserver load projects while the exact discovery (which parses the configs with
 * the compiler API) is still running; the exact anchors are opened when it answers.
 */
export function guessAnchors(tree: SourceTree): string[] {
  // A config that lists no files has no anchor (project-layout.ts): a guess beside it is some other project's file or a
  // loose one, and opening it there, before the configs it references are loaded, made typescript-go 7.0.2 panic in
  // Snapshot.Clone on every start on vitest (test/e2e/project-references/vitest.config.ts).
  const configDirectories = new Map(tree.configs.map((config) => [path.dirname(config), config]));
  const solutions = new Set(tree.configs.filter(listsNothing));
  const best = new Map<string, string>();
  for (const source of tree.sources) {
    if (isDeclarationFile(source)) continue;
    let directory = path.dirname(source);
    while (!configDirectories.has(directory) && path.dirname(directory) !== directory)
      directory = path.dirname(directory);
    const config = configDirectories.get(directory);
    if (!config || solutions.has(config)) continue;
    const current = best.get(config);
    const wantsTypeScript = path.basename(config) === 'tsconfig.json';
    if (!current || (wantsTypeScript && TYPESCRIPT.test(source) && !TYPESCRIPT.test(current))) best.set(config, source);
  }
  return [...best.values()];
}
