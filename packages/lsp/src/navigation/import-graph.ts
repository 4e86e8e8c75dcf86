import path from 'node:path';
import ts from '../typescript-api.cjs';
import {
  MissingPath,
  badInput,
  hasByteEscapes,
  decodeSourceBytes,
  isInside,
  lineStarts,
  positionAt,
  type ImportGraphSource,
  type ModuleImport,
} from '@cn/core';
import { readFileBytes, statWithStamp, type FileStamp } from '../file-stamp.js';
import { pathsPatternOf } from './paths-alias.js';
import { findEntryPoints, loadProjectModules, type ProjectModules } from './project-modules.js';
import type { ListedFiles } from './saved-project-files.js';

interface Specifier {
  text: string;
  kind: 'static' | 'require' | 'dynamic';
  line: number;
  character: number;
}

// Several lookups make up one request; re-reading the configs for each would be wasted work,
// while reading them again on the next request picks up added files and edited configs.
const LAYOUT_TTL_MS = 1500;
const MAX_SCANNED_BYTES = 4 * 1024 * 1024;

/**
 * The project's import graph through the TypeScript compiler API: `ts.preProcessFile` finds the
 * specifiers (imports, re-exports, require(), import('literal')) without a full parse, and
 * `ts.resolveModuleName` resolves them with each file's own compiler options.
 */
export class TsImportGraph implements ImportGraphSource {
  private layout: { loadedAt: number; since: number; modules: ProjectModules } | undefined;
  private readonly scanned = new Map<string, { stamp: FileStamp; specifiers: Specifier[] }>();

  constructor(private readonly root: string) {}

  async projectFiles(fresh = false): Promise<string[]> {
    return this.modules(fresh).files;
  }

  /**
   * Every file an answer built on this graph depends on: the project's files, its configs (and those
   * they extend) and the package.json files that name entry points and resolve imports. Read afresh,
   * not within the layout's TTL: a file created a moment ago must change this list, and the request
   * that follows then works on the same fresh layout.
   */
  async inputFiles(): Promise<string[]> {
    this.layout = undefined;
    const modules = this.modules();
    const manifests = modules.packageJsonDirectories.map((directory) => path.join(directory, 'package.json'));
    return [...new Set([...modules.files, ...modules.configFiles, ...manifests])].sort();
  }

  async entryPoints(): Promise<string[]> {
    return findEntryPoints(this.modules());
  }

  async importsOf(filePath: string): Promise<ModuleImport[]> {
    const file = path.resolve(this.root, filePath);
    if (!isInside(this.root, file)) throw badInput(`file is outside the project root: ${filePath}`);
    const specifiers = await this.specifiersOf(file);
    const settings = this.modules().settingsFor(file);
    const { options, cache } = settings;
    const from = resolvedFrom(file);
    const fileFormat = ts.getImpliedNodeFormatForFile(from, cache.getPackageJsonInfoCache(), ts.sys, options);
    return specifiers.map((specifier) => {
      const mode =
        specifier.kind === 'require'
          ? ts.ModuleKind.CommonJS
          : specifier.kind === 'dynamic'
            ? ts.ModuleKind.ESNext
            : fileFormat;
      const resolved = ts.resolveModuleName(
        specifier.text,
        from,
        options,
        ts.sys,
        cache,
        undefined,
        mode,
      ).resolvedModule;
      const imported: ModuleImport = {
        specifier: specifier.text,
        line: specifier.line,
        character: specifier.character,
      };
      const target = resolved ? path.resolve(resolved.resolvedFileName) : undefined;
      if (
        target &&
        !resolved!.isExternalLibraryImport &&
        isInside(this.root, target) &&
        !target.includes(`${path.sep}node_modules${path.sep}`)
      ) {
        imported.resolvedFile = target;
        const pattern = isRelative(specifier.text) ? undefined : pathsPatternOf(specifier.text, target, options);
        const configPath = pattern && settings.pathsConfig?.();
        if (pattern && configPath) imported.alias = { pattern, configPath };
      } else if (!isRelative(specifier.text) && !specifier.text.startsWith('#')) {
        // `#…` names an entry of the package's own `imports`, never a package: left unresolved when it leads nowhere.
        imported.packageName = packageName(specifier.text);
      }
      return imported;
    });
  }

