import type { OutlineNode } from '../domain/symbols.js';
import { lineStarts, type SourceText } from '../domain/source-text.js';
import { tokenize, type Token } from '../inspect/lexer.js';

/** Re-exports and imports name declarations that live elsewhere; they are not the file's own. */
export function isImportOrReExport(lineText: string): boolean {
  return /^\s*(?:export\s+(?:type\s+)?(?:\{|\*)|import\b)/.test(lineText);
}

/** `declare global { … }` and `declare module 'x' { … }` add to other modules' types: nobody "uses" them by name. */
export function isAugmentation(node: OutlineNode, text: SourceText): boolean {
  const declarationLine = text.line(node.range.start.line) ?? '';
  return /^\s*(?:export\s+)?declare\s+(?:global\b|module\s+['"])/.test(declarationLine) || /^['"]/.test(node.name);
}

/**
 * `export function a`, `export { a, b as c }`, `export default a`, CommonJS `module.exports = { a }` / `exports.a =`.
 */
export function isExported(text: SourceText, node: OutlineNode, lineText: string): boolean {
  const declarationLine = text.line(node.range.start.line) ?? lineText;
  if (/^\s*export\b/.test(declarationLine) || /^\s*export\b/.test(lineText)) return true;
  const name = node.name.replace(/[$]/g, '\\$');
  return new RegExp(
    `export\\s*\\{[^}]*\\b${name}\\b|export\\s+default\\s+${name}\\b|module\\.exports\\s*=\\s*(?:\\{[^}]*\\b)?${name}\\b|exports\\.${name}\\s*=`,
    'u',
  ).test(text.text);
}

/** Outlines also name callbacks (`describe('x') callback`), `<function>` and string keys: not declarations. */
export function isIdentifierName(name: string): boolean {
  return /^[\p{L}$_][\p{L}\p{N}$_]*$/u.test(name);
}

/**
 * Whether an outline node is a binding of a `for (…)` header or a `catch (…)` clause: at the top of a
 * script the engine lists `for (const x of xs)` and `catch (error)` as if the module declared them.
 * Tokens, not a line pattern: headers span lines and destructure (`for (const [k, v] of …)`).
 */
export function statementBindingTest(text: SourceText): (node: OutlineNode) => boolean {
  let spans: Array<[number, number]> | undefined;
  let starts: number[] | undefined;
  return (node) => {
    if (node.kind !== 'Variable' && node.kind !== 'Constant') return false;
    spans ??= /\b(?:for|catch)\b/.test(text.text) ? headerSpans(tokenize(text.text)) : [];
    if (spans.length === 0) return false;
    starts ??= lineStarts(text.text);
    const { line, character } = node.selectionRange.start;
    const offset = (starts[line - 1] ?? 0) + character - 1;
    return spans.some(([open, close]) => offset > open && offset < close);
  };
}

/** Offsets of the parentheses of every `for (…)`, `for await (…)` and `catch (…)`. */
function headerSpans(tokens: Token[]): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  tokens.forEach((token, index) => {
    if (token.type !== 'identifier' || (token.text !== 'for' && token.text !== 'catch')) return;
    if (tokens[index - 1]?.text === '.' || tokens[index - 1]?.text === '?.') return;
    let open = index + 1;
    if (token.text === 'for' && tokens[open]?.text === 'await') open++;
    if (tokens[open]?.text !== '(') return;
    let depth = 0;
    for (let close = open; close < tokens.length; close++) {
      if (tokens[close].text === '(') depth++;
      else if (tokens[close].text === ')' && --depth === 0) {
        spans.push([tokens[open].start, tokens[close].start]);
        return;
      }
    }
  });
  return spans;
}
