/** How far a type-argument list after a name is followed (`wrap<Entity>(`) before the occurrence counts as no call. */
const MAX_TYPE_ARGUMENTS = 200;
const NOT_IN_TYPES = /^(?:&&|\|\||[+*/%!])/;

/**
 * The call shape agents grep for to tell a name's calls from the rest: `bare` for a function, class or variable
 * (`(^|[^.\w])wrap(<[^>]*>)?\(`, and `new Wrap`), `member` for a method or property (`\.wrap\(`).
 */
export type CallShape = 'bare' | 'member';

/** Kinds (LSP SymbolKind names) whose calls are written after a dot. */
const MEMBER_KINDS = new Set(['Method', 'Property', 'Field']);

/** The shape of the calls of a declaration of that kind. */
export function callShapeOf(kind: string | undefined): CallShape {
  return kind !== undefined && MEMBER_KINDS.has(kind) ? 'member' : 'bare';
}

/**
 * Whether the word at `offset` reads as a call of that shape: after a dot (`member`) or not (`bare`, a spread's `...`
 * aside, or after `new`), followed by `(`, `?.(` or a type-argument list and `(`. Text only: a declaration's name reads
 * the same and is told apart by the caller.
 */
export function isCallShaped(text: string, offset: number, length: number, shape: CallShape): boolean {
  const before = previousToken(text, offset);
  const afterDot = before.endsWith('.') && !before.endsWith('...');
  if (afterDot !== (shape === 'member')) return false;
  if (shape === 'bare' && before === 'new') return true;
  let at = skipSpace(text, offset + length);
  if (text[at] === '<') {
    const closed = typeArgumentsEnd(text, at);
    if (closed === undefined) return false;
    at = skipSpace(text, closed);
  }
  if (text.startsWith('?.', at)) at = skipSpace(text, at + 2);
  return text[at] === '(';
}

/** The non-space text right before an offset: its last punctuation run or word (`.`, `...`, `?.`, `new`). */
function previousToken(text: string, offset: number): string {
  let end = offset;
  while (end > 0 && /\s/.test(text[end - 1])) end--;
  let start = end;
  if (start > 0 && /[\w$]/.test(text[start - 1])) while (start > 0 && /[\w$]/.test(text[start - 1])) start--;
  else while (start > 0 && end - start < 3 && /[.?]/.test(text[start - 1])) start--;
  return text.slice(start, end);
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && /\s/.test(text[at])) at++;
  return at;
}

/** Just past the `>` closing the `<` at `at`, nested lists included; undefined if the text is no type list. */
function typeArgumentsEnd(text: string, at: number): number | undefined {
  let depth = 0;
  let braces = 0;
  for (let index = at; index < text.length && index - at < MAX_TYPE_ARGUMENTS; index++) {
    const char = text[index];
    if (char === '<') depth++;
    else if (char === '>' && text[index - 1] !== '=') {
      depth--;
      if (depth === 0) return index + 1;
    } else if (char === '{') braces++;
    else if (char === '}') braces--;
    // A statement's end outside an object type (`wrap < limit;`), or an operator no type holds (`wrap < a && b > (c)`):
    // a comparison, no type list.
    else if ((char === ';' && braces === 0) || braces < 0 || NOT_IN_TYPES.test(text.slice(index, index + 2)))
      return undefined;
  }
  return undefined;
}
