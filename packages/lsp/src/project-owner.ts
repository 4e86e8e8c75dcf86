import path from 'node:path';
import { isInside } from '@cn/core';
import type { ConfigContents } from './project-layout.js';

const CONFIG_NAMES = ['tsconfig.json', 'jsconfig.json'];
const IN_NODE_MODULES = `${path.sep}node_modules`;

/**
 * Which project the engine gives a file: the rule of tsserver's `tryFindDefaultConfiguredProjectForOpenScriptInfo`
 * (TypeScript 5.9, editorServices.ts) and typescript-go's `defaultProjectFinder`, on the configs as cn read them.
 *
 * 1. The nearest tsconfig.json (else jsconfig.json) in the file's directory or above, up to the root; none: no project.
 * 2. That config, if it lists the file.
 * 3. Else the configs its `references` lead to, breadth first, the first that lists it.
 * 4. Else, unless the config sets `disableSolutionSearching`, steps 2-4 again from the nearest config above the
 *    config's own directory (an ancestor: a solution, or a root config covering every file).
 *
 * "Lists" is the config's own file list (`files`/`include`/`exclude`): the engines also count a file the program pulls
 * in through an import, which only a built program knows. tsserver looks for a jsconfig.json beside an ancestor
 * tsconfig.json before moving up; typescript-go does not, and neither does this (a directory holding both is rare).
 *
 * One place for the rule: the import graph resolves each file's imports with its owner's options
 * (navigation/project-modules.ts), and whatever else must see a file as its engine sees it asks here.
 */
export class ProjectOwners {
  private readonly listed = new Map<string, Set<string>>();
  private readonly nearestByDirectory = new Map<string, string | undefined>();

  /**
   * @param configs every config read (absolute path → what it says), as project discovery read them; a config missing
   *   here (broken JSON, kept from the engine) lists nothing, and the search goes on past it, as the engines do.
   * @param root the search stops here, as both engines stop at the workspace root they were given.
   */
  constructor(
    private readonly configs: ReadonlyMap<string, ConfigContents>,
    private readonly root: string,
  ) {
    for (const [config, contents] of configs) this.listed.set(config, new Set(contents.files));
  }

  /** The owning config's absolute path; undefined when the engine would give the file no configured project. */
  ownerOf(file: string): string | undefined {
    const seen = new Set<string>();
    for (let config = this.nearestConfig(path.dirname(file)); config !== undefined; config = this.ancestorOf(config)) {
      const found = this.listingIn(config, file, seen);
      if (found) return found;
    }
    return undefined;
  }

  /** The config itself, else the first of its references (breadth first) that lists the file. */
  private listingIn(config: string, file: string, seen: Set<string>): string | undefined {
    const queue = [config];
    while (queue.length > 0) {
      const next = queue.shift()!;
      if (seen.has(next)) continue;
      seen.add(next);
      if (this.listed.get(next)?.has(file)) return next;
      queue.push(...(this.configs.get(next)?.references ?? []));
    }
    return undefined;
  }

  private ancestorOf(config: string): string | undefined {
    if (this.configs.get(config)?.options?.disableSolutionSearching === true) return undefined;
    const directory = path.dirname(config);
    return directory === this.root ? undefined : this.nearestConfig(path.dirname(directory));
  }

  /** The config named tsconfig.json or jsconfig.json in the directory or the nearest above it, within the root. */
  private nearestConfig(directory: string): string | undefined {
    if (this.nearestByDirectory.has(directory)) return this.nearestByDirectory.get(directory);
    let found: string | undefined;
    const candidates = CONFIG_NAMES.map((name) => path.join(directory, name));
    const here = candidates.find((candidate) => this.configs.has(candidate));
    if (here) found = here;
    else if (directory !== this.root && !directory.endsWith(IN_NODE_MODULES) && isInside(this.root, directory))
      found = this.nearestConfig(path.dirname(directory));
    this.nearestByDirectory.set(directory, found);
    return found;
  }
}
