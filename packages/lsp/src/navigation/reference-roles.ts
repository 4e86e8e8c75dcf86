import ts from '../typescript-api.cjs';
import type { Position, ReferenceRole, ReferenceSite, ReferenceSyntax, RenameCapture } from '@cn/core';
import { enclosingDeclaration } from './enclosing-declaration.js';
import { renameCapturesIn } from './rename-scopes.js';
import { offsetOf, parseSourceLean } from './source-syntax.js';

/**
 * What each reference does, from the syntax at its place (`ts.createSourceFile`, one parse per file): the engine
 * says where a symbol is used, not how. Answers are remembered per file text by the lazy layer around it
 * (lazy-reference-syntax.ts, remembered-sites.ts).
 */
export class TsReferenceSyntax implements ReferenceSyntax {
  async classify(fileName: string, text: string, positions: readonly Position[]): Promise<ReferenceSite[]> {
    const source = parseSourceLean(fileName, text);
    return positions.map((position) => classifyAt(source, position));
  }

  async renameCaptures(
    fileName: string,
    text: string,
    edits: readonly Position[],
    oldName: string,
    newName: string,
  ): Promise<RenameCapture[]> {
    return renameCapturesIn(fileName, text, edits, oldName, newName);
  }
}

function classifyAt(source: ts.SourceFile, position: Position): ReferenceSite {
  const offset = offsetOf(source, position);
  // A place past the file's end (it changed since the engine answered) is only a use of the name.
  if (offset === undefined) return { role: 'read' };
  const found = nodeAt(source, offset);
  const { declaration, through } = enclosingDeclaration(source, found.node);
  const role: ReferenceRole = found.inComment ? 'comment' : roleOf(found.node);
  return { role, ...(declaration ? { enclosing: declaration } : {}), ...(through ? { through } : {}) };
}

/**
 * The innermost node whose text holds the offset. JSDoc and other comments are trivia, outside every node's text:
 * an engine reference there is a mention in a comment (`@see X`, `{@link X}`).
 *
 * The lean parse sets no parents; each node on the way down gets its own, which is all that the role and the
 * enclosing declaration read: they only ever walk up from the node found.
 */
function nodeAt(source: ts.SourceFile, offset: number): { node: ts.Node; inComment: boolean } {
  let current: ts.Node = source;
  for (;;) {
    let next: ts.Node | undefined;
    ts.forEachChild(current, (child) => {
      if (child.pos <= offset && offset < child.end) next = child;
      return next;
    });
    if (next === undefined) return { node: current, inComment: inCommentOf(source, current, offset) };
    (next as { parent: ts.Node }).parent = current;
    if (offset < next.getStart(source)) return { node: next, inComment: true };
    current = next;
  }
}

/** Whether the offset falls in a comment between the tokens of a node that has no child there (`{ /* X *\/ }`). */
function inCommentOf(source: ts.SourceFile, node: ts.Node, offset: number): boolean {
  if (ts.isSourceFile(node)) return true;
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, source.languageVariant, source.text);
  scanner.resetTokenState(node.getStart(source));
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (scanner.getTokenEnd() <= offset) continue;
    if (scanner.getTokenStart() > offset) return false;
    return token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia;
  }
  return false;
}

function roleOf(node: ts.Node): ReferenceRole {
  const parent = node.parent;
  if (isImportName(node)) return 'import';
  if (ts.isExportSpecifier(parent) || ts.isNamespaceExport(parent)) return 'export';
  if (isDeclarationName(node)) return 'declaration';
  // `{ name: … }` sets the property `name` of the object's type.
  if (ts.isPropertyAssignment(parent) && parent.name === node) return 'write';
  // `ns.X`, `a.b.X`, `ns.X` in a type: what the whole name does is what the reference does.
  let expression = node;
  while (
    (ts.isPropertyAccessExpression(expression.parent) && expression.parent.name === expression) ||
    (ts.isQualifiedName(expression.parent) && expression.parent.right === expression) ||
    ts.isNonNullExpression(expression.parent) ||
    (ts.isElementAccessExpression(expression.parent) && expression.parent.argumentExpression === expression)
  )
    expression = expression.parent;
  const holder = expression.parent;
  if (ts.isExpressionWithTypeArguments(holder) && ts.isHeritageClause(holder.parent))
    return holder.parent.token === ts.SyntaxKind.ImplementsKeyword ? 'implements' : 'extends';
  if (ts.isImportEqualsDeclaration(holder)) return 'import';
  if (ts.isExportAssignment(holder)) return 'export';
  if (ts.isNewExpression(holder) && holder.expression === expression) return 'new';
  if (isCalled(holder, expression)) return 'call';
  if (isWriteTarget(expression)) return 'write';
  return inTypePosition(expression) ? 'type' : 'read';
}

