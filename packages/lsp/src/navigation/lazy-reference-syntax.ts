import type { Position, ReferenceSite, ReferenceSyntax } from '@cn/core';
import type { TsReferenceSyntax } from './reference-roles.js';

/** The TypeScript compiler API is loaded on the first reference search, as for the types (lazy-type-syntax.ts). */
export class LazyReferenceSyntax implements ReferenceSyntax {
  private syntax: Promise<TsReferenceSyntax> | undefined;

  async classify(fileName: string, text: string, positions: readonly Position[]): Promise<ReferenceSite[]> {
    this.syntax ??= import('./reference-roles.js').then(({ TsReferenceSyntax: Syntax }) => new Syntax());
    return (await this.syntax).classify(fileName, text, positions);
  }
}
