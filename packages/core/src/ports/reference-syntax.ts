import type { ReferenceRole } from '@cn/protocol';
import type { Position } from '../domain/location.js';

/** The innermost named declaration around a place: a function, method, class, interface, module-level variable… */
export interface EnclosingDeclaration {
  name: string;
  /** LSP SymbolKind name: Function, Method, Constructor, Property, Class, Interface, TypeAlias, Enum, Variable… */
  kind: string;
  /** Where its name starts (the `constructor` keyword for a constructor). */
  position: Position;
  /** Where the whole declaration ends. */
  end?: Position;
  /** The next named declaration out (`Mounter` for its method `mount`). */
  container?: string;
}

/** An unnamed function or class a place sits in, inside its enclosing declaration: a callback, an IIFE. */
export interface AnonymousScope {
  kind: 'arrow' | 'function' | 'class';
  /** 1-based line where it starts. */
  line: number;
}

/** What the syntax says about one reference: its role, and where it sits (undefined: the file's top level). */
export interface ReferenceSite {
  role: ReferenceRole;
  enclosing?: EnclosingDeclaration;
  /** The unnamed functions and classes between the reference and `enclosing` (or the top level), outermost first. */
  through?: AnonymousScope[];
}

/**
 * What a rename to a new name would change in a file's scopes (found in its syntax tree):
 * - `captured`: a renamed use (`use`) would refer to a local declaration of the new name (`declaration`) in a scope
 *   between it and the renamed symbol's own;
 * - `duplicate`: the renamed symbol's own scope already declares the new name (`declaration`; `use` the edit);
 * - `shadows`: a use of another symbol of the new name (`use`) would refer to the renamed symbol, whose scope holds it.
 */
export interface RenameCapture {
  kind: 'captured' | 'duplicate' | 'shadows';
  use: Position;
  declaration?: Position;
}

/** Reads references' roles from the syntax at their places (no project, no type checking). */
export interface ReferenceSyntax {
  /** One answer per position, in order; the text is parsed once for all of them. */
  classify(fileName: string, text: string, positions: readonly Position[]): Promise<ReferenceSite[]>;
  /**
   * The scope changes a rename of `oldName` to `newName` would make in one file, the edits being where the old name
   * is now: empty when every renamed name still means the renamed symbol and no other name comes to mean it.
   */
  renameCaptures(
    fileName: string,
    text: string,
    edits: readonly Position[],
    oldName: string,
    newName: string,
  ): Promise<RenameCapture[]>;
}
