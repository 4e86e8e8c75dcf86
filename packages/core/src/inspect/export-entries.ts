import type { Position } from '../domain/location.js';
import { lineStarts, positionAt } from '../domain/source-text.js';
import { tokenize, type Token } from './lexer.js';

/**
 * One `export … from`, `export { … }` name, `export *` or `export =` of a file: what the engine's
 * outline leaves out (it drops aliases), so a file that only re-exports looked empty.
 */
export interface ExportEntry {
  /** The exported name; `*` for `export * from`, `export=` for `export =`. */
  name: string;
  /** Where the exported name (or `*`, or the assigned expression) is. */
  nameAt: Position;
  /** The statement's last line. */
  endLine: number;
  /** The module specifier as written, for `… from '…'`. */
  from?: string;
  /** Where to ask the engine what the entry stands for: the local name, or inside the specifier. */
  resolveAt: Position;
  /** `export type { … }` / `export { type A }`. */
  typeOnly: boolean;
}

/** Cheap test before tokenizing the whole file: most files have no export statement of these forms. */
const EXPORT_STATEMENT = /\bexport\s*(?:type\s*)?[*{=]/;

/** The export statements that declare nothing themselves, in source order. */
export function exportEntries(code: string): ExportEntry[] {
  if (!EXPORT_STATEMENT.test(code)) return [];
  const tokens = tokenize(code);
  const starts = lineStarts(code);
  const at = (offset: number): Position => positionAt(starts, offset);
  const entries: ExportEntry[] = [];
  // `export` is a reserved word: outside `a.export` it only starts an export statement.
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    if (token.type !== 'identifier' || token.text !== 'export' || tokens[index - 1]?.text === '.') continue;
    let next = index + 1;
    const typeOnly = tokens[next]?.text === 'type' && ['*', '{'].includes(tokens[next + 1]?.text ?? '');
    if (typeOnly) next++;
    const head = tokens[next];
    if (head?.text === '*') {
      const alias =
        tokens[next + 1]?.text === 'as' && tokens[next + 2]?.type === 'identifier' ? tokens[next + 2] : undefined;
      const fromIndex = alias ? next + 3 : next + 1;
      const specifier = moduleSpecifier(code, tokens, fromIndex);
      if (!specifier) continue;
      entries.push({
        name: alias?.text ?? '*',
        nameAt: at((alias ?? head).start),
        endLine: at(specifier.token.start).line,
        from: specifier.text,
        resolveAt: at(specifier.token.start + 1),
        typeOnly,
      });
      index = fromIndex + 1;
    } else if (head?.text === '{') {
      const close = tokens.findIndex((candidate, position) => position > next && candidate.text === '}');
      if (close < 0) break;
      const specifier = moduleSpecifier(code, tokens, close + 1);
      for (const spec of specifiers(tokens.slice(next + 1, close))) {
        entries.push({
          name: spec.exported.text,
          nameAt: at(spec.exported.start),
          endLine: at((specifier?.token ?? tokens[close]).start).line,
          ...(specifier ? { from: specifier.text } : {}),
          resolveAt: at(spec.local.start),
          typeOnly: typeOnly || spec.typeOnly,
        });
      }
      index = close;
    } else if (head?.text === '=' && tokens[next + 1]?.type === 'identifier') {
      const target = tokens[next + 1];
      entries.push({
        name: 'export=',
        nameAt: at(target.start),
        endLine: at(target.start).line,
        resolveAt: at(target.start),
        typeOnly: false,
      });
    }
  }
  return entries;
}

function moduleSpecifier(code: string, tokens: Token[], fromIndex: number): { token: Token; text: string } | undefined {
  const token = tokens[fromIndex + 1];
  if (tokens[fromIndex]?.text !== 'from' || token?.type !== 'other' || token.text !== 'string') return undefined;
  return { token, text: code.slice(token.start + 1, token.end - 1) };
}

/**
 * `a`, `a as b`, `type a as b`, `default as b` between braces: `local` is the first name, `exported` the one after `as`
 * (or the only one) — for an import, the name it binds. Quoted names (`"a-b" as c`) are left out.
 */
export function specifiers(tokens: Token[]): Array<{ local: Token; exported: Token; typeOnly: boolean }> {
  const result: Array<{ local: Token; exported: Token; typeOnly: boolean }> = [];
  let part: Token[] = [];
  for (const token of [...tokens, undefined]) {
    if (token && token.text !== ',') {
      part.push(token);
      continue;
    }
    const typeOnly = part.length > 1 && part[0].text === 'type' && part[1].type === 'identifier';
    const words = typeOnly ? part.slice(1) : part;
    const [local, as, exported] = words;
    if (local?.type === 'identifier' && words.length === 1) result.push({ local, exported: local, typeOnly });
    else if (local?.type === 'identifier' && as?.text === 'as' && exported?.type === 'identifier' && words.length === 3)
      result.push({ local, exported, typeOnly });
    part = [];
  }
  return result;
}
