import path from 'node:path';
import ts from 'typescript';
import { assembleLayout, type ConfigError, type ProjectLayout } from './project-layout.js';
import { walkSourceTree, type SourceTree } from './source-tree.js';

export type { ConfigError, DiscoveredProject, ProjectLayout } from './project-layout.js';

/** The layout as TypeScript 5.9 reads the configs (in a child process: discovery-worker.ts). */
export function discoverProjects(
  root: string,
  maxLooseFiles: number,
  tree: SourceTree = walkSourceTree(root),
): ProjectLayout {
  return assembleLayout(root, maxLooseFiles, tree, (configPath, errors) => {
    const parsed = parseConfig(configPath, errors);
    if (!parsed) return undefined;
    return {
      files: parsed.fileNames.map((fileName) => path.resolve(fileName)),
      references: (parsed.projectReferences ?? []).map((reference) => ts.resolveProjectReferencePath(reference)),
    };
  });
}

const MAX_ERRORS_PER_CONFIG = 20;

/** The parsed config, or undefined (with its errors recorded) when tsc cannot read it. */
function parseConfig(configPath: string, errors: ConfigError[]): ts.ParsedCommandLine | undefined {
  // tsc's own reader: comments and trailing commas are fine, what it reports here is broken.
  const read = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
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
