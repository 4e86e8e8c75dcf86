import { badInput } from '../domain/errors.js';

/**
 * `--kind` takes the words people use, which are not always LSP SymbolKind names: TypeScript type
 * aliases, for one, arrive as other kinds depending on the server.
 */
const KIND_ALIASES: Record<string, string[]> = {
  class: ['Class'],
  interface: ['Interface'],
  function: ['Function'],
  // Accessors are methods in the source; `getter`/`setter` narrow to them.
  method: ['Method', 'Getter', 'Setter'],
  getter: ['Getter'],
  setter: ['Setter'],
  property: ['Property', 'Field'],
  field: ['Field', 'Property'],
  variable: ['Variable', 'Constant'],
  // Type aliases arrive from the engine as variables; cn recognises them by their `type` keyword.
  typealias: ['TypeAlias'],
  constant: ['Constant'],
  const: ['Constant', 'Variable'],
  enum: ['Enum'],
  enummember: ['EnumMember'],
  type: ['TypeAlias', 'TypeParameter', 'Interface', 'Class', 'Struct'],
  namespace: ['Namespace', 'Module'],
  module: ['Module', 'Namespace'],
  constructor: ['Constructor'],
};

export const KIND_WORDS = Object.keys(KIND_ALIASES);

/**
 * Returns a predicate over SymbolKind names, or throws bad-input for an unknown word. A comma list is a union
 * (`method,function`), as `--role call,new` is: an agent asked `cn search … --kind method,function` and was refused.
 */
export function kindFilter(kind: string | undefined): ((symbolKind: string) => boolean) | undefined {
  if (kind === undefined || kind === '') return undefined;
  const words = kind
    .split(',')
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word !== '');
  const unknown = words.filter((word) => !Object.hasOwn(KIND_ALIASES, word));
  if (words.length === 0 || unknown.length > 0)
    throw badInput(
      `unknown kind '${unknown[0] ?? kind}'`,
      `use one of: ${KIND_WORDS.join(', ')} (a comma list for several)`,
    );
  const accepted = new Set(words.flatMap((word) => KIND_ALIASES[word]));
  return (symbolKind) => accepted.has(symbolKind);
}
