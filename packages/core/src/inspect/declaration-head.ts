import type { Position } from '../domain/location.js';
import { lineStarts, positionAt, type SourceText } from '../domain/source-text.js';
import type { OutlineNode } from '../domain/symbols.js';
import { tokenize, type Token } from './lexer.js';

/** The modifiers an outline reports, in the words the source uses (`#private` for `#name` members). */
export const MODIFIER_WORDS: ReadonlySet<string> = new Set([
  'export',
  'default',
  'declare',
  'abstract',
  'static',
  'public',
  'private',
  'protected',
  'readonly',
  'async',
  'override',
  'accessor',
]);
/** Words that may stand between the modifiers and the name; they say what is declared, not how. */
const DECLARATION_WORDS = new Set([
  'function',
  'class',
  'interface',
  'type',
  'enum',
  'namespace',
  'module',
  'const',
  'let',
  'var',
  'using',
  'get',
  'set',
  '*',
]);
/** How far past its first line a declaration's head (decorators, modifiers) is looked for. */
const HEAD_LINES = 20;

export interface DeclarationHead {
  /** Where the name is: the engine's selection, or the name found after the modifiers when the engine gave none. */
  nameAt: Position;
  /** Source-order modifiers, `#private` last; empty when there are none. */
  modifiers: string[];
  /** `get`/`set` right before the name: an accessor, whatever kind the engine reported. */
  accessor?: 'get' | 'set';
}

/**
 * Reads what the source says before a declaration's name. The engine reports an overload without
 * its name's position (the id would point at `export`), a getter as a Method, and no modifiers at
 * all; the words before the name tell all three. Never fails: odd input gives no modifiers.
 */
export function readDeclarationHead(text: SourceText, node: OutlineNode): DeclarationHead {
  const firstLine = node.range.start.line;
  const lastLine = Math.min(
    node.range.end.line,
    firstLine + HEAD_LINES,
    Math.max(firstLine, node.selectionRange.start.line),
  );
  const chunk = text.slice(firstLine, lastLine);
  const starts = lineStarts(chunk);
  const offsetOf = (position: Position) => (starts[position.line - firstLine] ?? chunk.length) + position.character - 1;
  const tokens = tokenize(chunk);
  let nameIndex = tokens.findIndex((token) => token.start === offsetOf(node.selectionRange.start));
  // A selection where the declaration starts is how the engine reports an overload: no name position.
  // Any other selection is the name, written however (`[Symbol.iterator]`, `'quoted'`).
  const selectionIsName =
    offsetOf(node.selectionRange.start) !== offsetOf(node.range.start) || startsName(tokens, nameIndex, node.name);
  if (nameIndex < 0 || !selectionIsName) {
    nameIndex = nameAfterHead(
      tokens,
      tokens.findIndex((token) => token.start >= offsetOf(node.range.start)),
      node.name,
    );
  }
  if (nameIndex < 0) return { nameAt: node.selectionRange.start, modifiers: privateName(node.name) };
  const modifiers: string[] = [];
  let accessor: 'get' | 'set' | undefined;
  for (let index = nameIndex - 1; index >= 0; index--) {
    const word = tokens[index].text;
    if (tokens[index].type === 'identifier' && MODIFIER_WORDS.has(word)) modifiers.unshift(word);
    else if (!DECLARATION_WORDS.has(word)) break;
    if (index === nameIndex - 1 && (word === 'get' || word === 'set')) accessor = word;
  }
  const at = positionAt(starts, tokens[nameIndex].start);
  return {
    nameAt: { line: at.line + firstLine - 1, character: at.character },
    modifiers: [...modifiers, ...privateName(node.name)],
    ...(accessor ? { accessor } : {}),
  };
}

function privateName(name: string): string[] {
  return name.startsWith('#') ? ['#private'] : [];
}

/** `#name` is two tokens to the lexer. */
function startsName(tokens: Token[], index: number, name: string): boolean {
  const token = tokens[index];
  if (!token) return false;
  if (token.text === name) return true;
  return token.text === '#' && `#${tokens[index + 1]?.text ?? ''}` === name && tokens[index + 1]?.start === token.end;
}

/** Skips decorators (`@a.b(…)`), modifiers and declaration words; the next token must be the name. */
function nameAfterHead(tokens: Token[], from: number, name: string): number {
  let index = from;
  while (index >= 0 && index < tokens.length) {
    const token = tokens[index];
    if (token.text === '@') {
      index = skipDecorator(tokens, index + 1);
    } else if (MODIFIER_WORDS.has(token.text) || DECLARATION_WORDS.has(token.text)) {
      index++;
    } else {
      return startsName(tokens, index, name) ? index : -1;
    }
  }
  return -1;
}

function skipDecorator(tokens: Token[], from: number): number {
  let index = from + 1;
  while (tokens[index]?.text === '.' && tokens[index + 1]?.type === 'identifier') index += 2;
  if (tokens[index]?.text !== '(') return index;
  let depth = 0;
  for (; index < tokens.length; index++) {
    if (tokens[index].text === '(') depth++;
    if (tokens[index].text === ')' && --depth === 0) return index + 1;
  }
  return index;
}
