import type { DeclarationFacts, DeclarationSyntax, FileSyntax } from '@cn/core';
import type { TsDeclarationSyntax } from './declaration-table.js';

/** The compiler API is loaded when the search index is first built, as for references (lazy-reference-syntax.ts). */
export class LazyDeclarationSyntax implements DeclarationSyntax {
  private syntax: Promise<TsDeclarationSyntax> | undefined;

  async declarations(fileName: string, text: string): Promise<DeclarationFacts[]> {
    return (await this.loaded()).declarations(fileName, text);
  }

  async read(fileName: string, text: string): Promise<FileSyntax> {
    return (await this.loaded()).read(fileName, text);
  }

  private loaded(): Promise<TsDeclarationSyntax> {
    this.syntax ??= import('./declaration-table.js').then(({ TsDeclarationSyntax: Syntax }) => new Syntax());
    return this.syntax;
  }
}