  private modules(fresh = false): ProjectModules {
    const now = Date.now();
    if (fresh || !this.layout || now - this.layout.loadedAt > LAYOUT_TTL_MS)
      this.layout = { loadedAt: now, since: Date.now(), modules: loadProjectModules(this.root) };
    return this.layout.modules;
  }

  /** The file list last read, and what from (saved-project-files.ts); undefined before any. */
  lastListing(): ListedFiles | undefined {
    if (!this.layout) return undefined;
    const { since, modules } = this.layout;
    return { files: modules.files, ...modules.listedFrom, since };
  }

  /**
   * Specifiers are cached per file version, by the stamp open documents and the text cache use (size, mtime and
   * ctime in ns, inode, device): size and mtime alone missed a same-size edit that kept the mtime.
   */
  private async specifiersOf(file: string): Promise<Specifier[]> {
    const found = await statWithStamp(file);
    if (!found?.stats.isFile())
      throw new MissingPath(path.relative(this.root, file), 'Check the path relative to the project root.');
    const known = this.scanned.get(file);
    if (known?.stamp === found.stamp) return known.specifiers;
    const text = found.stats.size > MAX_SCANNED_BYTES ? '' : decodeSourceBytes(await readFileBytes(file));
    const specifiers = scanSpecifiers(text);
    this.scanned.set(file, { stamp: found.stamp, specifiers });
    return specifiers;
  }
}

/**
 * The file imports are resolved from. The compiler reads every `\` of a path as a separator, so a name spelled with
 * escapes (not UTF-8: core's file-names.ts) would move its imports into a directory that does not exist; a stand-in
 * beside it, of the same extension, resolves them as the file itself would.
 */
function resolvedFrom(file: string): string {
  return hasByteEscapes(path.basename(file)) ? path.join(path.dirname(file), `cn-stand-in${path.extname(file)}`) : file;
}

function scanSpecifiers(text: string): Specifier[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const references = [...importedFiles, ...namespaceReExports(text)].sort((a, b) => a.pos - b.pos);
  const starts = lineStarts(text);
  return references.map((reference) => {
    // `pos` is the opening quote; the id points inside the string, at the specifier itself.
    return { text: reference.fileName, kind: callKind(text, reference.pos), ...positionAt(starts, reference.pos + 1) };
  });
}

const NAMESPACE_RE_EXPORT = /\bexport\s+(?:type\s+)?\*\s*as\b/;

/**
 * `export * as ns from './x'`: preProcessFile skips it (TypeScript 5.9), so a file re-exported only
 * that way would have no importer. Only files that have one pay for a parse.
 */
function namespaceReExports(text: string): Array<{ fileName: string; pos: number }> {
  if (!NAMESPACE_RE_EXPORT.test(text)) return [];
  const source = ts.createSourceFile('scan.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return source.statements.flatMap((statement) =>
    ts.isExportDeclaration(statement) &&
    statement.exportClause &&
    ts.isNamespaceExport(statement.exportClause) &&
    statement.moduleSpecifier &&
    ts.isStringLiteral(statement.moduleSpecifier)
      ? [{ fileName: statement.moduleSpecifier.text, pos: statement.moduleSpecifier.getStart(source) }]
      : [],
  );
}

/** preProcessFile does not say how a specifier was written; the text just before it does. */
function callKind(text: string, quote: number): Specifier['kind'] {
  const before = text.slice(Math.max(0, quote - 16), quote).replace(/\s+/g, '');
  if (before.endsWith('require(')) return 'require';
  if (before.endsWith('import(')) return 'dynamic';
  return 'static';
}

function isRelative(specifier: string): boolean {
  return (
    specifier.startsWith('./') ||
    specifier.startsWith('../') ||
    specifier === '.' ||
    specifier === '..' ||
    path.isAbsolute(specifier)
  );
}

/** `@scope/pkg/deep/path` → `@scope/pkg`; `lodash/fp` → `lodash`; `node:fs/promises` → `node:fs`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') && parts.length > 1 ? `${parts[0]}/${parts[1]}` : parts[0];
}
