import { tokenize, type Token } from './lexer.js';
import { matching, memberNamePositions } from './member-names.js';

/**
 * Identifiers a block uses but does not declare itself, in first-appearance order: what a reader
 * has to look up elsewhere to understand the block. A heuristic over tokens (no type information):
 * member accesses (`a.b` → only `a`), object keys, the names of the members a class, interface or
 * object type declares, and names the block declares (variables, parameters, type parameters,
 * functions, classes) are left out, as are keywords.
 */
export function relatedSymbols(code: string): string[] {
  const tokens = tokenize(code);
  const members = memberNamePositions(tokens, code);
  const declared = declaredNames(tokens, members);
  const seen = new Set<string>();
  const related: string[] = [];
  tokens.forEach((token, index) => {
    if (token.type !== 'identifier' || KEYWORDS.has(token.text) || declared.has(token.text)) return;
    if (members.has(index)) return;
    if (isMemberName(tokens, index) || isObjectKey(tokens, index)) return;
    if (seen.has(token.text)) return;
    seen.add(token.text);
    related.push(token.text);
  });
  return related;
}

const DECLARING_KEYWORDS = new Set([
  'const',
  'let',
  'var',
  'function',
  'class',
  'interface',
  'type',
  'enum',
  'namespace',
  'module',
  'import',
  'infer',
]);
const MEMBER_MODIFIERS = new Set([
  'private',
  'public',
  'protected',
  'readonly',
  'static',
  'declare',
  'abstract',
  'override',
  'accessor',
  'async',
  'get',
  'set',
]);

/** Names bound in the block; a member's name is not one (it is reached through `this.`, never bare). */
function declaredNames(tokens: Token[], members: Set<number>): Set<string> {
  const declared = new Set<string>();
  tokens.forEach((token, index) => {
    if (token.type !== 'identifier') return;
    if (members.has(index)) {
      if (tokens[index + 1]?.text === '<') addTypeParameters(tokens, index + 1, declared);
      return;
    }
    const previous = tokens[index - 1];
    const next = tokens[index + 1];
    if (
      previous &&
      previous.type === 'identifier' &&
      DECLARING_KEYWORDS.has(previous.text) &&
      !KEYWORDS.has(token.text)
    ) {
      declared.add(token.text);
      if (next?.text === '<') addTypeParameters(tokens, index + 1, declared);
    } else if (
      previous &&
      previous.type === 'identifier' &&
      MEMBER_MODIFIERS.has(previous.text) &&
      next &&
      [':', '(', '=', ';', '?', '!', '<'].includes(next.text)
    ) {
      declared.add(token.text);
    } else if (next?.text === '=>' && (!previous || previous.text !== '.')) {
      declared.add(token.text); // single-parameter arrow: x => …
    } else if (isMethodDeclaration(tokens, index)) {
      declared.add(token.text);
      if (next?.text === '<') addTypeParameters(tokens, index + 1, declared);
    }
  });
  // Destructuring patterns and parameter lists declare every plain name in them.
  tokens.forEach((token, index) => {
    if (token.text === '(' && (isParameterList(tokens, index) || isAfterMember(tokens, index, members)))
      addBindingNames(tokens, index, declared);
    if ((token.text === '{' || token.text === '[') && isBindingPattern(tokens, index))
      addBindingNames(tokens, index, declared);
  });
  return declared;
}

/** `name(…) {` or `name(…): T {` at the start of a member, as opposed to a call `name(…);`. */
function isMethodDeclaration(tokens: Token[], index: number): boolean {
  const previous = tokens[index - 1];
  const atMemberStart =
    !previous ||
    [';', '{', '}', ','].includes(previous.text) ||
    (previous.type === 'identifier' && MEMBER_MODIFIERS.has(previous.text)) ||
    previous.text === '*';
  if (!atMemberStart) return false;
  let open = index + 1;
  if (tokens[open]?.text === '<') open = matching(tokens, open) + 1;
  if (tokens[open]?.text !== '(') return false;
  const close = matching(tokens, open);
  const after = tokens[close + 1]?.text;
  return after === '{' || after === ':';
}

/** `onError(err: Error): void` in an interface or object type: a method signature's parameters. */
function isAfterMember(tokens: Token[], open: number, members: Set<number>): boolean {
  return members.has(open - 1) || (tokens[open - 1]?.text === '>' && members.has(tokenBefore(tokens, open - 1)));
}

