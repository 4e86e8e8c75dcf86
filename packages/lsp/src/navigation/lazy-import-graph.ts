import type { ImportGraphSource, ModuleImport } from '@cn/core';
import type { TsImportGraph } from './import-graph.js';

/**
 * The import graph needs the TypeScript compiler API in this process (~100 MB of heap); most
 * sessions never ask for `deps` or `overview`, so it is loaded on the first question that does.
 */
export class LazyImportGraph implements ImportGraphSource {
  private graph: Promise<TsImportGraph> | undefined;

  constructor(private readonly root: string) {}

  private load(): Promise<TsImportGraph> {
    this.graph ??= import('./import-graph.js').then(({ TsImportGraph: Graph }) => new Graph(this.root));
    return this.graph;
  }

  async projectFiles(fresh?: boolean): Promise<string[]> {
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
}
