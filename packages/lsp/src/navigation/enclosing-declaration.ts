import ts from '../typescript-api.cjs';
import type { AnonymousScope, EnclosingDeclaration } from '@cn/core';
import { positionOf } from './source-syntax.js';

/**
 * Where a node sits: the innermost named declaration around it, the node's own declaration aside — functions, methods,
 * constructors, accessors and fields, classes, interfaces, type aliases, enums, namespaces, `const f = () => …` at any
 * depth, and variables at module level (`export const $ZodObject = $constructor('…', (inst) => { … })` included); none
 * at the file's top level (`<module>`). A local variable is not a place anyone asks about: a use inside a function
 * belongs to the function. `through` lists the unnamed functions and classes between the node and that declaration,
 * outermost first (`mount › arrow@364`): the one rule of "the declaration a place belongs to" for every command (the
 * references' `in`, callers in calls and impact, and the declarations grep and search group by, declaration-table.ts).
 */
export function enclosingDeclaration(source: ts.SourceFile, node: ts.Node): Enclosure {
  const through: AnonymousScope[] = [];
  for (let current = node.parent; current && !ts.isSourceFile(current); current = current.parent) {
    const named = namedDeclaration(source, current);
    if (named && named.nameNode !== node) {
      return {
        declaration: {
          ...named.declaration,
          end: positionOf(source, current.end),
          ...containerOf(source, current),
        },
        ...(through.length > 0 ? { through: through.reverse() } : {}),
      };
    }
    const anonymous = anonymousScope(source, current);
    if (anonymous) through.push(anonymous);
  }
  return through.length > 0 ? { through: through.reverse() } : {};
}

export interface Enclosure {
  declaration?: EnclosingDeclaration;
  through?: AnonymousScope[];
}

/** The name of the next named declaration out, if any: `Mounter` for its method `mount`. */
function containerOf(source: ts.SourceFile, declaration: ts.Node): { container?: string } {
  for (let current = declaration.parent; current && !ts.isSourceFile(current); current = current.parent) {
    const named = namedDeclaration(source, current);
    if (named) return { container: named.declaration.name };
  }
  return {};
}

/**
 * An arrow function, function expression or unnamed class expression that is no named declaration's own value
 * (`const f = () => …` is f): a callback, an IIFE, `return class extends Base {}`.
 */
function anonymousScope(source: ts.SourceFile, node: ts.Node): AnonymousScope | undefined {
  const kind = ts.isArrowFunction(node)
    ? 'arrow'
    : ts.isFunctionExpression(node)
      ? 'function'
      : ts.isClassExpression(node) && !node.name
        ? 'class'
        : undefined;
  if (kind === undefined || isValueOfNamed(source, node as ts.Expression)) return undefined;
  return { kind, line: positionOf(source, node.getStart(source)).line };
}

function isValueOfNamed(source: ts.SourceFile, value: ts.Expression): boolean {
  let outer: ts.Node = value;
  while (
    ts.isParenthesizedExpression(outer.parent) ||
    ts.isAsExpression(outer.parent) ||
    ts.isSatisfiesExpression(outer.parent)
  )
    outer = outer.parent;
  const holder = outer.parent;
  const holds =
    (ts.isVariableDeclaration(holder) || ts.isPropertyDeclaration(holder) || ts.isPropertyAssignment(holder)) &&
    holder.initializer === outer;
  return holds && namedDeclaration(source, holder) !== undefined;
}

export interface NamedDeclaration {
  declaration: Pick<EnclosingDeclaration, 'name' | 'kind' | 'position'>;
  /** The node naming it (the `constructor` keyword, or the node itself for `export default function () {}`). */
  nameNode: ts.Node;
}

/**
 * The node as a named declaration, if it is one of the kinds above: the one definition of "a declaration" shared by
 * the references' `in` and by the declarations `cn search` ranks and `cn grep` groups by (declaration-table.ts).
 */