/** The index of the token before the `<…>` that ends at `close`. */
function tokenBefore(tokens: Token[], close: number): number {
  for (let i = close, depth = 0; i >= 0; i--) {
    if (tokens[i].text === '>') depth++;
    else if (tokens[i].text === '<' && --depth === 0) return i - 1;
  }
  return -1;
}

function isParameterList(tokens: Token[], open: number): boolean {
  const close = matching(tokens, open);
  const after = tokens[close + 1]?.text;
  if (after === '=>') return true;
  const before = tokens[open - 1];
  const beforeThat = tokens[open - 2];
  if (before?.text === 'function' || beforeThat?.text === 'function') return true;
  if (before?.text === '>' || (before?.type === 'identifier' && isMethodDeclaration(tokens, open - 1)))
    return after === '{' || after === ':';
  if (before?.text === 'catch') return true;
  // Arrow with a return type: (a: A): B => …
  return after === ':' && arrowFollowsReturnType(tokens, close + 1);
}

function arrowFollowsReturnType(tokens: Token[], colon: number): boolean {
  for (let i = colon + 1, depth = 0; i < tokens.length && i < colon + 40; i++) {
    const text = tokens[i].text;
    if ('([{<'.includes(text)) depth++;
    else if (')]}>'.includes(text)) depth--;
    else if (text === '=>' && depth === 0) return true;
    else if ((text === ';' || text === '{') && depth === 0) return false;
  }
  return false;
}

function isBindingPattern(tokens: Token[], open: number): boolean {
  const before = tokens[open - 1];
  return before?.type === 'identifier' && ['const', 'let', 'var'].includes(before.text);
}

/** Names bound inside a parameter list or pattern: in binding position, not types or default values. */
function addBindingNames(tokens: Token[], open: number, declared: Set<string>): void {
  const close = matching(tokens, open);
  for (let i = open + 1; i < close; i++) {
    const token = tokens[i];
    if (token.type !== 'identifier' || KEYWORDS.has(token.text) || MEMBER_MODIFIERS.has(token.text)) continue;
    const previous = tokens[i - 1].text;
    const next = tokens[i + 1]?.text ?? ')';
    const inBindingPosition = ['(', ',', '...', '{', '['].includes(previous) || MEMBER_MODIFIERS.has(previous);
    if (inBindingPosition && [',', ':', '=', '?', ')', ']', '}'].includes(next)) declared.add(token.text);
  }
}

function addTypeParameters(tokens: Token[], open: number, declared: Set<string>): void {
  const close = matching(tokens, open);
  for (let i = open + 1; i < close; i++) {
    const previous = tokens[i - 1].text;
    if (tokens[i].type === 'identifier' && (previous === '<' || previous === ',') && i - 1 >= open)
      declared.add(tokens[i].text);
  }
}

/** `a.b`, `a?.b`, and any `#b`: a private name is always the block's own class's member. */
function isMemberName(tokens: Token[], index: number): boolean {
  const previous = tokens[index - 1]?.text;
  return previous === '.' || previous === '?.' || previous === '#';
}

function isObjectKey(tokens: Token[], index: number): boolean {
  const previous = tokens[index - 1]?.text;
  const next = tokens[index + 1]?.text;
  return next === ':' && (previous === '{' || previous === ',') && !isInsideParentheses(tokens, index);
}

function isInsideParentheses(tokens: Token[], index: number): boolean {
  let depth = 0;
  for (let i = index - 1; i >= 0; i--) {
    const text = tokens[i].text;
    if (text === ')' || text === '}' || text === ']') depth++;
    else if (text === '(' || text === '{' || text === '[') {
      if (depth === 0) return text === '(';
      depth--;
    }
  }
  return false;
}

const KEYWORDS = new Set(
  (
    'abstract any as asserts async await bigint boolean break case catch class const constructor continue debugger declare ' +
    'default delete do else enum export extends false finally for from function get if implements import in infer instanceof ' +
    'interface is keyof let module namespace never new null number object of override package private protected public readonly ' +
    'require return satisfies set static string super switch symbol this throw true try type typeof undefined unique unknown ' +
    'var void while with yield accessor arguments'
  ).split(' '),
);
