// Ground-truth recipes: for each question kind, the answer computed with the compiler API
// (`primary`) and a second, independent method (`second`) the builder cross-checks it against.
// Every set holds scorer-format answers: `path:line`, `path:from-to`, a path, or a name.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { scopeDeclarationsOf, subtypeDeclarations, supertypeSymbols } from './hierarchy.mjs';
import {
  declarationLocation,
  findDeclaration,
  inScope,
  relative,
  resolvedSymbol,
  sourceOf,
  symbolOf,
  ts,
  walk,
} from './project.mjs';
import { followExport, syntacticImporters } from './syntax.mjs';

const rel = (project, file) => relative(project.root, file);
const at = (project, file, offset) => `${rel(project, file)}:${project.line(file, offset)}`;

/** One location per declared name and file: overloads and merged declarations are one answer. */
function locations(project, declarations) {
  const byKey = new Map();
  for (const declaration of declarations) {
    const [file, range] = declarationLocation(project, declaration).split(':');
    const [from, to = from] = range.split('-').map(Number);
    const key = `${file}:${declaration.name.text}`;
    const known = byKey.get(key) ?? { file, from, to };
    byKey.set(key, { file, from: Math.min(known.from, from), to: Math.max(known.to, to) });
  }
  return new Set(
    [...byKey.values()].map(({ file, from, to }) => (from === to ? `${file}:${from}` : `${file}:${from}-${to}`)),
  );
}

function target(project, q) {
  const declaration = findDeclaration(project, q.recipe.file, q.recipe.symbol);
  return { declaration, symbol: symbolOf(project, declaration), file: declaration.getSourceFile().fileName };
}

function referenceEntries(project, declaration) {
  const source = declaration.getSourceFile();
  return (project.service.findReferences(source.fileName, declaration.name.getStart(source)) ?? [])
    .flatMap((entry) => entry.references)
    .filter((ref) => inScope(project, ref.fileName));
}

/** Second method for references: every identifier in scope, resolved by the checker (imports followed). */
let identifierIndex;
function identifiersResolvingTo(project, symbol) {
  if (!identifierIndex) {
    identifierIndex = new Map();
    for (const source of project.scopeFiles) {
      walk(source, (node) => {
        if (!ts.isIdentifier(node)) return;
        const resolved = resolvedSymbol(project.checker, node);
        if (!resolved) return;
        if (!identifierIndex.has(resolved)) identifierIndex.set(resolved, []);
        identifierIndex.get(resolved).push(node);
      });
    }
  }
  return identifierIndex.get(symbol) ?? [];
}

function callSitesByHierarchy(project, declaration) {
  const source = declaration.getSourceFile();
  const sites = new Set();
  for (const call of project.service.provideCallHierarchyIncomingCalls(
    source.fileName,
    declaration.name.getStart(source),
  )) {
    if (!inScope(project, call.from.file)) continue;
    for (const span of call.fromSpans) sites.add(at(project, call.from.file, span.start));
  }
  return sites;
}

function callSitesBySyntax(project, symbol) {
  const sites = new Set();
  for (const node of identifiersResolvingTo(project, symbol)) {
    let callee = node;
    if (ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) callee = node.parent;
    const parent = callee.parent;
    const called =
      ts.isCallExpression(parent) || ts.isNewExpression(parent)
        ? parent.expression === callee
        : ts.isTaggedTemplateExpression(parent) && parent.tag === callee;
    if (called) sites.add(at(project, node.getSourceFile().fileName, node.getStart()));
  }
  return sites;
}

const filesOf = (project, items, except) =>
  new Set(items.map((file) => rel(project, file)).filter((file) => file !== rel(project, except)));

function exportedFunctions(project, file) {
  const functions = [];
  for (const statement of sourceOf(project, file).statements) {
    const exported = ts.getCombinedModifierFlags(statement) & ts.ModifierFlags.Export;
    if (!exported) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name) functions.push(statement);
    if (ts.isVariableStatement(statement)) {
      for (const variable of statement.declarationList.declarations) {
        if (
          variable.initializer &&
          (ts.isArrowFunction(variable.initializer) || ts.isFunctionExpression(variable.initializer))
        )
          functions.push(variable);
      }
    }
  }
  return [...new Map(functions.map((node) => [node.name.text, node])).values()];
}

