import jsTokens from 'js-tokens';

/**
 * TypeScript/JavaScript tokens for heuristics that must never fail on odd input: identifiers,
 * punctuation, and everything else (strings, templates, numbers, regular expressions) as one
 * 'other' token each. js-tokens does the reading, so a regex literal is told from a division (the
 * hand-written lexer this replaced read `/['"]/` as the start of a string and lost the rest of the
 * line). Measured (Node 20, 2 cores): js-tokens loads in ~2 ms (13 KB) and takes ~12 µs for a
 * 4-line declaration head, ~1 ms for a 260-line file, ~0.35 s for the 6 MB _tsc.js (the old lexer:
 * ~4 µs, ~0.6 ms, ~0.2 s; correct now, still negligible next to a language-server round trip).
 * Not the TypeScript scanner: alone it cannot tell a regex from a division either (the parser
 * re-scans `/`), and importing `typescript` costs ~430 ms and ~29 MB of heap in a daemon that
 * loads it lazily, only for the few questions that need the compiler.
 */
export type TokenType = 'identifier' | 'punctuation' | 'other';

export interface Token {
  type: TokenType;
  /** The identifier or punctuation itself; 'string', 'template', 'number' or 'regex' for the rest. */
  text: string;
  /** Offsets in the code: the token is code.slice(start, end). */
  start: number;
  end: number;
}

/**
 * Punctuation the heuristics read as a unit; every other punctuator is split into characters, so `>>` closes two
 * generics.
 */
const MULTI_CHAR_PUNCTUATION = new Set(['...', '?.', '=>']);

const OTHER_TEXT: Record<string, string> = {
  StringLiteral: 'string',
  NoSubstitutionTemplate: 'template',
  TemplateHead: 'template',
  TemplateMiddle: 'template',
  TemplateTail: 'template',
  NumericLiteral: 'number',
  RegularExpressionLiteral: 'regex',
};

export function tokenize(code: string): Token[] {
  return tokenizeCode(code, {});
}

/** Token types whose text is not code: what `cn grep --code-only` skips. */
const LITERAL_TYPES = new Set([
  'MultiLineComment',
  'SingleLineComment',
  'HashbangComment',
  'StringLiteral',
  'NoSubstitutionTemplate',
  'TemplateHead',
  'TemplateMiddle',
  'TemplateTail',
  'JSXString',
  'JSXText',
]);

/**
 * Offsets `[start, end)` of the comments, strings and template text of a file, in order (a template's `${…}`
 * expressions are code). `jsx`: read JSX text and attribute strings too (.jsx, .tsx only: in other files `<` is
 * a comparison or a type argument).
 */
export function literalSpans(code: string, jsx = false): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  tokenizeCode(code, { jsx, onLiteral: (start, end) => spans.push([start, end]) });
  return spans;
}

interface Reading {
  jsx?: boolean;
  onLiteral?: (start: number, end: number) => void;
}

function tokenizeCode(code: string, reading: Reading): Token[] {
  const tokens: Token[] = [];
  for (let from: number | undefined = 0; from !== undefined;) {
    from = tokenizeFrom(code, from, tokens, reading);
  }
  return tokens;
}

/**
 * Appends the tokens of code from `from` on; returns where to read again when js-tokens went astray. TypeScript's
 * `value! / 2`: JavaScript reads `!/` as the start of a regex, which may run on over a comment or a string, so
 * everything after the `/` is read again.
 */
function tokenizeFrom(code: string, from: number, tokens: Token[], reading: Reading): number | undefined {
  let start = from;
  for (const { type, value } of jsTokens(from === 0 ? code : code.slice(from), { jsx: reading.jsx === true })) {
    const end = start + value.length;
    if (type === 'RegularExpressionLiteral' && afterNonNullAssertion(tokens)) {
      tokens.push({ type: 'punctuation', text: '/', start, end: start + 1 });
      return start + 1;
    }
    if (LITERAL_TYPES.has(type)) reading.onLiteral?.(start, end);
    if (type === 'IdentifierName') {
      tokens.push({ type: 'identifier', text: value, start, end });
    } else if (type === 'PrivateIdentifier') {
      tokens.push(
        { type: 'punctuation', text: '#', start, end: start + 1 },
        { type: 'identifier', text: value.slice(1), start: start + 1, end },
      );
    } else if (type === 'Punctuator' || type === 'Invalid') {
      pushPunctuation(tokens, value, start);
    } else if (type in OTHER_TEXT) {
      tokens.push({ type: 'other', text: OTHER_TEXT[type], start, end });
    }
    // Whitespace, line terminators and comments are not tokens here.
    start = end;
  }
  return undefined;
}

/** A `!` right after a name, `)` or `]`, with nothing between: a non-null assertion, so a `/` after it divides. */
function afterNonNullAssertion(tokens: Token[]): boolean {
  const bang = tokens[tokens.length - 1];
  const before = tokens[tokens.length - 2];
  if (bang?.text !== '!' || before === undefined || before.end !== bang.start) return false;
  return before.type === 'identifier' || before.text === ')' || before.text === ']';
}

function pushPunctuation(tokens: Token[], value: string, start: number): void {
  if (MULTI_CHAR_PUNCTUATION.has(value) || value.length === 1) {
    tokens.push({ type: 'punctuation', text: value, start, end: start + value.length });
    return;
  }
  for (let index = 0; index < value.length; index++)
    tokens.push({ type: 'punctuation', text: value[index], start: start + index, end: start + index + 1 });
}
