import { existsSync } from 'node:fs';
import path from 'node:path';
import { isCnError, type EngineMode } from '@cn/core';
import type { EngineAdapter } from './engine-adapter.js';
import { nativeAdapter } from './native-adapter.js';
import { locateNative } from './native-installation.js';
import { configDeclaring, readConfigChain } from './config-graph.js';
import { isSampleConfig, weighConfigs } from './config-weights.js';
import { stampedWalk } from './file-set-monitor.js';
import { walkSourceTree, type SourceTree } from './source-tree.js';
import { locateTsserver, projectTsserverPath, tsserverAdapter } from './tsserver-adapter.js';

/** The engine that answers for a root, what was asked, and why (auto). */
export interface EngineChoice {
  adapter: EngineAdapter;
  mode: EngineMode;
  reason?: string;
  /** The user trusts the project's code (its TypeScript, its tsserver plugins): CN_TRUST_PROJECT, --trust-project. */
  trustProject: boolean;
  /** auto: the other engine, for a root where the chosen one keeps crashing (engine-life.ts). */
  fallback?: () => EngineAdapter;
  /** The configs with an option only tsserver honours (auto and native): what native answers without. */
  needs?: ConfigNeed[];
  /**
   * The root's tree as the choice walked it (auto and native), each directory stamped before it was listed: the first
   * session starts from it instead of walking again (typeorm: ~60 ms more before the engine could begin to load).
   */
  tree?: SourceTree;
}

/** A config with an option only tsserver honours, and how much of the project it holds. */
export interface ConfigNeed {
  /** Relative to the root, '/'-separated. */
  config: string;
  /** `plugins`, `baseUrl` or `classic module resolution`. */
  option: string;
  /** `tsconfig.json resolves imports through baseUrl, which TypeScript 7 removed`. */
  reason: string;
  /** The source files it holds (config-weights.ts). */
  files: number;
  /** Under a fixtures or examples directory: it decides nothing. */
  sample: boolean;
}

/**
 * auto takes tsserver only when the configs that need it hold at least this share of the root's source files:
 * vitest's test/ui/tsconfig.json (baseUrl, 43 of 2,318 files) made every answer of the repository tsserver's (warm
 * find ~1 s, first overview 55 s) for a directory of UI tests.
 */
const TSSERVER_SHARE = 0.1;

/**
 * `tsserver`, `native`, or `auto`: native unless the projects that matter need what only tsserver gives. Measured
 * with typescript@7.0.2 (docs/architecture.md, "Engines"): language-service plugins (the native
 * server loads none), `baseUrl` (removed: bare imports resolved through it stay unresolved, and
 * `paths` resolve from the config instead), classic module resolution (removed). Options TypeScript 7
 * only reports (target ES5, moduleResolution node10 …) do not change navigation and keep native. Plugins count only
 * where they would run: with the project's own TypeScript, which runs only when the user trusts the project. The
 * projects that matter: configs outside fixtures and examples directories, holding a tenth of the source files
 * between them (one engine answers a whole root).
 */
export function chooseEngine(root: string, mode: EngineMode, trustProject = false): EngineChoice {
  const tsserver = () => tsserverAdapter(locateTsserver(root, trustProject));
  if (mode === 'tsserver') return { adapter: tsserver(), mode, trustProject };
  const pluginsRun = trustProject && existsSync(projectTsserverPath(root));
  if (mode === 'native') {
    const adapter = nativeAdapter(locateNative());
    const { needs, tree } = projectNeeds(root, pluginsRun);
    return { adapter, mode, trustProject, needs, tree };
  }
  let native;
  try {
    native = locateNative();
  } catch (error) {
    if (!isCnError(error)) throw error;
    return { adapter: tsserver(), mode, reason: error.message, trustProject };
  }
  const weighed = projectNeeds(root, pluginsRun);
  const verdict = weighNeeds(weighed);
  const { needs, tree } = weighed;
  if (verdict.engine === 'tsserver')
    return {
      adapter: tsserver(),
      mode,
      reason: verdict.reason,
      trustProject,
      needs,
      tree,
      fallback: () => nativeAdapter(native),
    };
  return {
    adapter: nativeAdapter(native),
    mode,
    reason: verdict.reason,
    trustProject,
    needs,
    tree,
    fallback: tsserver,
  };
}

/**
 * Every config under the root with an option only tsserver honours, weighed, the root's source files, and the tree
 * walked for them (stamped: a session may start from it).
 */
