import type { Position } from '../domain/location.js';
import { lineStarts, positionAt } from '../domain/source-text.js';
import { specifiers } from './export-entries.js';
import { tokenize, type Token } from './lexer.js';

/** A name an import statement binds in its file, at the place the compiler resolves to the imported declaration. */
export interface ImportBinding {
  name: string;
  nameAt: Position;
  /** The module specifier as written (`mongodb`, `./node`), when the statement has `from '…'`. */
  from?: string;
}

/** Cheap test before tokenizing: most files' imports are found, but a file with none is skipped. */
const IMPORT_STATEMENT = /\bimport\b/;

/**
 * `import D`, `import { a, b as c }`, `import * as ns`, `import type { T }`, `import x = require('…')`:
 * the local names, in source order. Side-effect imports and `import()` bind nothing.
 */
export function importBindings(code: string): ImportBinding[] {
  if (!IMPORT_STATEMENT.test(code)) return [];
  const tokens = tokenize(code);
  const starts = lineStarts(code);
  let from: string | undefined;
  const binding = (token: Token): ImportBinding => ({
    name: token.text,
    nameAt: positionAt(starts, token.start),
    ...(from !== undefined ? { from } : {}),
  });
  const bindings: ImportBinding[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    if (token.type !== 'identifier' || token.text !== 'import' || tokens[index - 1]?.text === '.') continue;
    from = moduleOf(code, tokens, index);
    let next = index + 1;
    // `import type X from`, but `import type from './m'` imports a default named `type`.
    if (tokens[next]?.text === 'type' && tokens[next + 1]?.text !== 'from' && tokens[next + 1]?.text !== ',') next++;
    const head = tokens[next];
    if (head?.type === 'identifier' && head.text !== 'from') {
      bindings.push(binding(head));
      if (tokens[next + 1]?.text !== ',') continue;
      next += 2;
    }
    if (tokens[next]?.text === '*' && tokens[next + 1]?.text === 'as' && tokens[next + 2]?.type === 'identifier') {
      bindings.push(binding(tokens[next + 2]));
    } else if (tokens[next]?.text === '{') {
      const close = tokens.findIndex((candidate, position) => position > next && candidate.text === '}');
      if (close < 0) break;
      for (const spec of specifiers(tokens.slice(next + 1, close))) bindings.push(binding(spec.exported));
      index = close;
    }
  }
  return bindings;
}

/** The `from '…'` of the import statement starting at `start`: the first string after a `from`, before any `;`. */
function moduleOf(code: string, tokens: Token[], start: number): string | undefined {
  for (let index = start + 1; index < tokens.length && tokens[index].text !== ';'; index++) {
    const token = tokens[index];
    if (token.text === 'from' && tokens[index + 1]?.text === 'string') {
      const literal = tokens[index + 1];
      return code.slice(literal.start + 1, literal.end - 1);
    }
    if (token.text === 'import' && index > start + 1) return undefined;
  }
  return undefined;
}