export function namedDeclaration(source: ts.SourceFile, node: ts.Node): NamedDeclaration | undefined {
  if (!DECLARATION_SYNTAX_KINDS.has(node.kind)) return undefined;
  if (ts.isConstructorDeclaration(node)) {
    const keyword = node.getChildren(source).find((child) => child.kind === ts.SyntaxKind.ConstructorKeyword) ?? node;
    return {
      declaration: { name: 'constructor', kind: 'Constructor', position: positionOf(source, keyword.getStart(source)) },
      nameNode: keyword,
    };
  }
  const kind = kindOf(node);
  if (kind === undefined) return undefined;
  const nameNode = (node as ts.NamedDeclaration).name;
  if (nameNode === undefined) {
    // `export default function () {}` / `export default class {}`: the module's default export.
    if (!ts.isFunctionDeclaration(node) && !ts.isClassDeclaration(node)) return undefined;
    return {
      declaration: { name: 'default', kind, position: positionOf(source, node.getStart(source)) },
      nameNode: node,
    };
  }
  const name = ts.isIdentifier(nameNode) || ts.isPrivateIdentifier(nameNode) ? nameNode.text : nameNode.getText(source);
  return { declaration: { name, kind, position: positionOf(source, nameNode.getStart(source)) }, nameNode };
}

/** The syntax kinds that can be a named declaration: every other node is turned away at once (most nodes are). */
const DECLARATION_SYNTAX_KINDS = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.Constructor,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.MethodSignature,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
  ts.SyntaxKind.PropertyDeclaration,
  ts.SyntaxKind.PropertySignature,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.ClassExpression,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.ModuleDeclaration,
  ts.SyntaxKind.PropertyAssignment,
  ts.SyntaxKind.VariableDeclaration,
]);

/**
 * The kind cn reports for the declaration, the one every command says (issue 24): the engines' outline kinds as
 * core's declaredKind refines them (`const` a Constant, `let`/`var` a Variable, a function value a Function, get/set
 * a Getter/Setter, a namespace a Module as LSP names it), so `cn search` and `cn map` never disagree.
 */
function kindOf(node: ts.Node): string | undefined {
  if (ts.isFunctionDeclaration(node)) return 'Function';
  if (ts.isMethodDeclaration(node) || ts.isMethodSignature(node)) return 'Method';
  if (ts.isGetAccessor(node)) return 'Getter';
  if (ts.isSetAccessor(node)) return 'Setter';
  if (ts.isPropertyDeclaration(node) || ts.isPropertySignature(node)) return 'Property';
  if (ts.isClassDeclaration(node)) return 'Class';
  if (ts.isClassExpression(node)) return node.name ? 'Class' : undefined;
  if (ts.isInterfaceDeclaration(node)) return 'Interface';
  if (ts.isTypeAliasDeclaration(node)) return 'TypeAlias';
  if (ts.isEnumDeclaration(node)) return 'Enum';
  if (ts.isModuleDeclaration(node)) return 'Module';
  if (ts.isPropertyAssignment(node) && isFunctionValue(node.initializer)) return 'Method';
  if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
    if (node.initializer && isFunctionValue(node.initializer)) return 'Function';
    if (node.initializer && ts.isClassExpression(skipWrappers(node.initializer))) return 'Class';
    if (!isModuleLevel(node)) return undefined;
    return node.parent.flags & ts.NodeFlags.Const ? 'Constant' : 'Variable';
  }
  return undefined;
}

function isFunctionValue(expression: ts.Expression): boolean {
  const value = skipWrappers(expression);
  return ts.isArrowFunction(value) || ts.isFunctionExpression(value);
}

function skipWrappers(expression: ts.Expression): ts.Expression {
  let value = expression;
  while (ts.isParenthesizedExpression(value) || ts.isAsExpression(value) || ts.isSatisfiesExpression(value))
    value = value.expression;
  return value;
}

/** `const x = …` directly in the file or a namespace body, not inside a function, block or loop. */
function isModuleLevel(declaration: ts.VariableDeclaration): boolean {
  const statement = declaration.parent.parent;
  return ts.isVariableStatement(statement) && (ts.isSourceFile(statement.parent) || ts.isModuleBlock(statement.parent));
}