export function projectNeeds(
  root: string,
  pluginsRun: boolean,
): { needs: ConfigNeed[]; sourceFiles: number; tree: SourceTree } {
  const tree = stampedWalk(root);
  const weights = weighConfigs(tree);
  const needs: ConfigNeed[] = [];
  for (const config of tree.configs) {
    const need = configNeed(root, config, pluginsRun);
    if (need) needs.push({ ...need, files: weights.filesOf(config), sample: isSampleConfig(need.config) });
  }
  return { needs, sourceFiles: weights.sourceFiles, tree };
}

/**
 * auto's verdict, and the reason cn status gives: tsserver when the configs that need it, fixtures and examples aside,
 * hold a tenth of the source files (any share when the root has none), named by the one holding most.
 */
export function weighNeeds({ needs, sourceFiles }: { needs: ConfigNeed[]; sourceFiles: number }): {
  engine: 'native' | 'tsserver';
  reason: string;
} {
  if (needs.length === 0) return { engine: 'native', reason: 'no tsconfig/jsconfig needs tsserver' };
  const deciding = needs.filter((need) => !need.sample);
  const held = deciding.reduce((sum, need) => sum + need.files, 0);
  const count = (files: number) => files.toLocaleString('en-US');
  const share = `the configs that need tsserver hold ${count(held)} of ${count(sourceFiles)} source files`;
  if (deciding.length > 0 && (sourceFiles === 0 || held >= TSSERVER_SHARE * sourceFiles)) {
    const heaviest = deciding.reduce((most, need) => (need.files > most.files ? need : most));
    return { engine: 'tsserver', reason: held < sourceFiles ? `${heaviest.reason} (${share})` : heaviest.reason };
  }
  const named = needs.slice(0, 2).map((need) => `${need.config}: ${need.option}`);
  const more = needs.length > named.length ? ` and ${needs.length - named.length} more` : '';
  const why =
    deciding.length === 0
      ? 'only configs under fixtures or examples directories need tsserver'
      : `${share}, under a tenth`;
  return { engine: 'native', reason: `${why} (${named.join(', ')}${more}): native answers them without it` };
}

/** The first config option under the root that only tsserver honours, said as a reason; undefined when none. */
export function tsserverNeeds(root: string, pluginsRun = true): string | undefined {
  for (const config of walkSourceTree(root).configs) {
    const need = configNeed(root, config, pluginsRun);
    if (need) return need.reason;
  }
  return undefined;
}

interface Options {
  plugins?: unknown;
  baseUrl?: unknown;
  paths?: unknown;
  module?: unknown;
  moduleResolution?: unknown;
}

/**
 * The option of this config that only tsserver honours, if any. Plugins are one only when they would run (`pluginsRun`:
 * the project's own TypeScript, trusted).
 */
function configNeed(
  root: string,
  config: string,
  pluginsRun: boolean,
): Pick<ConfigNeed, 'config' | 'option' | 'reason'> | undefined {
  const relative = path.relative(root, config).split(path.sep).join('/');
  const effective = effectiveOptions(config);
  if (!effective) return undefined;
  const { options, declaredIn } = effective;
  const plugins = Array.isArray(options.plugins) ? options.plugins : [];
  if (plugins.length > 0 && pluginsRun) {
    const names = plugins.map((plugin) => (plugin as { name?: unknown })?.name).filter((name) => name);
    const reason = `${relative} loads language-service plugins (${names.join(', ') || 'compilerOptions.plugins'}), which only tsserver runs`;
    return { config: relative, option: 'plugins', reason };
  }
  if (typeof options.baseUrl === 'string') {
    const baseUrl = path.resolve(path.dirname(declaredIn.baseUrl ?? config), options.baseUrl);
    const pathsFrom = declaredIn.paths && path.dirname(declaredIn.paths);
    if (!options.paths || baseUrl !== pathsFrom)
      return {
        config: relative,
        option: 'baseUrl',
        reason: `${relative} resolves imports through baseUrl, which TypeScript 7 removed`,
      };
  }
  const resolution = typeof options.moduleResolution === 'string' ? options.moduleResolution.toLowerCase() : '';
  const moduleKind = typeof options.module === 'string' ? options.module.toLowerCase() : '';
  if (resolution === 'classic' || (!resolution && ['amd', 'umd', 'system', 'none'].includes(moduleKind)))
    return {
      config: relative,
      option: 'classic module resolution',
      reason: `${relative} uses classic module resolution, which TypeScript 7 removed`,
    };
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