// Named methods only: `#private` and computed names such as `[Symbol.iterator]` are not answers.
const isPublicMethod = (node) =>
  ts.isMethodDeclaration(node) &&
  ts.isIdentifier(node.name) &&
  !(ts.getCombinedModifierFlags(node) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected));

function navigationItem(project, file, names) {
  let items = project.service.getNavigationTree(path.join(project.root, file)).childItems ?? [];
  let item;
  for (const name of names) {
    item = items.find((candidate) => candidate.text === name);
    if (!item) throw new Error(`navigation tree of ${file} has no ${names.join('.')}`);
    items = item.childItems ?? [];
  }
  return item;
}

/** The innermost class declaration around a position (implementation spans may name or cover it). */
function enclosingClass(source, position) {
  let found;
  walk(source, (node) => {
    if (ts.isClassDeclaration(node) && node.name && node.getStart(source) <= position && position < node.getEnd())
      found = node;
  });
  return found;
}

const lineRange = (project, file, spans) =>
  `${rel(project, file)}:${Math.min(...spans.map((s) => project.line(file, s.start)))}-${Math.max(...spans.map((s) => project.line(file, s.end)))}`;

export const RECIPES = {
  definition: {
    primary(project, q) {
      const source = sourceOf(project, q.recipe.file);
      const exported = project.checker
        .getExportsOfModule(project.checker.getSymbolAtLocation(source))
        .find((s) => s.name === q.recipe.symbol);
      if (!exported) throw new Error(`${q.recipe.file} exports no ${q.recipe.symbol}`);
      const symbol = exported.flags & ts.SymbolFlags.Alias ? project.checker.getAliasedSymbol(exported) : exported;
      return locations(
        project,
        symbol.declarations.filter((d) => inScope(project, d.getSourceFile().fileName)),
      );
    },
    second: (project, q) => locations(project, followExport(project, q.recipe.file, q.recipe.symbol)),
  },
  declaration: {
    primary: (project, q) => locations(project, [target(project, q).declaration]),
    second(project, q) {
      const { file, symbol } = q.recipe;
      const name = symbol.split('.').pop();
      const items = project.service
        .getNavigateToItems(name, undefined, undefined, true)
        .filter((item) => item.name === name && rel(project, item.fileName) === file);
      return new Set(items.map((item) => at(project, item.fileName, item.textSpan.start)));
    },
  },
  references: {
    primary: (project, q) => {
      const t = target(project, q);
      return filesOf(
        project,
        referenceEntries(project, t.declaration).map((r) => r.fileName),
        t.file,
      );
    },
    second: (project, q) => {
      const t = target(project, q);
      return filesOf(
        project,
        identifiersResolvingTo(project, t.symbol).map((n) => n.getSourceFile().fileName),
        t.file,
      );
    },
  },
  members: {
    primary(project, q) {
      const symbol = target(project, q).symbol;
      const members = [...(symbol.members?.values() ?? []), ...(symbol.exports?.values() ?? [])];
      return new Set(
        members
          .filter((m) => m.flags & ts.SymbolFlags.Method && m.declarations.some(isPublicMethod))
          .map((m) => m.name),
      );
    },
    second(project, q) {
      const item = navigationItem(project, q.recipe.file, [q.recipe.symbol]);
      const methods = (item.childItems ?? []).filter(
        (c) => c.kind === 'method' && !/^[#[]/.test(c.text) && !/private|protected/.test(c.kindModifiers),
      );
      return new Set(methods.map((c) => c.text));
    },
  },
  'line-range': {
    primary(project, q) {
      const t = target(project, q);
      return new Set([
        lineRange(
          project,
          t.file,
          t.symbol.declarations.map((d) => ({ start: d.getStart(), end: d.getEnd() })),
        ),
      ]);
    },
    second(project, q) {
      const items = [];
      const names = q.recipe.symbol.split('.');
      const container = navigationItem(project, q.recipe.file, names.slice(0, -1));
      for (const child of container.childItems ?? [])
        if (child.text === names.at(-1))
          items.push(...child.spans.map((s) => ({ start: s.start, end: s.start + s.length })));
      return new Set([lineRange(project, path.join(project.root, q.recipe.file), items)]);
    },
  },
  callers: {
    primary: (project, q) => callSitesByHierarchy(project, target(project, q).declaration),
    second: (project, q) => callSitesBySyntax(project, target(project, q).symbol),
  },
  importers: {
    primary(project, q) {
      const wanted = path.join(project.root, q.recipe.file);
      const cache = ts.createModuleResolutionCache(project.root, (name) => name, project.options);
      const importers = new Set();
      for (const source of project.scopeFiles) {
        for (const imported of ts.preProcessFile(readFileSync(source.fileName, 'utf8'), true, true).importedFiles) {
          const resolved = ts.resolveModuleName(
            imported.fileName,
            source.fileName,
            project.options,
            ts.sys,
            cache,
          ).resolvedModule;
          if (resolved && path.resolve(resolved.resolvedFileName) === wanted && source.fileName !== wanted)
            importers.add(rel(project, source.fileName));
        }
      }
      return importers;
    },
    second: (project, q) => syntacticImporters(project, q.recipe.file),
  },
  implementations: {
    primary: (project, q) =>
      locations(project, subtypeDeclarations(project, target(project, q).declaration, 'types', { classesOnly: true })),
    second(project, q) {
      const { declaration } = target(project, q);
      const source = declaration.getSourceFile();
      const found =
        project.service.getImplementationAtPosition(source.fileName, declaration.name.getStart(source)) ?? [];
      const classes = found
        .filter((i) => inScope(project, i.fileName))
        .map((i) => enclosingClass(project.program.getSourceFile(i.fileName), i.textSpan.start))
        .filter(Boolean);
      return locations(
        project,
        classes.filter((node) => node !== declaration),
      );
    },
  },
  'type-hierarchy': {
    primary(project, q) {
      const { declaration } = target(project, q);
      return locations(project, [
        ...scopeDeclarationsOf(project, supertypeSymbols(project, declaration, 'types')),
        ...subtypeDeclarations(project, declaration, 'types'),
      ]);
    },
    second(project, q) {
      const { declaration } = target(project, q);
      return locations(project, [
        ...scopeDeclarationsOf(project, supertypeSymbols(project, declaration, 'syntax')),
        ...subtypeDeclarations(project, declaration, 'syntax'),
      ]);
    },
  },
  'change-impact': {
    primary(project, q) {
      const t = target(project, q);
      const callers = [...callSitesByHierarchy(project, t.declaration)].map((site) => site.split(':')[0]);
      const importers = identifiersResolvingTo(project, t.symbol)
        .filter((n) => ts.isImportSpecifier(n.parent) || ts.isExportSpecifier(n.parent))
        .map((n) => rel(project, n.getSourceFile().fileName));
      return new Set([...callers, ...importers].filter((file) => file !== rel(project, t.file)));
    },
    second: (project, q) => RECIPES.references.primary(project, q),
  },
  'unused-exports': {
    primary(project, q) {
      const used = (node) =>
        referenceEntries(project, node).some((ref) => ref.fileName !== node.getSourceFile().fileName);
      return new Set(
        exportedFunctions(project, q.recipe.file)
          .filter((node) => !used(node))
          .map((node) => node.name.text),
      );
    },
    second(project, q) {
      const used = (node) =>
        identifiersResolvingTo(project, symbolOf(project, node)).some(
          (id) => id.getSourceFile() !== node.getSourceFile(),
        );
      return new Set(
        exportedFunctions(project, q.recipe.file)
          .filter((node) => !used(node))
          .map((node) => node.name.text),
      );
    },
  },
};
