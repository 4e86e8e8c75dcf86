import ts from '../typescript-api.cjs';
import type { DeclarationFacts, DeclarationSyntax, FileSyntax } from '@cn/core';
import { literalSpansOf } from './literal-spans.js';
import { namedDeclaration } from './enclosing-declaration.js';
import { parseSource, positionOf } from './source-syntax.js';

/** A head longer than this is a value, not a signature (a table, a long literal). */
const MAX_SIGNATURE = 300;
/** One string literal: a longer one is data (an embedded template, a table), its first words tell enough. */
const MAX_STRING = 200;
/** Each text field of one declaration: a generated 10,000-line function must not swamp memory or the ranking. */
const MAX_FIELD = 16_000;

/** The declarations of a file with the text `cn search` ranks them by, from one parse (`ts.createSourceFile`). */
export class TsDeclarationSyntax implements DeclarationSyntax {
  async declarations(fileName: string, text: string): Promise<DeclarationFacts[]> {
    return readDeclarations(fileName, text);
  }

  async read(fileName: string, text: string): Promise<FileSyntax> {
    const source = parseSource(fileName, text);
    return { declarations: declarationsOf(source), literals: literalSpansOf(source) };
  }
}

interface Draft {
  facts: DeclarationFacts;
  nameNode: ts.Node;
  comments: string[];
  strings: string[];
  identifiers: string[];
}

/**
 * Every named declaration of the file (the kinds of enclosing-declaration.ts, so a `cn grep` match and a reference
 * name the same declaration), each with its own words: an identifier, string or comment belongs to the innermost
 * declaration holding it. Code at the file's top level outside every declaration is not kept.
 */
export function readDeclarations(fileName: string, text: string): DeclarationFacts[] {
  return declarationsOf(parseSource(fileName, text));
}

function declarationsOf(source: ts.SourceFile): DeclarationFacts[] {
  const text = source.text;
  const drafts: Draft[] = [];
  // A comment sits in the leading trivia of several nested nodes at once (a statement and its first token). Nodes are
  // visited in source order and a node starts where its parent or its previous sibling does or later, so a place
  // no further on than the last one read was read already.
  let lastRead = -1;
  const takeComments = (position: number, into: string[]): void => {
    if (position <= lastRead) return;
    lastRead = position;
    ts.forEachLeadingCommentRange(text, position, (pos, end) => {
      into.push(text.slice(pos, end));
    });
  };
  const takeDoc = (position: number): string => {
    const doc: string[] = [];
    takeComments(position, doc);
    return doc.join('\n');
  };

  // The comments above `const f = …` document f, but the statement and its first tokens are visited before f.
  const statementDocs = new Map<ts.Node, string>();

  // The innermost declaration around the node being visited. One visitor for the whole tree, not a closure per node:
  // a large file has millions of nodes.
  let owner: Draft | undefined;
  const visit = (node: ts.Node): void => {
    const outer = owner;
    const named = namedDeclaration(source, node);
    if (named) {
      const located = locatedNode(node);
      const start = located.getStart(source, true);
      const end = Math.max(node.end, located.end);
      const doc = located === node ? takeDoc(node.pos) : (statementDocs.get(located) ?? '');
      owner = {
        facts: {
          ...named.declaration,
          ...(outer ? { container: outer.facts.name } : {}),
          start,
          end,
          startLine: positionOf(source, start).line,
          endLine: positionOf(source, end).line,
          signature: signatureOf(source, node),
          doc,
          comments: '',
          strings: '',
          identifiers: '',
        },
        nameNode: named.nameNode,
        comments: [],
        strings: [],
        identifiers: [],
      };
      drafts.push(owner);
    } else if (ts.isVariableStatement(node) && declaresNamed(source, node)) {
      statementDocs.set(node, takeDoc(node.pos));
    } else if (outer) {
      takeComments(node.pos, outer.comments);
      collectWords(node, outer);
    }
    ts.forEachChild(node, visit);
    owner = outer;
  };
  ts.forEachChild(source, visit);

  return drafts.map(({ facts, comments, strings, identifiers }) => ({
    ...facts,
    comments: clip(comments.join('\n')),
    strings: clip(strings.join(' ')),
    identifiers: clip(identifiers.join(' ')),
  }));
}

function collectWords(node: ts.Node, owner: Draft): void {
  if (node === owner.nameNode) return;
  if (ts.isIdentifier(node)) owner.identifiers.push(node.text);
  else if (ts.isPrivateIdentifier(node)) owner.identifiers.push(node.text.slice(1));
  else if (
    ts.isStringLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    ts.isTemplateHead(node) ||
    ts.isTemplateMiddle(node) ||
    ts.isTemplateTail(node) ||
    ts.isJsxText(node)
  ) {
    const value = node.text.trim();
    if (value !== '') owner.strings.push(value.length > MAX_STRING ? value.slice(0, MAX_STRING) : value);
  }
}

function declaresNamed(source: ts.SourceFile, statement: ts.VariableStatement): boolean {
  return statement.declarationList.declarations.some((declaration) => namedDeclaration(source, declaration));
}

/** What holds a declaration's doc comment and its whole text: the statement of a `const`, else the node itself. */
function locatedNode(node: ts.Node): ts.Node {
  if (ts.isVariableDeclaration(node) && ts.isVariableStatement(node.parent.parent)) return node.parent.parent;
  return node;
}

/** The declaration as written up to its body: `function f(a: A): B`, `class X extends Y`, `const limit = 10`. */
function signatureOf(source: ts.SourceFile, node: ts.Node): string {
  const start = node.getStart(source);
  // A variable's whole value may be thousands of lines: only the start of it can make the signature.
  const end = Math.min(headEnd(source, node), start + 4 * MAX_SIGNATURE);
  const head = source.text.slice(start, end).replace(/\s+/g, ' ').trim();
  return head.length > MAX_SIGNATURE ? head.slice(0, MAX_SIGNATURE) : head;
}

function headEnd(source: ts.SourceFile, node: ts.Node): number {
  const value =
    (ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node) || ts.isPropertyDeclaration(node)) &&
    node.initializer
      ? skipWrappers(node.initializer)
      : node;
  if (ts.isFunctionLike(value) && 'body' in value && value.body) return (value.body as ts.Node).getStart(source);
  if (ts.isClassLike(value) || ts.isInterfaceDeclaration(value) || ts.isEnumDeclaration(value))
    return value.members.pos;
  if (ts.isModuleDeclaration(value) && value.body) return value.body.getStart(source);
  return node.end;
}

function skipWrappers(expression: ts.Expression): ts.Expression {
  let value = expression;
  while (ts.isParenthesizedExpression(value) || ts.isAsExpression(value) || ts.isSatisfiesExpression(value))
    value = value.expression;
  return value;
}

function clip(text: string): string {
  return text.length > MAX_FIELD ? text.slice(0, MAX_FIELD) : text;
}
