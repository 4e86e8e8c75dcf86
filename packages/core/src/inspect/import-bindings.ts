import type { Position } from '../domain/location.js';
import { lineStarts, positionAt } from '../domain/source-text.js';
import { specifiers } from './export-entries.js';
import { tokenize, type Token } from './lexer.js';

/** A name an import statement binds in its file, at the place the compiler resolves to the imported declaration. */
export interface ImportBinding {
  name: string;
  nameAt: Position;
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
  const binding = (token: Token): ImportBinding => ({ name: token.text, nameAt: positionAt(starts, token.start) });
  const bindings: ImportBinding[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    if (token.type !== 'identifier' || token.text !== 'import' || tokens[index - 1]?.text === '.') continue;
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
