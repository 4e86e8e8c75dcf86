import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { readConfigFile } from './config-file.js';
import path from 'node:path';
import { discoverInWorker } from './discover-in-worker.js';
import { stripJsonComments } from './jsonc.js';
import { assembleLayout, type ConfigContents, type ProjectLayout } from './project-layout.js';
import type { SourceTree } from './source-tree.js';

/** Configs read at once (each a short native process: ~40 ms of CPU for rxjs's). */
const READ_WIDTH = 4;
const SHOW_CONFIG_TIMEOUT_MS = 30_000;

/**
 * The projects under the root as the native compiler reads their configs (`tsc --showConfig`: the
 * config after `extends`, with its file list expanded), so the native engine starts without the
 * TypeScript 5.9 discovery process, whose module load alone took longer than the native server's
 * whole project load (1.4–7.6 s vs 0.4–1.6 s on the shared machine). A config that is not valid
 * JSON (with comments) is left to that discovery, which reports its errors exactly as tsc does.
 */
export async function discoverNatively(
  binary: string,
  root: string,
  maxLooseFiles: number,
  tree: SourceTree,
): Promise<ProjectLayout> {
  const contents = new Map<string, ConfigContents>();
  const queue = [...tree.configs];
  const seen = new Set(queue);
  let broken = false;
  const work = async () => {
    for (let config = queue.shift(); config !== undefined && !broken; config = queue.shift()) {
      const read = await showConfig(binary, config);
      if (!read) {
        broken = true;
        return;
      }
      contents.set(config, read);
      for (const referenced of read.references)
        if (!seen.has(referenced)) {
          seen.add(referenced);
          queue.push(referenced);
        }
    }
  };
  // References discovered late are read by whichever reader is still going, or by the loop below.
  while (queue.length > 0 && !broken) await Promise.all(Array.from({ length: READ_WIDTH }, work));
  if (broken) return discoverInWorker(root, maxLooseFiles, tree);
  return assembleLayout(root, maxLooseFiles, tree, (config) => contents.get(config));
}

/** The config's files and references, or undefined when it is not valid JSON or tsc cannot show it. */
async function showConfig(binary: string, config: string): Promise<ConfigContents | undefined> {
  try {
    JSON.parse(stripJsonComments(readConfigFile(config)));
  } catch {
    return undefined;
  }
  const directory = path.dirname(config);
  const output = await new Promise<string | undefined>((resolve) =>
    execFile(
      binary,
      ['--showConfig', '-p', config],
      { cwd: directory, timeout: SHOW_CONFIG_TIMEOUT_MS, maxBuffer: 256 * 1024 * 1024 },
      (error, stdout) => resolve(error ? undefined : stdout),
    ),
  );
  if (output === undefined) return undefined;
  let shown: { files?: unknown; references?: unknown };
  try {
    shown = JSON.parse(output) as typeof shown;
  } catch {
    return undefined;
  }
  const files = (Array.isArray(shown.files) ? shown.files : [])
    .filter((file): file is string => typeof file === 'string')
    .map((file) => path.resolve(directory, file));
  const references = await Promise.all(
    (Array.isArray(shown.references) ? shown.references : [])
      .map((reference) => (reference as { path?: unknown })?.path)
      .filter((reference): reference is string => typeof reference === 'string')
      .map((reference) => referencedConfig(path.resolve(directory, reference))),
  );
  return { files, references };
}

/** A reference names a config file or the directory of its tsconfig.json. */
async function referencedConfig(target: string): Promise<string> {
  const stats = await stat(target).catch(() => undefined);
  return stats?.isDirectory() ? path.join(target, 'tsconfig.json') : target;
}
