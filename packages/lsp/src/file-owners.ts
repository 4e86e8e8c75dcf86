import path from 'node:path';
import { isInside } from '@cn/core';
import type { ConfigContents } from './project-layout.js';

/**
 * The config whose project owns each file the configs list (absolute paths both): the nearest config in the file's
 * directory or above it that lists the file, else the first config, in the order read, that lists it.
 *
 * A stand-in with the smallest part of the engines' rule (tsserver's tryFindDefaultConfiguredProjectForOpenScriptInfo,
 * typescript-go's defaultProjectFinder: the nearest config, then its references, then ancestors). Branch s24-imports
 * puts the whole rule in one place (`ProjectOwners`, src/project-owner.ts); once it is on main, this body becomes
 * `const owners = new ProjectOwners(configs, root)` and `owners.ownerOf(file)` per file, and this file goes.
 */
export function fileOwners(root: string, configs: ReadonlyMap<string, ConfigContents>): Record<string, string> {
  const listing = new Map<string, string[]>();
  for (const [config, contents] of configs)
    for (const file of contents.files) listing.set(file, [...(listing.get(file) ?? []), config]);
  const owners: Record<string, string> = {};
  for (const [file, listers] of listing) {
    if (!isInside(root, file)) continue;
    const nearest = listers
      .filter((config) => isInside(path.dirname(config), file))
      .sort((a, b) => b.length - a.length)[0];
    owners[file] = nearest ?? listers[0];
  }
  return owners;
}
