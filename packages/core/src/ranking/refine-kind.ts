/**
 * The engine reports a type alias (`type Id = string`) as a Variable, and so is `const f = () => …`:
 * both mislead readers and `--kind`. The text around the name tells them apart: the keyword right
 * before it, and the initializer after it (an arrow function or function expression is a function).
 */
export function refineKind(kind: string, lineText: string | undefined, nameCharacter: number): string {
  if (kind !== 'Variable' && kind !== 'Constant') return kind;
  const before = (lineText ?? '').slice(0, Math.max(0, nameCharacter - 1));
  if (/(?:^|[\s;{])type\s+$/.test(before)) return 'TypeAlias';
  return initializesFunction(lineText, nameCharacter) ? 'Function' : kind;
}

/**
 * `name = async (…) =>`, `name: Handler = x =>`, `name = function …`: the initializer after the
 * name at the column is a function. Parameters spread over lines (`name = (`) count too.
 */
export function initializesFunction(lineText: string | undefined, nameCharacter: number): boolean {
  const after = (lineText ?? '').slice(Math.max(0, nameCharacter - 1)).replace(/^[\p{L}\p{N}$_#]+/u, '');
  const initializer = /^\s*(?::.*?)?=(?!>)\s*(?:async\b\s*)?(.*)$/u.exec(after)?.[1];
  if (initializer === undefined) return false;
  if (/^function\b/.test(initializer)) return true;
  if (/^[\p{L}$_][\p{L}\p{N}$_]*\s*=>/u.test(initializer)) return true;
  // `(a, b) => …` or `<T>(a: T) => …`; a parenthesised expression has no arrow after it.
  return /^[(<]/.test(initializer) && (/=>/.test(initializer) || /\(\s*$/.test(initializer));
}

const ACCESSOR_KINDS = new Set(['Method', 'Property', 'Field']);

/**
 * The kind cn reports for a declaration: refineKind's, and `Getter`/`Setter` for an accessor, which
 * the engine reports as a Method or Property. `accessor` is what the source says before the name
 * (inspect/declaration-head.ts); cn map and cn find both ask here, so they name a symbol alike.
 */
export function declaredKind(
  kind: string,
  lineText: string | undefined,
  nameCharacter: number,
  accessor: 'get' | 'set' | undefined,
): string {
  const refined = refineKind(kind, lineText, nameCharacter);
  if (!accessor || !ACCESSOR_KINDS.has(refined)) return refined;
  return accessor === 'get' ? 'Getter' : 'Setter';
}

/**
 * Every kind `declaredKind` may give a declaration the engine reports as `kind`, before its source is read: a listing
 * that reads only the files it must (symbol-patterns.ts) ranks and filters the others by what they may become.
 */
export function possibleKinds(kind: string): string[] {
  if (kind === 'Variable' || kind === 'Constant') return [kind, 'TypeAlias', 'Function'];
  return ACCESSOR_KINDS.has(kind) ? [kind, 'Getter', 'Setter'] : [kind];
}
