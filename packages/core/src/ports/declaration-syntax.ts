import type { LiteralSpans } from '../domain/literal-spans.js';
import type { Position } from '../domain/location.js';

/**
 * Where one named declaration is: the kinds the references' `in` names (functions, methods, constructors, accessors
 * and fields, classes, interfaces, type aliases, enums, namespaces, `const f = () => …`, module-level variables).
 */
export interface DeclarationSpan {
  name: string;
  /** LSP SymbolKind name, as EnclosingDeclaration's. */
  kind: string;
  /** The innermost named declaration around it; absent at the file's top level. */
  container?: string;
  /** Where its name starts (the `constructor` keyword for a constructor): its id. */
  position: Position;
  /** UTF-16 offsets of its whole text, from its JSDoc or decorators to its end. */
  start: number;
  end: number;
  /** The 1-based lines of the same span. */
  startLine: number;
  endLine: number;
}

/**
 * A declaration with the text `cn search` ranks it by. Each text belongs to the innermost declaration holding it:
 * a class has its name, heritage and doc comment, each method its own body.
 */
export interface DeclarationFacts extends DeclarationSpan {
  /** Its head as written, up to its body (parameters, types, heritage, a variable's value), clipped. */
  signature: string;
  /** The comments just before it (JSDoc or `//`). */
  doc: string;
  /** Comments inside its own body. */
  comments: string;
  /** String and template literal text in its own body, space-separated. */
  strings: string;
  /** Identifiers used in its own body (names, properties, types), space-separated. */
  identifiers: string;
}

/** A file's declarations and where its comments and literal text are, from one parse. */
export interface FileSyntax {
  declarations: DeclarationFacts[];
  literals: LiteralSpans;
}

/** Reads a file's declarations from its syntax alone (no project, no type checking). */
export interface DeclarationSyntax {
  /** In order of their start; nested declarations after the one holding them. */
  declarations(fileName: string, text: string): Promise<DeclarationFacts[]>;
  /** The declarations and the comment and literal spans together: what the search index keeps of each file. */
  read(fileName: string, text: string): Promise<FileSyntax>;
}
