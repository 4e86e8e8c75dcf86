import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Directories that never hold project sources worth loading: dependencies, VCS data, build output. */
const IGNORED_DIRECTORIES = new Set(['node_modules', 'dist', 'build', 'out', 'coverage', 'bower_components', 'jspm_packages']);
const CONFIG_NAMES = ['tsconfig.json', 'jsconfig.json'];
const SOURCE_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/i;
const DECLARATION_FILE = /\.d\.[cm]?ts$/i;
const MAX_WALKED_ENTRIES = 200_000;

export interface DiscoveredProject {
  /** Absolute path of the tsconfig.json / jsconfig.json. */
  configPath: string;
  /** A source file of this project that is kept open so tsserver keeps the project loaded. */
  anchor: string;
}

export interface ProjectLayout {
  projects: DiscoveredProject[];
  /** Sources under the root that no config claims (JS without a jsconfig, stray scripts …). */
  looseFiles: string[];
  /** True when more loose files existed than the cap allowed. */
  looseFilesTruncated: boolean;
}

export function discoverProjects(root: string, maxLooseFiles: number, tree: SourceTree = walkSourceTree(root)): ProjectLayout {
  const { configs, sources } = tree;
  const claimed = new Set<string>();
  const projects: DiscoveredProject[] = [];
  const configQueue = [...configs];
  const seenConfigs = new Set(configQueue);
  while (configQueue.length > 0) {
    const configPath = configQueue.shift()!;
    const parsed = parseConfig(configPath);
    if (!parsed) continue;
    // A solution-style config lists no files of its own but points at the configs that do.
    for (const reference of parsed.projectReferences ?? []) {
      const referenced = ts.resolveProjectReferencePath(reference);
      if (!seenConfigs.has(referenced)) {
        seenConfigs.add(referenced);
        configQueue.push(referenced);
      }
    }
    const files = parsed.fileNames.map((fileName) => path.resolve(fileName)).filter((file) => isInside(root, file));
    for (const file of files) claimed.add(file);
    const anchor = chooseAnchor(configPath, files, configs);
    if (anchor) projects.push({ configPath, anchor });
  }
  const unclaimed = sources.filter((file) => !claimed.has(file) && !DECLARATION_FILE.test(file));
  return {
    projects,
    looseFiles: unclaimed.slice(0, maxLooseFiles),
    looseFilesTruncated: unclaimed.length > maxLooseFiles,
  };
}

/** What lives under the root that matters to the language server, and the directories it is in. */
export interface SourceTree {
  configs: string[];
  sources: string[];
  /** Every directory walked (ignored ones excluded): watching their mtimes reveals created and deleted files. */
  directories: string[];
}

export function walkSourceTree(root: string): SourceTree {
  const configs: string[] = [];
  const sources: string[] = [];
  const walkedDirectories: string[] = [];
  const directories = [root];
  let walked = 0;
  while (directories.length > 0 && walked < MAX_WALKED_ENTRIES) {
    const directory = directories.shift()!;
    walkedDirectories.push(directory);
    let entries;
    try {
      entries = readdirSync(directory, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      walked += 1;
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        if (isWalkedDirectory(entry.name)) directories.push(full);
      } else if (entry.isFile()) {
        if (isProjectConfig(entry.name)) configs.push(full);
        else if (isSourceFileName(entry.name)) sources.push(full);
      }
    }
  }
  return { configs, sources, directories: walkedDirectories };
}

export function isWalkedDirectory(name: string): boolean {
  return !name.startsWith('.') && !IGNORED_DIRECTORIES.has(name);
}

export function isProjectConfig(name: string): boolean {
  return CONFIG_NAMES.includes(name);
}

export function isSourceFileName(name: string): boolean {
  return SOURCE_FILE.test(name);
}

function parseConfig(configPath: string): ts.ParsedCommandLine | undefined {
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  if (read.error) return undefined;
  return ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(configPath), undefined, configPath);
}

/**
 * tsserver gives an opened file to the nearest tsconfig.json/jsconfig.json above it, so the anchor
 * must be a file whose nearest config is this one; otherwise opening it would load another project.
 */
function chooseAnchor(configPath: string, files: string[], allConfigs: string[]): string | undefined {
  const candidates = files.filter((file) => !DECLARATION_FILE.test(file) && !file.includes(`${path.sep}node_modules${path.sep}`));
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

export function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative === '' || (relative.split(path.sep)[0] !== '..' && !path.isAbsolute(relative));
}
