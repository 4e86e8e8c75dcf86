/**
 * What the compiler's hover text says of a declaration: its prefix (`(method)`, `(parameter)`, `class`) and the name
 * it prints after it (`StringConstructor.raw`). For places cn cannot read (the TypeScript library, outside the root)
 * and for locals and parameters, which no outline lists.
 */

/** Locals and parameters are not in the outline; the hover's prefix (`(parameter) x: T`) still says what they are. */
export function kindFromSignature(signature: string): string {
  const prefix = /^\(([\w ]+)\)|^(\w+)/.exec(signature);
  const word = (prefix?.[1] ?? prefix?.[2] ?? '').replace(/^local /, '');
  const kinds: Record<string, string> = {
    parameter: 'Variable',
    var: 'Variable',
    let: 'Variable',
    const: 'Constant',
    property: 'Property',
    method: 'Method',
    function: 'Function',
    class: 'Class',
    interface: 'Interface',
    enum: 'Enum',
    'enum member': 'EnumMember',
    alias: 'Variable',
  };
  return kinds[word] ?? 'Unknown';
}

/** `(method) StringConstructor.raw(…)` → `StringConstructor.raw`; undefined when the hover names nothing. */
export function nameFromSignature(signature: string): string | undefined {
  return /^(?:\([\w ]+\)|\w+)\s+([\p{L}$_#][\p{L}\p{N}$_#.]*)/u.exec(signature)?.[1];
}
