import type { WorkspaceSymbolHit } from '@cn/core';

/**
 * Each indexed file's names, and all of them as one list with their lowercased spellings, made again only after a
 * file's names changed: every find matched the query against typeorm's ~70,000 names, and flattening the files and
 * lowercasing each name again on each find was most of that.
 */
export class HitsByFile {
  private readonly byFile = new Map<string, WorkspaceSymbolHit[]>();
  private everyHit: { hits: WorkspaceSymbolHit[]; lowerNames: string[] } | undefined;

  get(file: string): WorkspaceSymbolHit[] | undefined {
    return this.byFile.get(file);
  }

  has(file: string): boolean {
    return this.byFile.has(file);
  }

  set(file: string, hits: WorkspaceSymbolHit[]): void {
    this.byFile.set(file, hits);
    this.everyHit = undefined;
  }

  delete(file: string): void {
    if (this.byFile.delete(file)) this.everyHit = undefined;
  }

  entries(): IterableIterator<[string, WorkspaceSymbolHit[]]> {
    return this.byFile.entries();
  }

  /** Every hit whose name `matches` (told the name and its lowercased spelling), in file order. */
  matching(matches: (name: string, lowerName: string) => boolean): WorkspaceSymbolHit[] {
    if (this.everyHit === undefined) {
      const hits = [...this.byFile.values()].flat();
      this.everyHit = { hits, lowerNames: hits.map((hit) => hit.name.toLowerCase()) };
    }
    const { hits, lowerNames } = this.everyHit;
    const found: WorkspaceSymbolHit[] = [];
    for (let index = 0; index < hits.length; index++)
      if (matches(hits[index].name, lowerNames[index])) found.push(hits[index]);
    return found;
  }
}
