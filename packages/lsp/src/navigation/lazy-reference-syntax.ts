import type { Position, ReferenceSite, ReferenceSyntax, RenameCapture } from '@cn/core';
import type { TsReferenceSyntax } from './reference-roles.js';

/** The TypeScript compiler API is loaded on the first reference search, as for the types (lazy-type-syntax.ts). */
export class LazyReferenceSyntax implements ReferenceSyntax {
  private syntax: Promise<TsReferenceSyntax> | undefined;

  async classify(fileName: string, text: string, positions: readonly Position[]): Promise<ReferenceSite[]> {
    return (await this.load()).classify(fileName, text, positions);
  }

  async renameCaptures(
    fileName: string,
    text: string,
    edits: readonly Position[],
    oldName: string,
    newName: string,
  ): Promise<RenameCapture[]> {
    return (await this.load()).renameCaptures(fileName, text, edits, oldName, newName);
  }

  /** Loads the compiler API ahead of the first question (half a second of CPU on a cold `cn find`). */
  preload(): void {
    this.load().catch(() => undefined);
  }

  private load(): Promise<TsReferenceSyntax> {
    this.syntax ??= import('./reference-roles.js').then(({ TsReferenceSyntax: Syntax }) => new Syntax());
    return this.syntax;
  }
}
