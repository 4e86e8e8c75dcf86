import path from 'node:path';
import ts from 'typescript';
import { isDeclarationFile, isInside } from '@cn/core';
import { walkSourceTree, type SourceTree } from './source-tree.js';

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
}

export interface ProjectLayout {
  projects: DiscoveredProject[];
  /** Sources under the root that no config claims (JS without a jsconfig, stray scripts …). */
  looseFiles: string[];
  /** True when more loose files existed than the cap allowed. */
  looseFilesTruncated: boolean;
  configErrors: ConfigError[];
}

export function discoverProjects(
  root: string,
  maxLooseFiles: number,
  tree: SourceTree = walkSourceTree(root),
): ProjectLayout {
  const { configs, sources } = tree;
  const claimed = new Set<string>();
  const projects: DiscoveredProject[] = [];
  const configQueue = [...configs];
  const seenConfigs = new Set(configQueue);
  const configErrors: ConfigError[] = [];
  while (configQueue.length > 0) {
    const configPath = configQueue.shift()!;
    const parsed = parseConfig(configPath, configErrors);
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
  const unclaimed = sources.filter((file) => !claimed.has(file) && !isDeclarationFile(file));
  return {
    projects,
    looseFiles: unclaimed.slice(0, maxLooseFiles),
    looseFilesTruncated: unclaimed.length > maxLooseFiles,
    configErrors,
  };
}

const MAX_ERRORS_PER_CONFIG = 20;

/** The parsed config, or undefined (with its errors recorded) when tsc cannot read it. */
function parseConfig(configPath: string, errors: ConfigError[]): ts.ParsedCommandLine | undefined {
  // tsc's own reader: comments and trailing commas are fine, what it reports here is broken.
  const read = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  // A project reference to a config that is not there (a package not created yet): its one error says so. Parsing
  // the missing text again would throw inside the compiler.
  if (read.error && !ts.sys.fileExists(configPath)) {
    errors.push(toConfigError(configPath, read.error));
    return undefined;
  }
  if (read.error) {
    // readConfigFile tells only the first error; the same parse again collects them all
    // (parseDiagnostics is missing from the public typings, so it is read defensively).
    const source = ts.readJsonConfigFile(configPath, (file) => ts.sys.readFile(file)) as ts.TsConfigSourceFile & {
      parseDiagnostics?: readonly ts.Diagnostic[];
    };
    const all = [...(source.parseDiagnostics ?? [])];
    ts.convertToObject(source, all);
    const found = (all.length > 0 ? all : [read.error]).map((diagnostic) => toConfigError(configPath, diagnostic));
    found.sort((a, b) => a.line - b.line || a.character - b.character);
    errors.push(...found.slice(0, MAX_ERRORS_PER_CONFIG));
    return undefined;
  }
  return ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(configPath), undefined, configPath);
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

function toConfigError(configPath: string, diagnostic: ts.Diagnostic): ConfigError {
  const position =
    diagnostic.file && diagnostic.start !== undefined
      ? ts.getLineAndCharacterOfPosition(diagnostic.file, diagnostic.start)
      : { line: 0, character: 0 };
  return {
    configPath,
    line: position.line + 1,
    character: position.character + 1,
    code: `TS${diagnostic.code}`,
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
  };
}
