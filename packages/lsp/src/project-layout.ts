import path from 'node:path';
import { existsSync } from 'node:fs';
import { hasByteEscapes, isDeclarationFile, isInside, isSourceFile } from '@cn/core';
import { ProjectOwners } from './project-owner.js';
import type { SourceTree } from './source-tree.js';

export interface DiscoveredProject {
  /** Absolute path of the tsconfig.json / jsconfig.json. */
  configPath: string;
  /** A source file of this project that is kept open so tsserver keeps the project loaded. */
  anchor: string;
}

/** A tsconfig/jsconfig that tsc cannot read (broken JSON): its project is not loaded. */
export interface ConfigError {
  /** Absolute path of the config. */
  configPath: string;
  /** 1-based line and UTF-16 column in the config. */
  line: number;
  character: number;
  /** TS1005 … */
  code: string;
  message: string;
  /** cn keeps the config from the engine (config-graph.ts): its files are refused, not loose. */
  keptFromEngine?: true;
}

export interface ProjectLayout {
  projects: DiscoveredProject[];
  /** Sources under the root that no config claims (JS without a jsconfig, stray scripts …). */
  looseFiles: string[];
  /** Loose files past the cap, left out of every answer (0 when none): status and answers say so. */
  looseFilesLeftOut: number;
  configErrors: ConfigError[];
  /** The projects' source files under the root (node_modules aside) and the loose files: what cn's index reads. */
  sourceFiles: string[];
  /**
   * The config whose project owns each file a config lists (project-owner.ts): what the engine must answer that file
   * from, whatever other programs reach it (the loose files' program, a package importing it).
   */
  fileOwners: Record<string, string>;
  /**
   * Sources whose names are not UTF-8 (spelled with `\x` escapes, core's file-names.ts): neither engine can open them
   * (tsserver takes paths as UTF-8 strings; the native compiler lists them with U+FFFD for each such byte), so no
   * config claims them and no engine is told of them; cn's own readers (grep, search, the import graph) list them.
   */
  nonUtf8Files: string[];
  /**
   * The compiler options of the config nearest the root that has files of its own, as its reader gave them: what
   * the loose files are compiled with (project-discovery.ts, looseFileOptions). Only the TypeScript 5.9 reader
   * gives options; the native engine opens loose files as documents of its own inferred project.
   */
  nearestConfigOptions?: Record<string, unknown>;
  /** What the tsserver engine compiles the loose files with (project-discovery.ts, looseFileOptions). */
  looseOptions?: Record<string, unknown>;
}

/** What one config says, as its engine's compiler reads it; undefined when it cannot be read (errors recorded). */
export interface ConfigContents {
  /** Absolute paths of its source files. */
  files: string[];
  /** Absolute paths of the configs it references (solution-style configs list no files of their own). */
  references: string[];
  /** Its parsed compiler options, when the reader has them. */
  options?: Record<string, unknown>;
  /** Absolute paths of the configs its `extends` chain read, when the reader has them. */
  extendedConfigs?: string[];
}

export type ConfigReader = (configPath: string, errors: ConfigError[]) => ConfigContents | undefined;

/**
 * The projects under the root (each config, and those its references lead to), an anchor for each, and the
 * loose files no config claims, from a reader of configs: TypeScript 5.9's API in a child process
 * (project-discovery.ts) or the native compiler (native-discovery.ts).
 */
export function assembleLayout(
  root: string,
  maxLooseFiles: number,
  tree: SourceTree,
  readConfig: ConfigReader,
): ProjectLayout {
  const { configs, sources } = tree;
  const claimed = new Set<string>();
  const projects: DiscoveredProject[] = [];
  const configQueue = [...configs];
  const seenConfigs = new Set(configQueue);
  const configErrors: ConfigError[] = [];
  const configsRead = new Map<string, ConfigContents>();
  let nearest: { configPath: string; options?: Record<string, unknown> } | undefined;
  while (configQueue.length > 0) {
    const configPath = configQueue.shift()!;
    const parsed = readConfig(configPath, configErrors);
    if (!parsed) continue;
    for (const referenced of parsed.references) {
      if (!seenConfigs.has(referenced)) {
        seenConfigs.add(referenced);
        configQueue.push(referenced);
      }
    }
    const files = parsed.files.filter((file) => isInside(root, file) && !isLossyName(file));
    for (const file of files) claimed.add(file);
    configsRead.set(configPath, { ...parsed, files });
    if (files.length > 0 && (!nearest || isCloserToRoot(configPath, nearest.configPath)))
      nearest = { configPath, options: parsed.options };
    const anchor = chooseAnchor(configPath, files, configs);
    if (anchor) projects.push({ configPath, anchor });
  }
  const unclaimed = sources.filter((file) => !claimed.has(file) && !isDeclarationFile(file) && !hasByteEscapes(file));
  const looseFiles = unclaimed.slice(0, maxLooseFiles);
  const inNodeModules = `${path.sep}node_modules${path.sep}`;
  const projectSources = [...claimed].filter((file) => isSourceFile(file) && !file.includes(inNodeModules));
  return {
    projects,
    looseFiles,
    looseFilesLeftOut: Math.max(0, unclaimed.length - maxLooseFiles),
    configErrors,
    sourceFiles: [...projectSources, ...looseFiles].sort(),
    fileOwners: ownersOf(projectSources, new ProjectOwners(configsRead, root)),
    nonUtf8Files: sources.filter(hasByteEscapes),
    ...(nearest?.options ? { nearestConfigOptions: nearest.options } : {}),
  };
}

/** The owning config of each file the configs list, where the engines give it one (project-owner.ts). */
function ownersOf(files: Iterable<string>, owners: ProjectOwners): Record<string, string> {
  const found: Record<string, string> = {};
  for (const file of files) {
    const owner = owners.ownerOf(file);
    if (owner) found[file] = owner;
  }
  return found;
}

/**
 * A name a compiler read as UTF-8 from bytes that are not (each such byte a U+FFFD): it names no file. The file itself
 * is among the walked sources, spelled with escapes (nonUtf8Files).
 */
export function isLossyName(file: string): boolean {
  return file.includes('\uFFFD') && !existsSync(file);
}

function isCloserToRoot(configPath: string, other: string): boolean {
  const depth = (file: string) => path.dirname(file).split(path.sep).length;
  return depth(configPath) < depth(other);
}

/**
 * tsserver gives an opened file to the nearest tsconfig.json/jsconfig.json above it, so the anchor
 * must be a file whose nearest config is this one; otherwise opening it would load another project.
 */
function chooseAnchor(configPath: string, files: string[], allConfigs: string[]): string | undefined {
  const candidates = files.filter(
    (file) => !isDeclarationFile(file) && !file.includes(`${path.sep}node_modules${path.sep}`),
  );
  const configDirectories = new Set(allConfigs.map((config) => path.dirname(config)));
  const owned = candidates.find((file) => nearestConfigDirectory(file, configDirectories) === path.dirname(configPath));
  return owned ?? candidates[0] ?? files[0];
}

function nearestConfigDirectory(file: string, configDirectories: Set<string>): string | undefined {
  let directory = path.dirname(file);
  for (;;) {
    if (configDirectories.has(directory)) return directory;
    const parent = path.dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}
