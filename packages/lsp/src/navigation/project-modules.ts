import path from 'node:path';
import ts from '../typescript-api.cjs';
import { readConfigFile } from '../config-file.js';
import { configDeclaring, readConfigChain, withoutUnsafeConfigs } from '../config-graph.js';
import { discoverProjects } from '../project-discovery.js';
import { isLossyName, type ConfigContents } from '../project-layout.js';
import { ProjectOwners } from '../project-owner.js';
import { walkSourceTree } from '../source-tree.js';
import { rootEntries, type ListedFiles } from './saved-project-files.js';
import { SOURCE_EXTENSIONS, isInside } from '@cn/core';

/** The compiler settings one group of files is resolved with, and the cache that goes with them. */
export interface ResolutionSettings {
  options: ts.CompilerOptions;
  cache: ts.ModuleResolutionCache;
  /** The config of their `extends` chain that declares `paths` (read on first use); none for the loose files. */
  pathsConfig?: () => string | undefined;
}

export interface ProjectModules {
  /** Every source file of every config (and the loose files), absolute, sorted. */
  files: string[];
  settingsFor(file: string): ResolutionSettings;
  /** Where package.json and each config point their outputs, so dist paths map back to sources. */
  packageJsonDirectories: string[];
  outputMappings: Array<{ outDir: string; rootDir: string }>;
  /** The tsconfig/jsconfig files read (and every config they extend): what else decides the layout. */
  configFiles: string[];
  /** What `files` was read from: the directories walked and every config found or read (saved-project-files.ts). */
  listedFrom: Omit<ListedFiles, 'files' | 'since'>;
}

const MAX_LOOSE_FILES = 2000;

const getCanonicalFileName = (fileName: string) =>
  ts.sys.useCaseSensitiveFileNames ? fileName : fileName.toLowerCase();

/**
 * Reads the project's configs as the engine does: each file's imports are resolved with the compiler options of the
 * project the engine gives it (project-owner.ts: the nearest config that lists it, else one its references or an
 * ancestor config lead to), not those of whichever config lists it first: a root tsconfig.json without `include` lists
 * every file of a monorepo, and its options know nothing of a package config's `paths`.
 */
export function loadProjectModules(root: string): ProjectModules {
  const configs = new Map<string, ConfigContents>();
  const walked = walkSourceTree(root);
  const layout = discoverProjects(root, MAX_LOOSE_FILES, withoutUnsafeConfigs(walked).tree, configs);
  const owners = new ProjectOwners(configs, root);
  const settingsByConfig = new Map<string, ResolutionSettings>();
  const settingsOf = (config: string): ResolutionSettings => {
    let settings = settingsByConfig.get(config);
    if (!settings) {
      const options = configs.get(config)!.options as ts.CompilerOptions;
      let pathsConfig: { path: string | undefined } | undefined;
      settings = {
        options,
        cache: ts.createModuleResolutionCache(path.dirname(config), getCanonicalFileName, options),
        pathsConfig: () => (pathsConfig ??= { path: configDeclaring(readConfigChain(config).chain, 'paths') }).path,
      };
      settingsByConfig.set(config, settings);
    }
    return settings;
  };
  const firstListing = new Map<string, string>();
  const outputMappings: ProjectModules['outputMappings'] = [];
  const packageJsonDirectories = new Set<string>([root]);
  const configFiles = new Set<string>();
  for (const [configPath, contents] of configs) {
    configFiles.add(configPath);
    for (const extended of contents.extendedConfigs ?? []) configFiles.add(extended);
    for (const file of contents.files) {
      if (!isInside(root, file) || file.includes(`${path.sep}node_modules${path.sep}`) || isLossyName(file)) continue;
      if (!firstListing.has(file)) firstListing.set(file, configPath);
    }
    const options = contents.options as ts.CompilerOptions;
    if (options.outDir)
      outputMappings.push({
        outDir: path.resolve(options.outDir),
        rootDir: path.resolve(options.rootDir ?? path.dirname(configPath)),
      });
    // A project reference may lead out of the root; its manifest is not the project's to read.
    if (isInside(root, configPath)) packageJsonDirectories.add(path.dirname(configPath));
  }
  const settingsByFile = new Map<string, ResolutionSettings>();
  // A file some config lists but the engine's search never reaches (a sibling's `include: ["../x"]`) keeps the
  // options of the first config that lists it: closer to how it is built than the loose files' options.
  for (const [file, listing] of firstListing) settingsByFile.set(file, settingsOf(owners.ownerOf(file) ?? listing));
  // The settings the engine gives files outside every config (project-discovery.ts), so the import graph and the
  // language server agree on what a loose JS file imports.
  const looseOptions = layout.looseOptions as ts.CompilerOptions;
  const loose: ResolutionSettings = {
    options: looseOptions,
    cache: ts.createModuleResolutionCache(root, getCanonicalFileName, looseOptions),
  };
  // Files no engine can open (their names are not UTF-8) are still the project's: cn reads their imports itself.
  for (const file of [...layout.looseFiles, ...layout.nonUtf8Files])
    if (!settingsByFile.has(file)) settingsByFile.set(file, loose);
  return {
    files: [...settingsByFile.keys()].sort(),
    settingsFor: (file) => settingsByFile.get(file) ?? loose,
    packageJsonDirectories: [...packageJsonDirectories],
    outputMappings,
    configFiles: [...configFiles].sort(),
    listedFrom: {
      directories: walked.directories,
      rootEntries: rootEntries(root, walked),
      configs: [...new Set([...walked.configs, ...configFiles])],
    },
  };
}

/** Files run by a tool rather than imported: tests, configs, scripts. */
const CONVENTIONAL_ENTRY =
  /(?:\.(?:test|spec|config|setup|stories)\.[cm]?[jt]sx?$)|(?:[\\/](?:__tests__|bin|scripts)[\\/])/i;

/**
 * Files nothing needs to import because something loads them directly: what package.json names
 * (main, module, browser, bin, exports — dist paths mapped back to their sources), tests, configs.
 */
export function findEntryPoints(modules: ProjectModules): string[] {
  const projectFiles = new Set(modules.files);
  const entries = new Set<string>(modules.files.filter((file) => CONVENTIONAL_ENTRY.test(file)));
  for (const directory of modules.packageJsonDirectories) {
    for (const target of packageTargets(directory)) {
      const source = sourceFor(path.resolve(directory, target), modules, projectFiles);
      if (source) entries.add(source);
    }
  }
  return [...entries].sort();
}

function packageTargets(directory: string): string[] {
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(readConfigFile(path.join(directory, 'package.json'))) as Record<string, unknown>;
  } catch {
    return [];
  }
  const targets: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') targets.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  for (const field of ['main', 'module', 'browser', 'bin', 'exports']) collect(manifest[field]);
  return targets.filter((target) => !target.includes('*'));
}

function sourceFor(target: string, modules: ProjectModules, projectFiles: Set<string>): string | undefined {
  const candidates = [target];
  for (const { outDir, rootDir } of modules.outputMappings) {
    if (isInside(outDir, target)) candidates.push(path.join(rootDir, path.relative(outDir, target)));
  }
  for (const candidate of candidates) {
    const stem = candidate.replace(/\.d\.[cm]?ts$|\.[cm]?[jt]sx?$/i, '');
    for (const name of [candidate, ...SOURCE_EXTENSIONS.map((extension) => stem + extension)]) {
      if (projectFiles.has(name)) return name;
    }
  }
  return undefined;
}
