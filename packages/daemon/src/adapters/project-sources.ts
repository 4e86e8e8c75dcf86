import { projectFilesInRoot, type ImportGraphSource, type ProjectSources, type SourceFiles } from '@cn/core';
import { FileSetMonitor, FreshEnoughRefresh, questionStat, stampOf, stampedWalk, type FileStamp } from '@cn/lsp';
import type { KnownStamps } from './stamps-on-connect.js';

/**
 * The project's source files for `cn search` and `cn grep`: the list every project-wide answer uses (the configs'
 * files and the loose ones, inside the root), listed again only when the file-set monitor sees a file created,
 * deleted or renamed, or a config created, deleted or edited; listing parses every config (~150 ms on effect),
 * checking directory and config stamps costs a few.
 */
export class NodeProjectSources implements ProjectSources {
  private watch: { monitor: FileSetMonitor; configs: string[]; configStamps: Array<string | undefined> } | undefined;
  private listed: string[] | undefined;
  /** A check of the file set and the list, shared by the questions in flight that arrived before it started. */
  private readonly listing = new FreshEnoughRefresh<string[]>(
    () => this.list(),
    () => true,
    () => this.known?.freshSince(),
    () => performance.now(),
  );

  constructor(
    private readonly root: string,
    private readonly importGraph: Pick<ImportGraphSource, 'projectFiles'>,
    private readonly sourceFiles: Pick<SourceFiles, 'filesInsideRoot'>,
    /** Stamps taken when the question's connection arrived (stamps-on-connect.ts), used instead of checking again. */
    private readonly known?: KnownStamps,
  ) {}

  async files(): Promise<string[]> {
    return this.known?.files() ?? this.checkedFiles();
  }

  /**
   * The last listing, if nothing was created, deleted or renamed and no config changed since; undefined when nothing
   * was listed yet or something changed (the next question lists again). Records nothing: a look, not a check.
   */
  async listedIfUnchanged(): Promise<string[] | undefined> {
    const { watch, listed } = this;
    if (watch === undefined || listed === undefined || this.listing.running) return undefined;
    if (!(await watch.monitor.unchanged(this.known?.freshSince()))) return undefined;
    if (statStamps(watch.configs).some((stamp, index) => stamp !== watch.configStamps[index])) return undefined;
    return this.watch === watch && this.listed === listed ? listed : undefined;
  }

  /**
   * The list after checking the file set now, or after a check that started since every question in flight arrived.
   * Concurrent questions share one check.
   */
  private checkedFiles(): Promise<string[]> {
    return this.listing.get();
  }

  async stamps(files: readonly string[]): Promise<Array<string | undefined>> {
    const known = this.known;
    if (known === undefined) return statStamps(files);
    return files.map((file) => {
      const stamp = known.stamp(file);
      return stamp === undefined ? statStamps([file])[0] : (stamp ?? undefined);
    });
  }

  private async list(): Promise<string[]> {
    if (this.watch === undefined || (await this.changed(this.watch))) {
      // A new or deleted config may bring directories the monitor does not watch yet: walk again, each directory
      // stamped before it is listed (a file created during the walk is then seen by the next check).
      const tree = stampedWalk(this.root);
      this.watch = {
        monitor: await FileSetMonitor.watch(tree),
        configs: tree.configs,
        configStamps: statStamps(tree.configs),
      };
      this.listed = undefined;
    }
    // Fresh: the import graph may hold a layout read a moment ago, before the change.
    this.listed ??= await projectFilesInRoot(this.importGraph, this.sourceFiles, true);
    return this.listed;
  }

  private async changed(watch: NonNullable<NodeProjectSources['watch']>): Promise<boolean> {
    const change = await watch.monitor.check(this.known?.freshSince());
    if (change.configsChanged || change.addedSources.length > 0 || change.removedSources.length > 0) return true;
    const configStamps = statStamps(watch.configs);
    return configStamps.some((stamp, index) => stamp !== watch.configStamps[index]);
  }
}

/**
 * Synchronous stats (a promise per file cost more than the stat: every file is stamped on every search), shared with
 * the other readers of the questions in flight (question-stats.ts).
 */
export function statStamps(files: readonly string[]): Array<FileStamp | undefined> {
  return files.map((file) => {
    const stats = questionStat(file);
    return stats?.isFile() ? stampOf(stats) : undefined;
  });
}
