/**
 * A small TypeScript/JavaScript tokenizer: enough to tell identifiers from keywords, strings and
 * comments. It is not a parser; it serves heuristics that must never fail on odd input.
 */
export type TokenType = 'identifier' | 'punctuation' | 'other';

export interface Token {
  type: TokenType;
  text: string;
  /** Offsets in the code: the token is code.slice(start, end). */
  start: number;
  end: number;
}

const IDENTIFIER_START = /[\p{L}\p{Nl}$_]/u;
const IDENTIFIER_PART = /[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$_\u200c\u200d]/u;
const MULTI_CHAR_PUNCTUATION = ['...', '?.', '=>'];

// ASCII first: Unicode property tests cost a regex call per character, and whole files are read
// (map's re-export scan), where they tripled the time.
function isIdentifierStart(ch: string): boolean {
  const code = ch.charCodeAt(0);
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 36 || code === 95;
  return IDENTIFIER_START.test(ch);
}

function isIdentifierPart(ch: string): boolean {
  const code = ch.charCodeAt(0);
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 36 || code === 95;
  return IDENTIFIER_PART.test(ch);
}

function isWhitespace(ch: string): boolean {
  return ch === ' ' || ch === '\n' || ch === '\t' || ch === '\r' || (ch.charCodeAt(0) > 127 || ch === '\v' || ch === '\f' ? /\s/.test(ch) : false);
}

export function tokenize(code: string): Token[] {
  const tokens: Token[] = [];
  // Template literals nest: `a ${ `b ${c}` }`; each entry counts open braces inside a ${ } hole.
  const templateHoles: number[] = [];
  let i = 0;
  let start = 0;
  const push = (type: TokenType, text: string) => tokens.push({ type, text, start, end: i });

  while (i < code.length) {
    const ch = code[i];
    start = i;
    if (isWhitespace(ch)) {
      i++;
    } else if (code.startsWith('//', i)) {
      const end = code.indexOf('\n', i);
      i = end < 0 ? code.length : end;
    } else if (code.startsWith('/*', i)) {
      const end = code.indexOf('*/', i + 2);
      i = end < 0 ? code.length : end + 2;
    } else if (ch === '"' || ch === "'") {
      i = skipQuoted(code, i, ch);
      push('other', 'string');
    } else if (ch === '`' || (ch === '}' && templateHoles.length > 0 && templateHoles[templateHoles.length - 1] === 0)) {
      if (ch === '}') templateHoles.pop();
      const { end, openedHole } = skipTemplateText(code, i + 1);
      i = end;
      if (openedHole) templateHoles.push(0);
      push('other', 'template');
    } else if (isIdentifierStart(ch)) {
      let end = i + 1;
      while (end < code.length && isIdentifierPart(code[end])) end++;
      i = end;
      push('identifier', code.slice(start, end));
    } else if (/\d/.test(ch)) {
      let end = i + 1;
      while (end < code.length && /[\w.]/.test(code[end])) end++;
      i = end;
      push('other', 'number');
    } else {
      const multi = MULTI_CHAR_PUNCTUATION.find((p) => code.startsWith(p, i));
      const text = multi ?? ch;
      if (templateHoles.length > 0) {
        if (text === '{') templateHoles[templateHoles.length - 1]++;
        if (text === '}') templateHoles[templateHoles.length - 1]--;
      }
      i += text.length;
      push('punctuation', text);
    }
  }
  return tokens;
}

function skipQuoted(code: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < code.length && code[i] !== quote && code[i] !== '\n') i += code[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** Skips template text up to the closing backtick or the next `${`. */
function skipTemplateText(code: string, start: number): { end: number; openedHole: boolean } {
  let i = start;
  while (i < code.length) {
    if (code[i] === '\\') i += 2;
    else if (code[i] === '`') return { end: i + 1, openedHole: false };
    else if (code.startsWith('${', i)) return { end: i + 2, openedHole: true };
    else i++;
  }
  return { end: i, openedHole: false };
}
