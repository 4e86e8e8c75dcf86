import type { ImportGraphSource, ModuleImport } from '@cn/core';
import type { TsImportGraph } from './import-graph.js';
import {
  currentProjectFiles,
  readSavedProjectFiles,
  saveProjectFiles,
  type SavedFilesPlace,
} from './saved-project-files.js';

/**
 * The import graph needs the TypeScript compiler API in this process (~40 MB, ~0.25 s to load on a 2-core VM); most
 * sessions never ask for `deps` or `overview`, so it is loaded on the first question that does. A `cn find` needs only
 * the project's file list (the files a word is looked for in): when `saved` holds the list an earlier daemon read, and
 * nothing it was read from has changed (saved-project-files.ts), that list is the answer and the compiler API stays
 * unloaded.
 */
export class LazyImportGraph implements ImportGraphSource {
  private graph: Promise<TsImportGraph> | undefined;
  private loaded: TsImportGraph | undefined;
  /** The saved list as read, until it is found out of date (then never again in this daemon). */
  private saved: ReturnType<typeof readSavedProjectFiles> | undefined;

  constructor(
    private readonly root: string,
    private readonly place?: SavedFilesPlace,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  private load(): Promise<TsImportGraph> {
    this.graph ??= import('./import-graph.js').then(({ TsImportGraph: Graph }) => (this.loaded = new Graph(this.root)));
    return this.graph;
  }

  async projectFiles(fresh?: boolean): Promise<string[]> {
    if (this.graph === undefined) {
      const saved = this.savedFiles();
      if (saved) return saved;
    }
    return (await this.load()).projectFiles(fresh);
  }

  /** What an answer built on the graph depends on (TsImportGraph.inputFiles): the answer cache's version. */
  async inputFiles(): Promise<string[]> {
    return (await this.load()).inputFiles();
  }

  async importsOf(filePath: string): Promise<ModuleImport[]> {
    return (await this.load()).importsOf(filePath);
  }

  async entryPoints(): Promise<string[]> {
    return (await this.load()).entryPoints();
  }

  /** Keeps the list this daemon read for the next one (on the way out); one taken from the saved file stays as is. */
  save(): void {
    const listing = this.loaded?.lastListing();
    if (!this.place || !listing) return;
    try {
      const unsaved = saveProjectFiles(this.place, listing);
      if (unsaved) this.log(`cn: the project's file list is not kept: ${unsaved}`);
    } catch (error) {
      this.log(`cn: the project's file list could not be saved: ${(error as Error).message}`);
    }
  }

  /** The saved list, checked against the project as it is now, or undefined (said once in the log). */
  private savedFiles(): string[] | undefined {
    if (!this.place) return undefined;
    if (this.saved === undefined) {
      this.saved = readSavedProjectFiles(this.place);
      this.log(
        'unused' in this.saved
          ? `cn: saved project file list not used: ${this.saved.unused}`
          : `cn: saved project file list read (${this.saved.files.length} files)`,
      );
    }
    if ('unused' in this.saved) return undefined;
    const current = currentProjectFiles(this.place, this.saved);
    if (!('unused' in current)) return current;
    this.log(`cn: saved project file list not used: ${current.unused}`);
    this.saved = current;
    return undefined;
  }
}
