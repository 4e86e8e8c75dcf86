import type { Position } from '../domain/location.js';

/** One type named in an `extends` or `implements` clause, as written. */
export interface HeritageName {
  clause: 'extends' | 'implements';
  /** The expression without type arguments: `HonoBase`, `ns.Base`. */
  text: string;
  /**
   * Where the name the clause points at starts (the last identifier of `ns.Base`): where the engine's references land.
   */
  position: Position;
}

/** A class (declaration or expression), interface or type alias, with the types it extends and implements. */
export interface TypeDeclaration {
  /**
   * The class name; for `const X = class …` the variable's; `default` for `export default class`; `class` when nothing
   * names it.
   */
  name: string;
  kind: 'Class' | 'Interface' | 'TypeAlias';
  /** Where the name is (the `class` keyword when nothing names the class). */
  position: Position;
  /** A class expression (`const X = class …`, `class` in an argument), not a class declaration. */
  expression?: true;
  /** The function, method or variable an unnamed class expression sits in. */
  container?: string;
  /**
   * Only types named directly (`extends A<T>`, `implements ns.B`); `extends mixin(A)` or any other
   * expression is left out, since the name in it is not what the class extends.
   */
  heritage: HeritageName[];
}

/** Reads the type declarations of a source text (syntax only: no project, no type checking). */
export interface TypeSyntax {
  typeDeclarations(fileName: string, text: string): Promise<TypeDeclaration[]>;
}