function isImportName(node: ts.Node): boolean {
  const parent = node.parent;
  return (
    ts.isImportSpecifier(parent) ||
    ts.isImportClause(parent) ||
    ts.isNamespaceImport(parent) ||
    (ts.isImportEqualsDeclaration(parent) && parent.name === node) ||
    isRequiredName(parent)
  );
}

/** `const { a, b: c } = require('./m')`: CommonJS's import of a and b. */
function isRequiredName(parent: ts.Node): boolean {
  if (!ts.isBindingElement(parent) || !ts.isObjectBindingPattern(parent.parent)) return false;
  const declaration = parent.parent.parent;
  const value = ts.isVariableDeclaration(declaration) ? declaration.initializer : undefined;
  return (
    value !== undefined &&
    ts.isCallExpression(value) &&
    ts.isIdentifier(value.expression) &&
    value.expression.text === 'require' &&
    value.arguments.length === 1 &&
    ts.isStringLiteralLike(value.arguments[0])
  );
}

const DECLARATIONS = new Set([
  ts.SyntaxKind.VariableDeclaration,
  ts.SyntaxKind.Parameter,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.FunctionExpression,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.ClassExpression,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.EnumMember,
  ts.SyntaxKind.ModuleDeclaration,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.MethodSignature,
  ts.SyntaxKind.PropertyDeclaration,
  ts.SyntaxKind.PropertySignature,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
  ts.SyntaxKind.BindingElement,
  ts.SyntaxKind.TypeParameter,
]);

function isDeclarationName(node: ts.Node): boolean {
  const parent = node.parent as ts.NamedDeclaration;
  // `const { a } = obj` declares `a`; in `({ a } = obj)` nothing is declared (that is a write, below).
  return DECLARATIONS.has(parent.kind) && parent.name === node;
}

function isCalled(holder: ts.Node, expression: ts.Node): boolean {
  if (ts.isCallExpression(holder)) return holder.expression === expression;
  if (ts.isTaggedTemplateExpression(holder)) return holder.tag === expression;
  // `@X` and `@X()` both call X; `<X />` calls a component.
  if (ts.isDecorator(holder)) return true;
  return (
    (ts.isJsxOpeningElement(holder) || ts.isJsxSelfClosingElement(holder) || ts.isJsxClosingElement(holder)) &&
    holder.tagName === expression
  );
}

/** `x = …`, `x += …`, `x++`, `for (x of …)`, and `x` as a target inside `[x, y] = …` or `({ x } = …)`. */
function isWriteTarget(expression: ts.Node): boolean {
  let current = expression;
  for (;;) {
    const parent = current.parent;
    if (ts.isBinaryExpression(parent) && parent.left === current)
      return (
        parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
        parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment
      );
    if (
      (ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) &&
      (parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken)
    )
      return true;
    if ((ts.isForOfStatement(parent) || ts.isForInStatement(parent)) && parent.initializer === current) return true;
    // Climb out of what may be a destructuring pattern; the assignment above it decides.
    const pattern =
      ts.isParenthesizedExpression(parent) ||
      ts.isArrayLiteralExpression(parent) ||
      ts.isObjectLiteralExpression(parent) ||
      ts.isSpreadElement(parent) ||
      ts.isSpreadAssignment(parent) ||
      (ts.isShorthandPropertyAssignment(parent) && parent.name === current) ||
      (ts.isPropertyAssignment(parent) && parent.initializer === current);
    if (!pattern) return false;
    current = parent;
  }
}

/** In a type annotation, a type argument, `typeof X` in a type, `as X`, `satisfies X`. */
function inTypePosition(expression: ts.Node): boolean {
  for (let current = expression.parent; current && !ts.isSourceFile(current); current = current.parent) {
    // `f<T>` (an instantiation expression) names a value; only its type arguments are types.
    if (ts.isExpressionWithTypeArguments(current) && !ts.isHeritageClause(current.parent)) return false;
    if (ts.isTypeNode(current)) return true;
    if (ts.isBlock(current) || ts.isStatement(current) || ts.isClassElement(current)) return false;
  }
  return false;
}
