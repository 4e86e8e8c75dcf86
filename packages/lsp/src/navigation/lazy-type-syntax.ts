import type { TypeDeclaration, TypeSyntax } from '@cn/core';
import type { TsTypeSyntax } from './type-declarations.js';

/**
 * The TypeScript compiler API is loaded on the first hierarchy question, as for the import graph (lazy-import-
 * graph.ts).
 */
export class LazyTypeSyntax implements TypeSyntax {
  private syntax: Promise<TsTypeSyntax> | undefined;

  async typeDeclarations(fileName: string, text: string): Promise<TypeDeclaration[]> {
    this.syntax ??= import('./type-declarations.js').then(({ TsTypeSyntax: Syntax }) => new Syntax());
    return (await this.syntax).typeDeclarations(fileName, text);
  }
}
