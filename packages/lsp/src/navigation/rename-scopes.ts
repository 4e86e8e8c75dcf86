import ts from '../typescript-api.cjs';
import type { Position, RenameCapture } from '@cn/core';
import { offsetOf, parseSource, positionOf } from './source-syntax.js';

/**
 * A rename's scope changes in one file, from its syntax tree alone (the compiler's rename does not check them: it
 * would rename `total` to `sum` inside a function that declares its own `sum`, and the program still type-checks).
 * A name is looked up as the language does, scope by scope outward: blocks, functions (parameters, hoisted `var`s,
 * a function or class expression's own name, type parameters), `for` heads, `catch` clauses, the module. Types and
 * values are not told apart: a type of the new name in a scope between counts too.
 */
export function renameCapturesIn(
  fileName: string,
  text: string,
  edits: readonly Position[],
  oldName: string,
  newName: string,
): RenameCapture[] {
  const source = parseSource(fileName, text);
  const declared = new Map<ts.Node, Map<string, ts.Identifier>>();
  const declarationsOf = (scope: ts.Node) => {
    let names = declared.get(scope);
    if (!names) declared.set(scope, (names = scopeDeclarations(scope)));
    return names;
  };
  const where = (node: ts.Node) => positionOf(source, node.getStart(source));
  const captures: RenameCapture[] = [];
  const renamedScopes = new Set<ts.Node>();
  for (const edit of edits) {
    const offset = offsetOf(source, edit);
    const name = offset === undefined ? undefined : identifierAt(source, offset);
    if (!name || name.text !== oldName || !isLexicalName(name)) continue;
    for (let scope = firstScope(name); scope; scope = outerScope(scope)) {
      const names = declarationsOf(scope);
      const local = names.get(newName);
      if (names.has(oldName)) {
        renamedScopes.add(scope);
        if (local) captures.push({ kind: 'duplicate', use: where(name), declaration: where(local) });
        break;
      }
      if (local) {
        captures.push({ kind: 'captured', use: where(name), declaration: where(local) });
        break;
      }
    }
  }
  for (const scope of renamedScopes) {
    if (declarationsOf(scope).has(newName)) continue;
    for (const use of identifiersNamed(scope, newName, source)) {
      if (!isLexicalName(use) || isDeclarationName(use)) continue;
      let inner = firstScope(use);
      while (inner && inner !== scope && !declarationsOf(inner).has(newName)) inner = outerScope(inner);
      if (inner === scope) captures.push({ kind: 'shadows', use: where(use) });
    }
  }
  return captures;
}

function identifierAt(source: ts.SourceFile, offset: number): ts.Identifier | undefined {
  let found: ts.Identifier | undefined;
  const visit = (node: ts.Node): void => {
    if (offset < node.getStart(source) || offset >= node.end) return;
    if (ts.isIdentifier(node) && node.getStart(source) === offset) found = node;
    else ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function identifiersNamed(scope: ts.Node, name: string, source: ts.SourceFile): ts.Identifier[] {
  const found: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) {
      if (node.text === name) found.push(node);
    } else ts.forEachChild(node, visit);
  };
  // Cheap: most scopes never mention the new name.
  if (source.text.slice(scope.pos, scope.end).includes(name)) visit(scope);
  return found;
}

/**
 * The scope a name is looked up from: its own place's, but a function, class, enum or namespace declaration's name
 * belongs to the scope around it (its parameters do not see it first).
 */
function firstScope(name: ts.Identifier): ts.Node | undefined {
  const parent = name.parent;
  const declaredOutside =
    (ts.isFunctionDeclaration(parent) ||
      ts.isClassDeclaration(parent) ||
      ts.isEnumDeclaration(parent) ||
      ts.isModuleDeclaration(parent) ||
      ts.isInterfaceDeclaration(parent) ||
      ts.isTypeAliasDeclaration(parent)) &&
    parent.name === name;
  return enclosingScope(declaredOutside ? parent.parent : parent);
}

function outerScope(scope: ts.Node): ts.Node | undefined {
  return scope.parent ? enclosingScope(scope.parent) : undefined;
}

function enclosingScope(from: ts.Node | undefined): ts.Node | undefined {
  for (let node = from; node; node = node.parent) if (isScope(node)) return node;
  return undefined;
}

function isScope(node: ts.Node): boolean {
  return (
    ts.isSourceFile(node) ||
    ts.isBlock(node) ||
    ts.isModuleBlock(node) ||
    ts.isCaseBlock(node) ||
    ts.isForStatement(node) ||
    ts.isForInStatement(node) ||
    ts.isForOfStatement(node) ||
    ts.isCatchClause(node) ||
    ts.isFunctionLike(node) ||
    ts.isClassLike(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node)
  );
}

