// The syntax-only half of the cross-checks: module specifiers resolved by hand (relative paths,
// the tsconfig's `paths` aliases, .ts/.tsx/.d.ts/index files, .js written for .ts) and exports
// followed statement by statement, without the checker or ts.resolveModuleName, so a disagreement
// exposes a bug in either method.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { inScope, relative, ts, walk } from './project.mjs';

const parsed = new Map();
function parse(file) {
  if (!parsed.has(file))
    parsed.set(file, ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true));
  return parsed.get(file);
}

const isFile = (file) => existsSync(file) && statSync(file).isFile();

/** A path as written (`./a.js`, `./dir`, `./packages/core/src/x.ts`) to the TypeScript file it names. */
function resolveBase(base) {
  if (/\.tsx?$/.test(base) && isFile(base)) return base;
  const stem = base.replace(/\.(?:[cm]?js|jsx)$/, '');
  return ['.ts', '.tsx', '.d.ts', '/index.ts', '/index.tsx'].map((ending) => stem + ending).find(isFile);
}

/**
 * The tsconfig's `paths` as [pattern, targets] in the order TypeScript tries them: an exact
 * pattern first, then wildcard patterns by longest prefix. Targets are relative to `baseUrl`, or
 * without one to the directory of the config that declares `paths` (ts records it as
 * `pathsBasePath`).
 */
function pathAliases(options) {
  const base = options.baseUrl ?? options.pathsBasePath;
  const entries = Object.entries(options.paths ?? {}).map(([pattern, targets]) => ({
    pattern,
    prefix: pattern.split('*')[0],
    wildcard: pattern.includes('*'),
    targets: targets.map((target) => path.resolve(base, target)),
  }));
  return entries.sort((a, b) => Number(a.wildcard) - Number(b.wildcard) || b.prefix.length - a.prefix.length);
}

const aliasCache = new WeakMap();

/** `specifier` as imported from `fromFile` to a file of the corpus, or undefined (a package, a miss). */
export function resolveModule(project, fromFile, specifier) {
  if (specifier.startsWith('.')) return resolveBase(path.resolve(path.dirname(fromFile), specifier));
  if (!aliasCache.has(project)) aliasCache.set(project, pathAliases(project.options));
  for (const alias of aliasCache.get(project)) {
    let captured;
    if (!alias.wildcard) {
      if (specifier !== alias.pattern) continue;
    } else {
      const suffix = alias.pattern.slice(alias.prefix.length + 1);
      if (!specifier.startsWith(alias.prefix) || !specifier.endsWith(suffix)) continue;
      if (specifier.length < alias.prefix.length + suffix.length) continue;
      captured = specifier.slice(alias.prefix.length, specifier.length - suffix.length);
    }
    // The first pattern that matches decides; its targets are tried in order.
    for (const target of alias.targets) {
      const file = resolveBase(captured === undefined ? target : target.replace('*', captured));
      if (file) return file;
    }
    return undefined;
  }
  return undefined;
}

const moduleSpecifiers = (source) => {
  const specifiers = [];
  walk(source, (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      specifiers.push(node.moduleSpecifier.text);
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      specifiers.push(node.arguments[0].text);
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal))
      specifiers.push(node.argument.literal.text);
  });
  return specifiers;
};

/** Files in scope with an import/export-from/import()/import("…") type naming `targetRel`. */
export function syntacticImporters(project, targetRel) {
  const wanted = path.join(project.root, targetRel);
  const importers = new Set();
  for (const source of project.scopeFiles) {
    if (source.fileName === wanted) continue;
    if (
      moduleSpecifiers(parse(source.fileName)).some(
        (specifier) => resolveModule(project, source.fileName, specifier) === wanted,
      )
    )
      importers.add(relative(project.root, source.fileName));
  }
  return importers;
}

const hasExport = (node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

function localDeclarations(source, name) {
  const found = [];
  for (const statement of source.statements) {
    if (statement.name?.text === name && !ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement))
      found.push(statement);
    if (ts.isVariableStatement(statement))
      found.push(...statement.declarationList.declarations.filter((d) => d.name.text === name));
  }
  return found;
}

/**
 * Follows `name` as exported by a file: own declarations, `export { a as name } from`, imports
 * re-exported, and only when none of those names it, `export *` (a module's explicit export
 * shadows a star export of the same name, as in ECMAScript).
 */
export function followExport(project, fileRel, name) {
  const seen = new Set();
  const follow = (file, wanted) => {
    const key = `${file}#${wanted}`;
    if (!file || seen.has(key) || !inScope(project, file)) return [];
    seen.add(key);
    const source = parse(file);
    const own = localDeclarations(source, wanted);
    const exportedOwn = own.filter((node) => hasExport(ts.isVariableDeclaration(node) ? node.parent.parent : node));
    if (exportedOwn.length > 0) return exportedOwn.map((node) => equivalentNode(project, file, node));
    const named = [];
    const starSources = [];
    for (const statement of source.statements) {
      if (!ts.isExportDeclaration(statement)) continue;
      const from = statement.moduleSpecifier && resolveModule(project, file, statement.moduleSpecifier.text);
      if (!statement.exportClause) {
        if (wanted !== 'default') starSources.push(from);
        continue;
      }
      if (!ts.isNamedExports(statement.exportClause)) continue;
      for (const element of statement.exportClause.elements) {
        if (element.name.text !== wanted) continue;
        const local = (element.propertyName ?? element.name).text;
        named.push(...(from ? follow(from, local) : followLocal(project, file, source, local, follow)));
      }
    }
    return named.length > 0 ? named : starSources.flatMap((from) => follow(from, wanted));
  };
  return follow(path.join(project.root, fileRel), name);
}

/** `export { x }` of a name the file declares or imports. */
function followLocal(project, file, source, local, follow) {
  const own = localDeclarations(source, local);
  if (own.length > 0) return own.map((node) => equivalentNode(project, file, node));
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause) continue;
    const from = resolveModule(project, file, statement.moduleSpecifier.text);
    const { name, namedBindings } = statement.importClause;
    if (name?.text === local) return follow(from, 'default');
    if (namedBindings && ts.isNamedImports(namedBindings)) {
      const element = namedBindings.elements.find((e) => e.name.text === local);
      if (element) return follow(from, (element.propertyName ?? element.name).text);
    }
  }
  return [];
}

/** The program's node at the same place (locations are computed on the program's source files). */
function equivalentNode(project, file, node) {
  const source = project.program.getSourceFile(file);
  let found;
  walk(source, (candidate) => {
    if (!found && candidate.kind === node.kind && candidate.pos === node.pos && candidate.end === node.end)
      found = candidate;
  });
  return found;
}
