import { symbolKindName, tokenize, type OutlineNode, type Token } from '@cn/core';
import type * as lsp from 'vscode-languageserver-protocol';
import { SymbolKind } from 'vscode-languageserver-protocol';
import { fileLines, lspLineStarts } from './server-lines.js';

/** An import or export binding the native outline lists, which tsserver's navto reports as an alias. */
export interface AliasBinding {
  name: string;
  /** The binding's name, 1-based. */
  range: OutlineNode['range'];
}

export interface NativeOutline {
  outline: OutlineNode[];
  /** Re-exports, and imports that name what they import anew (default, namespace, `a as b`): navto's aliases. */
  aliases: AliasBinding[];
  /**
   * `import { a } from './x'` (a relative module): navto lists it too when `a` is, in the end, declared
   * under another name (`export { Figure as a }`), which only the whole index can tell.
   */
  plainImports: AliasBinding[];
  /** Properties of object literals: navto lists none of them (only their method shorthands). */
  objectProperties: Set<OutlineNode>;
}

/** Tokens of the file and a way to find the one at an LSP position. */
interface Lexed {
  source: string;
  tokens: Token[];
  offsetOf(position: lsp.Position): number;
  indexAt(position: lsp.Position): number;
}

/**
 * The native server's document symbols in the shape typescript-language-server gives them, so `cn map`,
 * `cn find` and the symbol index answer alike on both engines. The native outline differs in ways
 * its source text settles (measured on the fixtures, examples/shop and rxjs):
 * - it lists every import binding and export specifier as a Variable (tsserver lists none);
 * - `const` is a Variable (tsserver: Constant), a type alias a Class (tsserver: Variable, which cn
 *   reads as TypeAlias), an accessor a Property and `a: () => …` in an object literal a Property
 *   (tsserver: Method);
 * - `export =` is a Variable named at its expression (tsserver: a Constant at the statement);
 * - a namespace is a Namespace (tsserver: Module).
 * Its places are in LSP's lines (server-lines.ts): the text is read at them as such, and the outline says cn's.
 */
export function normalizeNativeOutline(symbols: lsp.DocumentSymbol[], text: string): NativeOutline {
  const lines = fileLines(text, 'lsp');
  let lexed: Lexed | undefined;
  const lex = (): Lexed => (lexed ??= lexText(text));
  const aliases: AliasBinding[] = [];
  const plainImports: AliasBinding[] = [];
  const objectProperties = new Set<OutlineNode>();
  const convert = (symbol: lsp.DocumentSymbol, parent: lsp.DocumentSymbol | undefined): OutlineNode | undefined => {
    let kind: number = symbol.kind;
    let selection = symbol.selectionRange;
    if (symbol.name === 'export=') {
      kind = SymbolKind.Constant;
      selection = { start: symbol.range.start, end: symbol.range.start };
    } else if (kind === SymbolKind.Variable) {
      const binding = bindingKeyword(lex(), symbol.selectionRange.start);
      if (binding === 'import' || binding === 'export') {
        const alias = { name: symbol.name, range: lines.fromServerRange(symbol.selectionRange) };
        if (binding === 'export' || namesAnew(lex(), symbol.selectionRange.start)) aliases.push(alias);
        else if (importsRelative(lex(), symbol.selectionRange.start)) plainImports.push(alias);
        return undefined;
      }
      if (binding === 'const') kind = SymbolKind.Constant;
    } else if (kind === SymbolKind.Class && !isClassKeywordBefore(lex(), symbol.selectionRange.start)) {
      // A type alias (`type X =`) or a JSDoc @typedef: tsserver calls both Variable, cn reads `type` as TypeAlias.
      kind = SymbolKind.Variable;
    } else if (kind === SymbolKind.Property && isMethodLike(lex(), symbol.selectionRange.start, parent)) {
      kind = SymbolKind.Method;
    } else if (kind === SymbolKind.Namespace) {
      // tsserver's ScriptElementKind for `namespace X` and `module X` is "module".
      kind = SymbolKind.Module;
    }
    // `declare module '../..'`: the native name re-quotes the string ("../.."); tsserver's is the source's.
    const name = symbol.name.startsWith('"') ? sourceOf(lex(), symbol.selectionRange) : symbol.name;
    const children = (symbol.children ?? [])
      .map((child) => convert(child, symbol))
      .filter((child): child is OutlineNode => child !== undefined);
    const node: OutlineNode = {
      name,
      kind: symbolKindName(kind),
      range: lines.fromServerRange(symbol.range),
      selectionRange: lines.fromServerRange(selection),
      children,
    };
    if (symbol.kind === SymbolKind.Property && parent && !MEMBER_PARENTS.has(parent.kind)) objectProperties.add(node);
    return node;
  };
  const outline = symbols
    .map((symbol) => convert(symbol, undefined))
    .filter((node): node is OutlineNode => node !== undefined);
  return { outline, aliases, plainImports, objectProperties };
}

/** Where a Property is a member (a field, a signature, a parameter property), not an object literal's key. */
const MEMBER_PARENTS = new Set<number>([SymbolKind.Class, SymbolKind.Interface, SymbolKind.Constructor]);

function sourceOf(lexed: Lexed, range: lsp.Range): string {
  return lexed.source.slice(lexed.offsetOf(range.start), lexed.offsetOf(range.end));
}