/** The names a scope declares, each with its first declaration's name. */
function scopeDeclarations(scope: ts.Node): Map<string, ts.Identifier> {
  const names = new Map<string, ts.Identifier>();
  const add = (name: ts.Node | undefined) => {
    for (const each of bindingIdentifiers(name)) if (!names.has(each.text)) names.set(each.text, each);
  };
  if (ts.isSourceFile(scope) || ts.isBlock(scope) || ts.isModuleBlock(scope))
    statementDeclarations(scope.statements, add);
  else if (ts.isCaseBlock(scope)) for (const clause of scope.clauses) statementDeclarations(clause.statements, add);
  else if (ts.isForStatement(scope) || ts.isForInStatement(scope) || ts.isForOfStatement(scope)) {
    const head = scope.initializer;
    if (head && ts.isVariableDeclarationList(head)) for (const each of head.declarations) add(each.name);
  } else if (ts.isCatchClause(scope)) add(scope.variableDeclaration?.name);
  else if (ts.isFunctionLike(scope)) {
    if (ts.isFunctionExpression(scope)) add(scope.name);
    for (const parameter of scope.parameters) add(parameter.name);
    for (const type of scope.typeParameters ?? []) add(type.name);
    const body = (scope as ts.FunctionLikeDeclaration).body;
    if (body) hoistedVars(body, add);
  } else if (ts.isClassLike(scope) || ts.isInterfaceDeclaration(scope) || ts.isTypeAliasDeclaration(scope)) {
    if (ts.isClassExpression(scope)) add(scope.name);
    for (const type of scope.typeParameters ?? []) add(type.name);
  }
  if (ts.isSourceFile(scope) || ts.isModuleBlock(scope)) hoistedVars(scope, add);
  return names;
}

function statementDeclarations(statements: readonly ts.Statement[], add: (name: ts.Node | undefined) => void): void {
  for (const statement of statements) {
    if (ts.isVariableStatement(statement)) for (const each of statement.declarationList.declarations) add(each.name);
    else if (
      ts.isFunctionDeclaration(statement) ||
      ts.isClassDeclaration(statement) ||
      ts.isEnumDeclaration(statement) ||
      ts.isInterfaceDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      ts.isModuleDeclaration(statement)
    )
      add(statement.name);
    else if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      add(clause?.name);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) add(bindings.name);
      else if (bindings) for (const each of bindings.elements) add(each.name);
    } else if (ts.isImportEqualsDeclaration(statement)) add(statement.name);
  }
}

/** `var` declarations anywhere in a body but in nested functions: they belong to the function (or module). */
function hoistedVars(body: ts.Node, add: (name: ts.Node | undefined) => void): void {
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isVariableDeclarationList(node) && !(node.flags & ts.NodeFlags.BlockScoped))
      for (const each of node.declarations) add(each.name);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
}

function bindingIdentifiers(name: ts.Node | undefined): ts.Identifier[] {
  if (!name) return [];
  if (ts.isIdentifier(name)) return [name];
  if (ts.isObjectBindingPattern(name) || ts.isArrayBindingPattern(name))
    return name.elements.flatMap((element) => (ts.isBindingElement(element) ? bindingIdentifiers(element.name) : []));
  return [];
}

/** A name looked up through scopes: not a property, member, label or an import's exported name. */
function isLexicalName(name: ts.Identifier): boolean {
  const parent = name.parent;
  if (ts.isPropertyAccessExpression(parent)) return parent.name !== name;
  if (ts.isQualifiedName(parent)) return parent.right !== name;
  if (ts.isImportSpecifier(parent) || ts.isBindingElement(parent)) return parent.propertyName !== name;
  if (ts.isExportSpecifier(parent))
    return !parent.parent.parent.moduleSpecifier && (parent.propertyName ?? parent.name) === name;
  if (ts.isLabeledStatement(parent) || ts.isBreakOrContinueStatement(parent)) return parent.label !== name;
  if (
    ts.isPropertyAssignment(parent) ||
    ts.isPropertyDeclaration(parent) ||
    ts.isPropertySignature(parent) ||
    ts.isMethodDeclaration(parent) ||
    ts.isMethodSignature(parent) ||
    ts.isGetAccessor(parent) ||
    ts.isSetAccessor(parent) ||
    ts.isEnumMember(parent) ||
    ts.isJsxAttribute(parent)
  )
    return parent.name !== name;
  return true;
}

/** The name a declaration introduces (not a use of it). */
function isDeclarationName(name: ts.Identifier): boolean {
  const parent = name.parent;
  return (
    (ts.isVariableDeclaration(parent) ||
      ts.isParameter(parent) ||
      ts.isBindingElement(parent) ||
      ts.isFunctionDeclaration(parent) ||
      ts.isFunctionExpression(parent) ||
      ts.isClassDeclaration(parent) ||
      ts.isClassExpression(parent) ||
      ts.isEnumDeclaration(parent) ||
      ts.isInterfaceDeclaration(parent) ||
      ts.isTypeAliasDeclaration(parent) ||
      ts.isTypeParameterDeclaration(parent) ||
      ts.isModuleDeclaration(parent) ||
      ts.isImportSpecifier(parent) ||
      ts.isImportClause(parent) ||
      ts.isNamespaceImport(parent) ||
      ts.isImportEqualsDeclaration(parent)) &&
    parent.name === name
  );
}
