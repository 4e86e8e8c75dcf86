import type { SourceText } from '../domain/source-text.js';
import type { TypeDeclaration, TypeSyntax } from '../ports/type-syntax.js';

/**
 * A text's type declarations, parsed once per version of the text and kept as long as the daemon keeps the text (its
 * text cache hands out the same SourceText while the file's stamp holds): a warm `cn impl Driver` on typeorm parsed
 * the ~75 files of its walk with the compiler API on every question, ~160-220 ms of its ~520-600. Kept per parser and
 * file name (the name tells the parser TypeScript from JSX), so no other parser's or file's answer is ever handed out.
 */
const keptByText = new WeakMap<
  SourceText,
  { syntax: TypeSyntax; fileName: string; found: Promise<TypeDeclaration[]> }
>();

export function typeDeclarationsOf(
  syntax: TypeSyntax,
  fileName: string,
  source: SourceText,
): Promise<TypeDeclaration[]> {
  const kept = keptByText.get(source);
  if (kept && kept.syntax === syntax && kept.fileName === fileName) return kept.found;
  const found = syntax.typeDeclarations(fileName, source.text);
  const entry = { syntax, fileName, found };
  keptByText.set(source, entry);
  // A parse that failed is not kept: the next question tries again.
  found.catch(() => {
    if (keptByText.get(source) === entry) keptByText.delete(source);
  });
  return found;
}