function lexText(text: string): Lexed {
  const tokens = tokenize(text);
  const starts = lspLineStarts(text);
  const offsetOf = (position: lsp.Position) => (starts[position.line] ?? text.length) + position.character;
  return {
    source: text,
    tokens,
    offsetOf,
    indexAt(position) {
      const offset = offsetOf(position);
      // The first token starting at or after the offset (binary search: tokens are in order).
      let low = 0;
      let high = tokens.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (tokens[middle].start < offset) low = middle + 1;
        else high = middle;
      }
      return tokens[low]?.start === offset ? low : -1;
    },
  };
}

const OPENERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
const STATEMENT_END = new Set([';']);

/**
 * What declares the variable whose name starts at the position: `const`/`let`/`var`/`using`, or the
 * `import`/`export` statement it is a binding of. Walks back over the names, commas, braces and
 * initializers before it (`const a = f(x), b` → const), never past a statement's end.
 */
function bindingKeyword(lexed: Lexed, position: lsp.Position): string | undefined {
  const { tokens } = lexed;
  let index = lexed.indexAt(position) - 1;
  while (index >= 0) {
    const { text } = tokens[index];
    if (STATEMENT_END.has(text)) return undefined;
    if (['const', 'let', 'var', 'using', 'import', 'export'].includes(text) && tokens[index - 1]?.text !== '.')
      return text;
    const opener = OPENERS[text];
    if (opener) index = matchingOpener(tokens, index, text, opener);
    index -= 1;
  }
  return undefined;
}

function matchingOpener(tokens: Token[], close: number, closer: string, opener: string): number {
  let depth = 0;
  for (let index = close; index >= 0; index--) {
    if (tokens[index].text === closer) depth++;
    else if (tokens[index].text === opener && --depth === 0) return index;
  }
  return 0;
}

/** A default import (`import D`), a namespace import (`* as NS`) or a renamed one (`a as b`), not `{ a }`. */
function namesAnew(lexed: Lexed, position: lsp.Position): boolean {
  const index = lexed.indexAt(position);
  const before = lexed.tokens[index - 1]?.text;
  if (before === 'type') return lexed.tokens[index - 2]?.text === 'import';
  return before === 'as' || before === 'import';
}

/** The binding's import statement names a relative module (`from './x'`), not a package. */
function importsRelative(lexed: Lexed, position: lsp.Position): boolean {
  const { tokens } = lexed;
  for (let index = lexed.indexAt(position) + 1; index >= 1 && index < tokens.length; index++) {
    if (tokens[index].text === ';' || tokens[index].text === 'import') return false;
    if (tokens[index - 1].text === 'from' && tokens[index].text === 'string')
      return /^['"]\.{1,2}\//.test(lexed.source.slice(tokens[index].start, tokens[index].end));
  }
  return false;
}

function isClassKeywordBefore(lexed: Lexed, position: lsp.Position): boolean {
  const index = lexed.indexAt(position);
  return index > 0 && lexed.tokens[index - 1].text === 'class';
}

/**
 * An accessor (`get size()`), or an object literal's property whose value is a function (`area: () => 1`,
 * `run: function …`): tsserver lists both as methods.
 */
function isMethodLike(lexed: Lexed, position: lsp.Position, parent: lsp.DocumentSymbol | undefined): boolean {
  const { tokens } = lexed;
  const index = lexed.indexAt(position);
  if (index < 0) return false;
  if (['get', 'set'].includes(tokens[index - 1]?.text ?? '')) return true;
  if (parent?.kind === SymbolKind.Class || parent?.kind === SymbolKind.Interface) return false;
  if (tokens[index + 1]?.text !== ':') return false;
  let value = index + 2;
  if (tokens[value]?.text === 'async') value++;
  const first = tokens[value];
  if (!first) return false;
  if (first.text === 'function') return true;
  if (first.type === 'identifier') return tokens[value + 1]?.text === '=>';
  if (first.text !== '(' && first.text !== '<') return false;
  // `(a, b) => …` or `<T>(a: T) => …`: an arrow after the balanced parameters.
  let depth = 0;
  for (let at = value; at < tokens.length; at++) {
    const text = tokens[at].text;
    if (text === '(' || text === '<') depth++;
    else if (text === ')' || text === '>') depth--;
    if (depth === 0) return tokens[at + 1]?.text === '=>' || (text === '>' && tokens[at + 1]?.text === '(');
  }
  return false;
}

const CLOSING = new Set(['}', ']', ')', '`', '>']);

/**
 * Folding ranges as typescript-language-server reports them: a range that ends with a closing bracket
 * (or backtick) folds up to the line before it, so the closing line stays visible; the native server
 * reports the closing line itself. Its lines are LSP's; the folds returned are in the compiler's (0-based).
 */
export function normalizeNativeFolds(ranges: lsp.FoldingRange[], text: string): lsp.FoldingRange[] {
  const starts = lspLineStarts(text);
  const lines = fileLines(text, 'lsp');
  const compilerLine = (line: number, character: number) => lines.fromServer({ line, character }).line - 1;
  return ranges.map((range) => {
    const endCharacter = range.endCharacter ?? 0;
    const closing =
      endCharacter > 0 && CLOSING.has(text.charAt((starts[range.endLine] ?? text.length) + endCharacter - 1));
    const startLine = compilerLine(range.startLine, range.startCharacter ?? 0);
    const endLine = compilerLine(range.endLine, endCharacter);
    return { ...range, startLine, endLine: closing ? Math.max(endLine - 1, startLine) : endLine };
  });
}
