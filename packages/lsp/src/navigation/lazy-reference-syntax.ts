import type { Position, ReferenceSite, ReferenceSyntax, RenameCapture } from '@cn/core';
import type { TsReferenceSyntax } from './reference-roles.js';
import { RememberedSites } from './remembered-sites.js';
import type { SavedSitesPlace } from './saved-reference-sites.js';

/**
 * The TypeScript compiler API is loaded on the first reference search, as for the types (lazy-type-syntax.ts); what
 * it said of each place is remembered per file text, and kept for the next daemon when `saved` says where.
 */
export class LazyReferenceSyntax implements ReferenceSyntax {
  private syntax: Promise<TsReferenceSyntax> | undefined;
  private readonly sites: RememberedSites;

  constructor(saved?: SavedSitesPlace, log?: (line: string) => void) {
    this.sites = new RememberedSites(saved, log);
  }

  async classify(fileName: string, text: string, positions: readonly Position[]): Promise<ReferenceSite[]> {
    const known = this.sites.known(fileName, text, positions);
    const missing = positions.filter((_, index) => known[index] === undefined);
    if (missing.length === 0) return known as ReferenceSite[];
    const found = await (await this.load()).classify(fileName, text, missing);
    this.sites.remember(fileName, text, missing, found);
    return this.sites.known(fileName, text, positions) as ReferenceSite[];
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

  /**
   * Reads the sites the daemon before saved, ahead of the first question. The compiler API waits for a file they do not
   * cover: loaded here, while the engine built the projects, its ~0.25 s on the daemon's one thread held the build up
   * as long (rxjs, 2 cores), and a second start's find on an unchanged project needs none of it.
   */
  loadSaved(): void {
    this.sites.loadSaved();
  }

  /** Keeps what was read for the next daemon (on the way out). */
  save(): void {
    this.sites.save();
  }

  private load(): Promise<TsReferenceSyntax> {
    this.syntax ??= import('./reference-roles.js').then(({ TsReferenceSyntax: Syntax }) => new Syntax());
    return this.syntax;
  }
}
