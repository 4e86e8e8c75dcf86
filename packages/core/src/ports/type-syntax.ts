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
  /**
   * Set when the name is an argument of a function the clause applies (`extends Timestamped(Base)`: a mixin): the
   * clause's expression as written, so an answer can say the class extends Base through it.
   */
  mixin?: string;
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
   * Types named directly (`extends A<T>`, `implements ns.B`), and the classes a mixin is applied to (`extends
   * Timestamped(Base)`: Base, `mixin` set); any other expression names no type.
   */
  heritage: HeritageName[];
}

/** Reads the type declarations of a source text (syntax only: no project, no type checking). */
export interface TypeSyntax {
  typeDeclarations(fileName: string, text: string): Promise<TypeDeclaration[]>;
}
