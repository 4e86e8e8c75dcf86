import path from 'node:path';
import ts from '../typescript-api.cjs';
import { readConfigFile, readConfigFileQuietly } from '../config-file.js';
import { CONFIG_HOST, discoverProjects } from '../project-discovery.js';
import { isLossyName } from '../project-layout.js';
import { SOURCE_EXTENSIONS, isInside } from '@cn/core';

/** The compiler settings one group of files is resolved with, and the cache that goes with them. */
export interface ResolutionSettings {
  options: ts.CompilerOptions;
  cache: ts.ModuleResolutionCache;
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
}

const MAX_LOOSE_FILES = 2000;

const getCanonicalFileName = (fileName: string) =>
  ts.sys.useCaseSensitiveFileNames ? fileName : fileName.toLowerCase();

/**
 * Reads the project's configs the way tsserver does: each file is resolved with the settings of the first config that
 * lists it.
 */
export function loadProjectModules(root: string): ProjectModules {
  const layout = discoverProjects(root, MAX_LOOSE_FILES);
  const settingsByFile = new Map<string, ResolutionSettings>();
  const outputMappings: ProjectModules['outputMappings'] = [];
  const packageJsonDirectories = new Set<string>([root]);
  const configFiles = new Set<string>();
  for (const { configPath } of layout.projects) {
    configFiles.add(configPath);
    const parsed = parseConfig(configPath);
    if (!parsed) continue;
    for (const extended of parsed.extendedConfigs) configFiles.add(path.resolve(extended));
    const settings = {
      options: parsed.options,
      cache: ts.createModuleResolutionCache(path.dirname(configPath), getCanonicalFileName, parsed.options),
    };
    for (const fileName of parsed.fileNames) {
      const file = path.resolve(fileName);
      if (!isInside(root, file) || file.includes(`${path.sep}node_modules${path.sep}`) || isLossyName(file)) continue;
      if (!settingsByFile.has(file)) settingsByFile.set(file, settings);
    }
    if (parsed.options.outDir)
      outputMappings.push({
        outDir: path.resolve(parsed.options.outDir),
        rootDir: path.resolve(parsed.options.rootDir ?? path.dirname(configPath)),
      });
    packageJsonDirectories.add(path.dirname(configPath));
  }
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
  };
}

/**
 * The config's compiler settings and files, and the configs it extends; undefined when it is not valid
 * JSON. Parsed from a source file, whose extendedSourceFiles tsc fills in.
 */
function parseConfig(configPath: string): (ts.ParsedCommandLine & { extendedConfigs: string[] }) | undefined {
  // Configs and manifests are the repository's: read by the bounded reader (config-file.ts), never /dev/zero.
  if (ts.readConfigFile(configPath, readConfigFileQuietly).error) return undefined;
  const source = ts.readJsonConfigFile(configPath, readConfigFileQuietly);
  const parsed = ts.parseJsonSourceFileConfigFileContent(
    source,
    CONFIG_HOST,
    path.dirname(configPath),
    undefined,
    configPath,
  );
  return { ...parsed, extendedConfigs: source.extendedSourceFiles ?? [] };
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
