import { badInput } from '../domain/errors.js';

/** Words no binding may take (reserved in strict mode, which modules are), and literals that are not names. */
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'yield let static implements interface package private protected public await arguments eval undefined'
  ).split(' '),
);

const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$_\u200c\u200d]*$/u;

/**
 * The new name, checked before the engine is asked: one identifier that is no reserved word, private (`#name`) exactly
 * when the old one is. The engine would accept `a b` or `class` and write a file that no longer parses.
 */
export function checkNewName(newName: string, oldName?: string): string {
  const privateName = newName.startsWith('#');
  const bare = privateName ? newName.slice(1) : newName;
  if (!IDENTIFIER.test(bare))
    throw badInput(`'${newName.slice(0, 60)}' is not a valid identifier`, 'give one name: letters, digits, $ or _');
  if (!privateName && RESERVED.has(bare)) throw badInput(`'${newName}' is a reserved word`, 'choose another name');
  if (oldName !== undefined && oldName.startsWith('#') !== privateName)
    throw badInput(
      privateName
        ? `'${oldName}' is not a private name: '${newName}' would be`
        : `'${oldName}' is private: the new name needs its #`,
      `give the new name ${oldName.startsWith('#') ? 'with' : 'without'} a leading #`,
    );
  if (newName === oldName) throw badInput(`'${oldName}' already has that name`, 'give a different name');
  return newName;
}
