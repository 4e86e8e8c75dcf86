import ts from '../typescript-api.cjs';
import { literalSpans, type LiteralSpans } from '@cn/core';

/**
 * The comments and literal text of a parsed file. Literals come from the tree (string literals, template text, regular
 * expressions, JSX text), which alone tells a regular expression from a division; comments are then every `//` and
 * `/*` outside them, read off the text: whatever is neither is code.
 */
export function literalSpansOf(source: ts.SourceFile): LiteralSpans {
  const literals: Array<[number, number, boolean]> = [];
  const visit = (node: ts.Node): void => {
    if (LITERAL_KINDS.has(node.kind)) literals.push([node.getStart(source), node.end, false]);
    else ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
  literals.sort((a, b) => a[0] - b[0]);
  return literalSpans([...literals, ...commentsOutside(source.text, literals)]);
}

const LITERAL_KINDS = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.JsxText,
]);

/** `//` to the line's end and `/* … *\/`, outside the (sorted) literal spans. */
function commentsOutside(
  text: string,
  literals: ReadonlyArray<readonly [number, number, boolean]>,
): Array<[number, number, boolean]> {
  const comments: Array<[number, number, boolean]> = [];
  let next = 0;
  for (let at = text.indexOf('/'); at >= 0 && at < text.length - 1;) {
    while (next < literals.length && literals[next][1] <= at) next++;
    const literal = literals[next];
    if (literal && literal[0] <= at) {
      at = text.indexOf('/', literal[1]);
      continue;
    }
    const second = text[at + 1];
    if (second === '/') {
      const end = lineEnd(text, at);
      comments.push([at, end, true]);
      at = text.indexOf('/', end);
    } else if (second === '*') {
      const close = text.indexOf('*/', at + 2);
      const end = close < 0 ? text.length : close + 2;
      comments.push([at, end, true]);
      at = text.indexOf('/', end);
    } else at = text.indexOf('/', at + 1);
  }
  return comments;
}

function lineEnd(text: string, from: number): number {
  const match = /[\n\r\u2028\u2029]/.exec(text.slice(from, from + 4096));
  if (match) return from + match.index;
  for (let at = from + 4096; at < text.length; at++) if ('\n\r\u2028\u2029'.includes(text[at])) return at;
  return text.length;
}
