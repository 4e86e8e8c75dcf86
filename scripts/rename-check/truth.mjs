// The truth a cn rename is compared with: TypeScript 5.9's LanguageService, in this process, over the project that
// owns the file (for a solution tsconfig, `"files": []` with references: every referenced project whose program
// holds the file, their answers united, as tsserver searches every project that holds it).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const require = createRequire(import.meta.url);
const ts = require('typescript');

/**
 * The projects whose programs hold `file` (absolute paths): of each tsconfig given, or for a solution tsconfig its
 * references, and each loose directory (no tsconfig: an inferred project, as the engine opens such files), given as
 * `{ loose: <dir> }`.
 */
export function owningProjects(tsconfigs, looseDirectories, file) {
  const owners = [];
  for (const tsconfig of tsconfigs) {
    const parsed = parseConfig(tsconfig);
    const references = (parsed.projectReferences ?? []).map((each) =>
      fs.statSync(each.path).isDirectory() ? path.join(each.path, 'tsconfig.json') : each.path,
    );
    const candidates = parsed.fileNames.length === 0 && references.length > 0 ? references : [tsconfig];
    owners.push(...candidates.filter((each) => holds(each, file)));
  }
  for (const directory of looseDirectories) if (holds({ loose: directory }, file)) owners.push({ loose: directory });
  return owners;
}

/** A project holds a file its config lists, or one its program reaches through imports (`../../src/router.ts`). */
function holds(project, file) {
  const parsed = parseConfig(project);
  if (parsed.fileNames.some((name) => samePath(name, file))) return true;
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
  });
  return program.getSourceFile(file) !== undefined;
}

/**
 * Every place the LanguageService renames, as `{ file, line, character, length, newText }` (1-based, UTF-16 columns,
 * `file` relative to `root`), sorted and without duplicates. The options are what cn asks its engines for:
 * findInStrings and findInComments false (LSP textDocument/rename never edits strings or comments), and
 * providePrefixAndSuffixTextForRename false (cn sets it for tsserver in initialize-params.ts; for typescript-go it
 * sets useAliasesForRenames false, the same preference under its newer name): every use is renamed, none kept
 * through a new alias (`import { old as newName }`, `{ old: newName }`).
 */
export function renameLocations(root, projects, file, line, character, newName) {
  const places = new Map();
  for (const project of projects) {
    const service = languageService(project);
    const source = service.getProgram().getSourceFile(file);
    if (!source) continue;
    const offset = source.getPositionOfLineAndCharacter(line - 1, character - 1);
    const found = service.findRenameLocations(file, offset, false, false, {
      providePrefixAndSuffixTextForRename: false,
    });
    if (!found)
      throw new Error(`the LanguageService will not rename at ${path.relative(root, file)}:${line}:${character}`);
    for (const each of found) {
      const where = service.getProgram().getSourceFile(each.fileName);
      const start = where.getLineAndCharacterOfPosition(each.textSpan.start);
      const place = {
        file: path.relative(root, each.fileName),
        line: start.line + 1,
        character: start.character + 1,
        length: each.textSpan.length,
        newText: `${each.prefixText ?? ''}${newName}${each.suffixText ?? ''}`,
      };
      places.set(placeKey(place), place);
    }
  }
  return [...places.values()].sort((a, b) => placeKey(a).localeCompare(placeKey(b), 'en', { numeric: true }));
}

export const placeKey = (place) => `${place.file}:${place.line}:${place.character}+${place.length} → ${place.newText}`;

/** `tsc --noEmit -p <project>`'s error count, summed over the projects (the TypeScript of cn's node_modules). */
export function tscErrors(tscPath, projects, run) {
  let total = 0;
  for (const project of projects.filter((each) => typeof each === 'string')) {
    const output = run(process.execPath, [
      tscPath,
      '--noEmit',
      '--pretty',
      'false',
      '--incremental',
      'false',
      '-p',
      project,
    ]);
    total += (output.match(/error TS\d+/g) ?? []).length;
  }
  return total;
}

function languageService(tsconfig) {
  const parsed = parseConfig(tsconfig);
  const host = {
    getCompilationSettings: () => parsed.options,
    getProjectReferences: () => parsed.projectReferences,
    getScriptFileNames: () => parsed.fileNames,
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) =>
      fs.existsSync(name) ? ts.ScriptSnapshot.fromString(fs.readFileSync(name, 'utf8')) : undefined,
    getCurrentDirectory: () => (typeof tsconfig === 'string' ? path.dirname(tsconfig) : tsconfig.loose),
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    realpath: ts.sys.realpath,
    useCaseSensitiveFileNames: () => true,
  };
  return ts.createLanguageService(host, ts.createDocumentRegistry());
}

/** An inferred project's options (tsserver's defaults for loose files), or a tsconfig's. */
function parseConfig(tsconfig) {
  if (typeof tsconfig !== 'string') {
    const config = {
      compilerOptions: { allowJs: true, noEmit: true, allowImportingTsExtensions: true, module: 'nodenext' },
      include: ['**/*'],
    };
    return ts.parseJsonConfigFileContent(config, ts.sys, tsconfig.loose);
  }
  const read = ts.readConfigFile(tsconfig, ts.sys.readFile);
  if (read.error)
    throw new Error(`cannot read ${tsconfig}: ${ts.flattenDiagnosticMessageText(read.error.messageText, ' ')}`);
  return ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(tsconfig), undefined, tsconfig);
}

function samePath(a, b) {
  return path.resolve(a) === path.resolve(b);
}
