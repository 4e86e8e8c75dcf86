import type { Token } from './lexer.js';

/** What may follow a member's name where it is declared: `a: T`, `a(`, `a = `, `a;`, `a?`, `a!`, `a<T>(`. */
const AFTER_MEMBER_NAME = new Set([':', '(', '=', ';', '?', '!', '<', '}']);
/** A token after which a line break does not end the member (`a =⏎ b`, `f(⏎ b`). */
const CONTINUES = new Set([
  '=',
  ',',
  '(',
  '[',
  '?',
  ':',
  '.',
  '?.',
  '+',
  '-',
  '*',
  '/',
  '%',
  '&',
  '|',
  '^',
  '!',
  '~',
  '<',
  '=>',
  '...',
  '@',
]);
const MODIFIERS = new Set([
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

/**
 * Indexes of the tokens that name a member where a class, interface or object type alias declares it:
 * `route` in `route = () => …`, `get` in `get(path) {`. Those are the block's own names, not uses;
 * the same name after `=` (`errorHandler = errorHandler`) is a use of something declared elsewhere.
 * Semicolons are optional (hono has none), so a line break after a complete expression starts a member.
 */
export function memberNamePositions(tokens: Token[], code: string): Set<number> {
  const positions = new Set<number>();
  tokens.forEach((token, index) => {
    if (token.type !== 'identifier' || !['class', 'interface', 'type'].includes(token.text)) return;
    if (['.', '?.'].includes(tokens[index - 1]?.text ?? '')) return;
    const open = bodyOpen(tokens, index);
    if (open === undefined) return;
    const close = matching(tokens, open);
    let depth = 0;
    for (let i = open + 1; i < close; i++) {
      const text = tokens[i].text;
      if (text === '(' || text === '[' || text === '{') depth++;
      else if (text === ')' || text === ']' || text === '}') depth--;
      else if (
        depth === 0 &&
        tokens[i].type === 'identifier' &&
        AFTER_MEMBER_NAME.has(tokens[i + 1]?.text ?? '}') &&
        startsMember(tokens, i, code)
      )
        positions.add(i);
    }
  });
  return positions;
}

/** The `{` of `class A<T> extends B<{ x: 1 }> {`, `interface I {` or `type T = {`; none for `type T = A | B`. */
function bodyOpen(tokens: Token[], keyword: number): number | undefined {
  if (tokens[keyword].text === 'type') {
    // `type Name<…> = {`: anything but a `{` right after the `=` is no object type.
    let i = keyword + 2;
    if (tokens[keyword + 1]?.type !== 'identifier') return undefined;
    if (tokens[i]?.text === '<') i = matching(tokens, i) + 1;
    return tokens[i]?.text === '=' && tokens[i + 1]?.text === '{' ? i + 1 : undefined;
  }
  let depth = 0;
  for (let i = keyword + 1; i < tokens.length; i++) {
    const text = tokens[i].text;
    if (text === '{' && depth === 0) return i;
    if (text === '(' || text === '[' || text === '<' || text === '{') depth++;
    else if (text === ')' || text === ']' || text === '>' || text === '}') depth--;
    else if (text === ';' && depth === 0) return undefined;
  }
  return undefined;
}

function startsMember(tokens: Token[], index: number, code: string): boolean {
  const previous = tokens[index - 1];
  if (!previous || ['{', ';', '}', ')', ','].includes(previous.text)) return true;
  if (previous.text === '#') return startsMember(tokens, index - 1, code);
  if (previous.type === 'identifier' && MODIFIERS.has(previous.text)) return true;
  return code.slice(previous.end, tokens[index].start).includes('\n') && !CONTINUES.has(previous.text);
}

/** Index of the bracket closing the one at `open` (or the last token when unbalanced). */
export function matching(tokens: Token[], open: number): number {
  const opener = tokens[open].text;
  const closer = { '(': ')', '[': ']', '{': '}', '<': '>' }[opener];
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (tokens[i].text === opener) depth++;
    else if (tokens[i].text === closer && --depth === 0) return i;
  }
  return tokens.length - 1;
}
