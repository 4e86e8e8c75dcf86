import ts from '../typescript-api.cjs';
import type { HeritageName, Position, TypeDeclaration, TypeSyntax } from '@cn/core';
import { parseSource, positionOf } from './source-syntax.js';

/**
 * The classes and interfaces of a file and what each extends or implements, from the syntax
 * alone (`ts.createSourceFile`): a heritage clause is the only place where a name makes a type a
 * subtype, so casts, `typeof X`, `ConstructorParameters<…>` or field types never count.
 */
export class TsTypeSyntax implements TypeSyntax {
  async typeDeclarations(fileName: string, text: string): Promise<TypeDeclaration[]> {
    const source = parseSource(fileName, text);
    const found: TypeDeclaration[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isClassDeclaration(node) || ts.isClassExpression(node) || ts.isInterfaceDeclaration(node))
        found.push(describe(source, node));
      // A class may implement an object type alias: it is a type with subtypes, and extends nothing.
      if (ts.isTypeAliasDeclaration(node))
        found.push({
          name: node.name.text,
          kind: 'TypeAlias',
          position: positionOf(source, node.name.getStart(source)),
          heritage: [],
        });
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  }
}

function describe(source: ts.SourceFile, node: ts.ClassLikeDeclaration | ts.InterfaceDeclaration): TypeDeclaration {
  const kind = ts.isInterfaceDeclaration(node) ? 'Interface' : 'Class';
  const heritage = (node.heritageClauses ?? []).flatMap((clause) =>
    clause.types.flatMap((type): HeritageName[] => {
      const relation = clause.token === ts.SyntaxKind.ImplementsKeyword ? 'implements' : 'extends';
      const named = lastName(type.expression);
      if (named)
        return [
          {
            clause: relation,
            text: type.expression.getText(source),
            position: positionOf(source, named.getStart(source)),
          },
        ];
      // `extends Timestamped(Activatable(Base))`: the class extends Base, through the mixins applied to it.
      const mixin = clip(type.expression.getText(source));
      return mixinArguments(type.expression).map((argument) => ({
        clause: relation,
        text: argument.getText(source),
        position: positionOf(source, lastName(argument)!.getStart(source)),
        mixin,
      }));
    }),
  );
  const naming = nameOf(source, node);
  const expression = ts.isClassExpression(node) ? { expression: true as const } : {};
  return {
    name: naming.name,
    kind,
    position: naming.position,
    ...(naming.container ? { container: naming.container } : {}),
    ...expression,
    heritage,
  };
}

/** The names passed to a function call in a heritage clause, at any depth of nested calls. */
function mixinArguments(expression: ts.Expression): ts.Expression[] {
  if (!ts.isCallExpression(expression)) return [];
  return expression.arguments.flatMap((argument) => (lastName(argument) ? [argument] : mixinArguments(argument)));
}

/** A heritage expression as an answer shows it: a long one (a mixin with an options object) cut. */
function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > MAX_MIXIN ? `${line.slice(0, MAX_MIXIN - 1)}…` : line;
}

const MAX_MIXIN = 80;

/** `A` → A; `ns.inner.A` → A; anything else (a call, `mixin(A)`) names no type. */
function lastName(expression: ts.Expression): ts.Identifier | undefined {
  if (ts.isIdentifier(expression)) return expression;
  if (ts.isPropertyAccessExpression(expression) && ts.isIdentifier(expression.name) && lastName(expression.expression))
    return expression.name;
  return undefined;
}

interface Naming {
  name: string;
  position: Position;
  container?: string;
}

/** A class expression is used through what it is assigned to; that name is what references find. */
function nameOf(source: ts.SourceFile, node: ts.ClassLikeDeclaration | ts.InterfaceDeclaration): Naming {
  if (ts.isClassExpression(node)) {
    const holder = assignedName(node);
    if (holder) return { name: holder.text, position: positionOf(source, holder.getStart(source)) };
  }
  if (node.name) return { name: node.name.text, position: positionOf(source, node.name.getStart(source)) };
  const keyword = source.text.indexOf('class', node.modifiers?.end ?? node.getStart(source));
  const position = positionOf(source, keyword >= 0 ? keyword : node.getStart(source));
  if (ts.isClassDeclaration(node)) return { name: 'default', position };
  const container = enclosingName(node);
  return { name: 'class', position, ...(container ? { container } : {}) };
}

function assignedName(node: ts.ClassExpression): ts.Identifier | ts.PrivateIdentifier | undefined {
  let value: ts.Node = node;
  while (
    ts.isParenthesizedExpression(value.parent) ||
    ts.isAsExpression(value.parent) ||
    ts.isSatisfiesExpression(value.parent)
  )
    value = value.parent;
  const holder = value.parent;
  if (
    (ts.isVariableDeclaration(holder) || ts.isPropertyDeclaration(holder) || ts.isPropertyAssignment(holder)) &&
    holder.initializer === value
  ) {
    return ts.isIdentifier(holder.name) || ts.isPrivateIdentifier(holder.name) ? holder.name : undefined;
  }
  if (
    ts.isBinaryExpression(holder) &&
    holder.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
    holder.right === value
  ) {
    return lastName(holder.left);
  }
  return undefined;
}

function enclosingName(node: ts.Node): string | undefined {
  for (let current = node.parent; current; current = current.parent) {
    const name = (current as { name?: ts.Node }).name;
    if (name && (ts.isIdentifier(name) || ts.isPrivateIdentifier(name))) return name.text;
  }
  return undefined;
}
