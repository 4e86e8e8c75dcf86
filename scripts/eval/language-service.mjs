// A TypeScript LanguageService over a corpus, built with the compiler API alone (no cn, no
// typescript-language-server): the independent source of the eval's ground truth.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isInside } from '../../packages/core/dist/index.js';
import { REPO, listSources } from '../bench/corpora.mjs';

export const ts = createRequire(path.join(REPO, 'packages/lsp/package.json'))('typescript');

/** Uses the root tsconfig/jsconfig when there is one; otherwise every source file with allowJs. */
export function createCorpusService(root) {
  const configPath = ['tsconfig.json', 'jsconfig.json']
    .map((name) => path.join(root, name))
    .find((file) => existsSync(file));
  let fileNames;
  let options;
  if (configPath) {
    const read = ts.readConfigFile(configPath, ts.sys.readFile);
    const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, root, undefined, configPath);
    fileNames = parsed.fileNames;
    options = { ...parsed.options, allowJs: parsed.options.allowJs ?? configPath.endsWith('jsconfig.json') };
  } else {
    fileNames = listSources(root).map((file) => path.join(root, file));
    options = {
      allowJs: true,
      checkJs: false,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
    };
  }
  const { service, host } = languageServiceFor(root, fileNames, options);
  return { service, fileNames, options, host, root };
}

/** A LanguageService over fixed files (no edits: every script is version 1), shared by eval and agent-eval. */
export function languageServiceFor(root, fileNames, options) {
  const host = {
    getScriptFileNames: () => fileNames,
    getScriptVersion: () => '1',
    getScriptSnapshot: (file) =>
      existsSync(file) ? ts.ScriptSnapshot.fromString(readFileSync(file, 'utf8')) : undefined,
    getCurrentDirectory: () => root,
    getCompilationSettings: () => options,
    getDefaultLibFileName: (settings) => ts.getDefaultLibFilePath(settings),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: (directory) =>
      existsSync(directory)
        ? readdirSync(directory, { withFileTypes: true })
            .filter((e) => e.isDirectory())
            .map((e) => e.name)
        : [],
  };
  return { host, service: ts.createLanguageService(host, ts.createDocumentRegistry()) };
}

export function relative(root, file) {
  return path.relative(root, file).split(path.sep).join('/');
}

export function isProjectFile(root, file) {
  return isInside(root, file) && !path.relative(root, file).includes('node_modules');
}

/** 1-based line of an offset in a file. */
export function lineOf(service, file, offset) {
  const source = service.getProgram().getSourceFile(file);
  return source.getLineAndCharacterOfPosition(offset).line + 1;
}
