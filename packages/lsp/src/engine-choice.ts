import { existsSync } from 'node:fs';
import path from 'node:path';
import { isCnError, type EngineMode } from '@cn/core';
import type { EngineAdapter } from './engine-adapter.js';
import { nativeAdapter } from './native-adapter.js';
import { locateNative } from './native-installation.js';
import { configDeclaring, readConfigChain } from './config-graph.js';
import { walkSourceTree } from './source-tree.js';
import { locateTsserver, projectTsserverPath, tsserverAdapter } from './tsserver-adapter.js';

/** The engine that answers for a root, what was asked, and why (auto). */
export interface EngineChoice {
  adapter: EngineAdapter;
  mode: EngineMode;
  reason?: string;
  /** The user trusts the project's code (its TypeScript, its tsserver plugins): CN_TRUST_PROJECT, --trust-project. */
  trustProject: boolean;
}

/**
 * `tsserver`, `native`, or `auto`: native unless the project needs what only tsserver gives. Measured
 * with typescript@7.0.2 (docs/architecture.md, "Engines"): language-service plugins (the native
 * server loads none), `baseUrl` (removed: bare imports resolved through it stay unresolved, and
 * `paths` resolve from the config instead), classic module resolution (removed). Options TypeScript 7
 * only reports (target ES5, moduleResolution node10 …) do not change navigation and keep native. Plugins count only
 * where they would run: with the project's own TypeScript, which runs only when the user trusts the project.
 */
export function chooseEngine(root: string, mode: EngineMode, trustProject = false): EngineChoice {
  const tsserver = () => tsserverAdapter(locateTsserver(root, trustProject));
  if (mode === 'tsserver') return { adapter: tsserver(), mode, trustProject };
  if (mode === 'native') return { adapter: nativeAdapter(locateNative()), mode, trustProject };
  let native;
  try {
    native = locateNative();
  } catch (error) {
    if (!isCnError(error)) throw error;
    return { adapter: tsserver(), mode, reason: error.message, trustProject };
  }
  const pluginsRun = trustProject && existsSync(projectTsserverPath(root));
  const needs = tsserverNeeds(root, pluginsRun);
  if (needs) return { adapter: tsserver(), mode, reason: needs, trustProject };
  return { adapter: nativeAdapter(native), mode, reason: 'no tsconfig/jsconfig needs tsserver', trustProject };
}

interface Options {
  plugins?: unknown;
  baseUrl?: unknown;
  paths?: unknown;
  module?: unknown;
  moduleResolution?: unknown;
}

/**
 * The first config option under the root that only tsserver honours, said as a reason; undefined when none. Plugins
 * are one only when they would run (`pluginsRun`: the project's own TypeScript, trusted).
 */
export function tsserverNeeds(root: string, pluginsRun = true): string | undefined {
  for (const config of walkSourceTree(root).configs) {
    const relative = path.relative(root, config).split(path.sep).join('/');
    const effective = effectiveOptions(config);
    if (!effective) continue;
    const { options, declaredIn } = effective;
    const plugins = Array.isArray(options.plugins) ? options.plugins : [];
    if (plugins.length > 0 && pluginsRun) {
      const names = plugins.map((plugin) => (plugin as { name?: unknown })?.name).filter((name) => name);
      return `${relative} loads language-service plugins (${names.join(', ') || 'compilerOptions.plugins'}), which only tsserver runs`;
    }
    if (typeof options.baseUrl === 'string') {
      const baseUrl = path.resolve(path.dirname(declaredIn.baseUrl ?? config), options.baseUrl);
      const pathsFrom = declaredIn.paths && path.dirname(declaredIn.paths);
      if (!options.paths || baseUrl !== pathsFrom)
        return `${relative} resolves imports through baseUrl, which TypeScript 7 removed`;
    }
    const resolution = typeof options.moduleResolution === 'string' ? options.moduleResolution.toLowerCase() : '';
    const moduleKind = typeof options.module === 'string' ? options.module.toLowerCase() : '';
    if (resolution === 'classic' || (!resolution && ['amd', 'umd', 'system', 'none'].includes(moduleKind)))
      return `${relative} uses classic module resolution, which TypeScript 7 removed`;
  }
  return undefined;
}

/**
 * compilerOptions after `extends` (bases first), and which config declared baseUrl and paths; undefined for a config
 * cn keeps from the engines (config-graph.ts: it decides nothing).
 */
function effectiveOptions(
  config: string,
): { options: Options; declaredIn: Partial<Record<keyof Options, string>> } | undefined {
  const { chain, problem } = readConfigChain(config);
  if (problem) return undefined;
  const options: Options = {};
  for (const link of chain) Object.assign(options, link.json.compilerOptions ?? {});
  const declaredIn: Partial<Record<keyof Options, string>> = {};
  for (const key of ['baseUrl', 'paths'] as const) {
    const declaring = configDeclaring(chain, key);
    if (declaring) declaredIn[key] = declaring;
  }
  return { options, declaredIn };
}
