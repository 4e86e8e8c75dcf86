import path from 'node:path';
import { readConfigFileQuietly } from './config-file.js';
import { withoutUnsafeConfigs } from './config-graph.js';
import ts from './typescript-api.cjs';
import { assembleLayout, type ConfigContents, type ConfigError, type ProjectLayout } from './project-layout.js';
import { walkSourceTree, type SourceTree } from './source-tree.js';

export type { ConfigError, DiscoveredProject, ProjectLayout } from './project-layout.js';

/** Compiler options as plain data, so they cross from the discovery process and go to tsserver as they are. */
export type LooseFileOptions = Record<string, unknown>;

/** The layout as TypeScript 5.9 reads it, with what the loose files are compiled with. */
export type DiscoveredLayout = ProjectLayout & { looseOptions: LooseFileOptions };

/** Loose files in a project with no config at all: JavaScript resolved as a bundler would. */
const LOOSE_FILE_DEFAULTS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  target: ts.ScriptTarget.ES2022,
  jsx: ts.JsxEmit.Preserve,
  allowSyntheticDefaultImports: true,
};

/** Options about output and the build, which a program of loose files read for navigation has no use for. */
const OUTPUT_OPTIONS = [
  'configFilePath',
  'configFile',
  'composite',
  'incremental',
  'tsBuildInfoFile',
  'declaration',
  'declarationMap',
  'declarationDir',
  'emitDeclarationOnly',
  'isolatedDeclarations',
  'outDir',
  'outFile',
  'rootDir',
  'sourceMap',
  'inlineSourceMap',
  'inlineSources',
  'plugins',
];

/**
 * The layout as TypeScript 5.9 reads the configs (in a child process: discovery-worker.ts). `configsRead`, when given,
 * is filled with what each config read says (the import graph resolves with their options: project-modules.ts).
 */
export function discoverProjects(
  root: string,
  maxLooseFiles: number,
  // The configs cn keeps from the engines (config-graph.ts) are no projects here either.
  tree: SourceTree = withoutUnsafeConfigs(walkSourceTree(root)).tree,
  configsRead?: Map<string, ConfigContents>,
): DiscoveredLayout {
  const layout = assembleLayout(root, maxLooseFiles, tree, (configPath, errors) => {
    const parsed = parseConfig(configPath, errors);
    if (!parsed) return undefined;
    const contents: ConfigContents = {
      files: parsed.fileNames.map((fileName) => path.resolve(fileName)),
      references: (parsed.projectReferences ?? []).map((reference) => ts.resolveProjectReferencePath(reference)),
      options: parsed.options,
      extendedConfigs: parsed.extendedConfigs,
    };
    configsRead?.set(configPath, contents);
    return contents;
  });
  return { ...layout, looseOptions: looseFileOptions(layout.nearestConfigOptions as ts.CompilerOptions | undefined) };
}

/**
 * The loose files take the compiler options of the config nearest the root that has files of its own, as they are
 * likely to be run and resolved alike, and for a reason that weighs more: tsserver shares a file's syntax tree only
 * between programs whose syntax-affecting options are equal. A program of rxjs's one loose script with options of its
 * own parsed the standard library (lib.dom.d.ts …) a second time: 40 MB more in tsserver and seconds to a cold
 * answer, for one file. tsserver takes the parsed form as it is (its protocol converts only strings).
 */
export function looseFileOptions(configOptions: ts.CompilerOptions | undefined): LooseFileOptions {
  const base: LooseFileOptions = { ...(configOptions ?? LOOSE_FILE_DEFAULTS) };
  for (const option of OUTPUT_OPTIONS) delete base[option];
  return { ...base, allowJs: true, checkJs: false, noEmit: true, maxNodeModuleJsDepth: 0 };
}

const MAX_ERRORS_PER_CONFIG = 20;

/**
 * The parsed config and the configs its `extends` chain read, or undefined (with its errors recorded) when tsc cannot
 * read it.
 */
function parseConfig(
  configPath: string,
  errors: ConfigError[],
): (ts.ParsedCommandLine & { extendedConfigs: string[] }) | undefined {
  // tsc's own reader: comments and trailing commas are fine, what it reports here is broken.
  const read = ts.readConfigFile(configPath, readConfigFileQuietly);
  // A project reference to a config that is not there (a package not created yet): its one error says so. Parsing
  // the missing text again would throw inside the compiler.
  if (read.error && !ts.sys.fileExists(configPath)) {
    errors.push(toConfigError(configPath, read.error));
    return undefined;
  }
  if (read.error) {
    // readConfigFile tells only the first error; the same parse again collects them all
    // (parseDiagnostics is missing from the public typings, so it is read defensively).
    const source = ts.readJsonConfigFile(configPath, readConfigFileQuietly) as ts.TsConfigSourceFile & {
      parseDiagnostics?: readonly ts.Diagnostic[];
    };
    const all = [...(source.parseDiagnostics ?? [])];
    ts.convertToObject(source, all);
    const found = (all.length > 0 ? all : [read.error]).map((diagnostic) => toConfigError(configPath, diagnostic));
    found.sort((a, b) => a.line - b.line || a.character - b.character);
    errors.push(...found.slice(0, MAX_ERRORS_PER_CONFIG));
    return undefined;
  }
  // Parsed from a source file, as tsserver parses it: the compiler fills in the configs `extends` read.
  const source = ts.readJsonConfigFile(configPath, readConfigFileQuietly);
  const parsed = ts.parseJsonSourceFileConfigFileContent(
    source,
    CONFIG_HOST,
    path.dirname(configPath),
    undefined,
    configPath,
  );
  // The source file stays out of the options: they cross from the discovery process (nearestConfigOptions).
  const { configFile: _source, ...options } = parsed.options;
  return {
    ...parsed,
    options,
    extendedConfigs: (source.extendedSourceFiles ?? []).map((file) => path.resolve(file)),
  };
}

/** ts.sys, but configs (`extends` bases) are read by the bounded reader (config-file.ts). */
export const CONFIG_HOST: ts.ParseConfigHost = {
  useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
  readDirectory: (...args) => ts.sys.readDirectory(...args),
  fileExists: (file) => ts.sys.fileExists(file),
  readFile: readConfigFileQuietly,
};

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
