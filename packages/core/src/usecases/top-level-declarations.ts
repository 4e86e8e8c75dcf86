import type { OutlineNode } from '../domain/symbols.js';
import type { SourceText } from '../domain/source-text.js';

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
