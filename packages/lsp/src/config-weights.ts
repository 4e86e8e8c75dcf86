import path from 'node:path';
import { isDeclarationFile } from '@cn/core';
import { readConfigChain } from './config-graph.js';
import type { SourceTree } from './source-tree.js';

/** Directories of sample code: a config under one (a test fixture, an example app) does not decide the engine. */
const SAMPLE_DIRECTORIES = new Set(['fixture', 'fixtures', '__fixtures__', 'example', 'examples']);

/** Whether a config (relative to the root, '/'-separated) lies under a fixtures or examples directory. */
export function isSampleConfig(relativeConfig: string): boolean {
  return relativeConfig
    .split('/')
    .slice(0, -1)
    .some((segment) => SAMPLE_DIRECTORIES.has(segment.toLowerCase()));
}

/**
 * How many of the root's source files (declarations aside) each config holds: those whose nearest config it is, as
 * both engines give an opened file to the nearest config, read before any project is (so not the whole owner rule of
 * project-owner.ts). A solution config that lists no files (`"files": []` or `"include": []`) holds none: its files go
 * to the next config up.
 */
export function weighConfigs(tree: SourceTree): { filesOf: (config: string) => number; sourceFiles: number } {
  const holders = new Map(
    tree.configs.filter((config) => !listsNothing(config)).map((config) => [path.dirname(config), config]),
  );
  const counts = new Map<string, number>();
  let sourceFiles = 0;
  for (const file of tree.sources) {
    if (isDeclarationFile(file)) continue;
    sourceFiles += 1;
    for (let directory = path.dirname(file); ; directory = path.dirname(directory)) {
      const holder = holders.get(directory);
      if (holder) {
        counts.set(holder, (counts.get(holder) ?? 0) + 1);
        break;
      }
      if (path.dirname(directory) === directory) break;
    }
  }
  return { filesOf: (config) => counts.get(config) ?? 0, sourceFiles };
}

/** A solution-style config: it lists no files of its own (`"files": []`, `"include": []`), only references. */
export function listsNothing(config: string): boolean {
  const own = readConfigChain(config).chain.at(-1)?.json as { files?: unknown; include?: unknown } | undefined;
  const empty = (value: unknown) => Array.isArray(value) && value.length === 0;
  return (
    (empty(own?.files) && (own?.include === undefined || empty(own.include))) ||
    (empty(own?.include) && own?.files === undefined)
  );
}
