import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { CnError } from '@cn/core';
import { ConfigRefusal, readConfigFile } from './config-file.js';
import { stripJsonComments } from './jsonc.js';
import type { ConfigError } from './project-layout.js';
import type { SourceTree } from './source-tree.js';

/** The parts of a tsconfig cn reads itself. */
export interface ConfigJson {
  extends?: unknown;
  compilerOptions?: Record<string, unknown>;
  references?: unknown;
}

/** One config of an `extends` chain, read. */
export interface ConfigLink {
  path: string;
  json: ConfigJson;
}

/** A chain longer than this is no real project (TypeScript follows ~10 at most in practice). */
const MAX_CHAIN = 32;

/**
 * The config and every base its `extends` names, bases first (depth first, in `extends` order), each read by the
 * bounded reader; or the problem that makes cn keep the config from the engines: a file in the chain that is not a
 * regular file or is over the size cap (an engine would read `/dev/zero` until memory ran out), or a cycle
 * (TypeScript 7's server never finishes loading such a project). Broken JSON is no problem here: the engines and
 * project discovery report it. Bases that do not resolve are left to the compiler, which reports them.
 */
export function readConfigChain(config: string, stack: string[] = []): { chain: ConfigLink[]; problem?: string } {
  if (stack.includes(config))
    return {
      chain: [],
      problem: `Circularity detected while resolving configuration: ${[...stack, config].join(' -> ')}`,
    };
  if (stack.length >= MAX_CHAIN) return { chain: [], problem: `more than ${MAX_CHAIN} configs extend one another` };
  let text: string;
  try {
    text = readConfigFile(config);
  } catch (error) {
    if (error instanceof ConfigRefusal) return { chain: [], problem: `${config} ${error.message}` };
    throw error;
  }
  const json = parseConfigJson(text);
  const chain: ConfigLink[] = [];
  const bases = (Array.isArray(json.extends) ? json.extends : [json.extends]).filter(
    (base): base is string => typeof base === 'string',
  );
  for (const base of bases) {
    const basePath = resolveExtends(config, base);
    if (!basePath) continue;
    const inherited = readConfigChain(basePath, [...stack, config]);
    if (inherited.problem) return inherited;
    chain.push(...inherited.chain);
  }
  chain.push({ path: config, json });
  return { chain };
}

/** The config of a chain (readConfigChain's, bases first) that sets `option` last: the one that decides it. */
export function configDeclaring(chain: ConfigLink[], option: string): string | undefined {
  for (let index = chain.length - 1; index >= 0; index--)
    if (chain[index].json.compilerOptions?.[option] !== undefined) return chain[index].path;
  return undefined;
}

/**
 * Why cn keeps this config from the engines (readConfigChain's problem, in its chain or in a project it references,
 * transitively: an engine loads referenced projects), as a config error; undefined when it is safe to hand over.
 */
export function unsafeConfig(config: string, seen = new Set<string>()): ConfigError | undefined {
  seen.add(config);
  const { chain, problem } = readConfigChain(config);
  if (problem) {
    const message = printablePath(problem);
    return { configPath: config, line: 1, character: 1, code: problemCode(problem), message, keptFromEngine: true };
  }
  const own = chain[chain.length - 1].json;
  for (const reference of Array.isArray(own.references) ? own.references : []) {
    const target = (reference as { path?: unknown })?.path;
    if (typeof target !== 'string') continue;
    const resolved = path.resolve(path.dirname(config), target);
    const referenced = resolved.toLowerCase().endsWith('.json') ? resolved : path.join(resolved, 'tsconfig.json');
    if (seen.has(referenced) || !existsSync(referenced)) continue;
    const inner = unsafeConfig(referenced, seen);
    if (inner)
      return { ...inner, configPath: config, message: `its reference ${printablePath(referenced)}: ${inner.message}` };
  }
  return undefined;
}

/**
 * The tree with every unsafe config taken out (unsafeConfig), and with the sources whose nearest config is one of
 * them: opening such a file would make the engine look for its config and load it anyway. Their errors say why.
 */
export function withoutUnsafeConfigs(tree: SourceTree): { tree: SourceTree; refused: ConfigError[] } {
  const refused = tree.configs.flatMap((config) => unsafeConfig(config) ?? []);
  if (refused.length === 0) return { tree, refused };
  const refusedPaths = new Set(refused.map((error) => error.configPath));
  const configDirectories = new Map(tree.configs.map((config) => [path.dirname(config), config]));
  const safeSource = (source: string) => {
    const config = nearestConfig(source, configDirectories);
    return !config || !refusedPaths.has(config);
  };
  return {
    tree: {
      ...tree,
      configs: tree.configs.filter((config) => !refusedPaths.has(config)),
      sources: tree.sources.filter(safeSource),
    },
    refused,
  };
}

/**
 * The configs a session keeps from its engine, as of the last walk of the tree: the tree without them (for the
 * engine), their errors (for cn status), and the refusal of a question about a file one of them would claim.
 */
export class KeptConfigs {
  private kept = new Map<string, ConfigError>();
  private configDirectories = new Map<string, string>();

  constructor(private readonly root: string) {}

  safeTree(walked: SourceTree): SourceTree {
    const { tree, refused } = withoutUnsafeConfigs(walked);
    this.kept = new Map(refused.map((error) => [error.configPath, error]));
    this.configDirectories = new Map(walked.configs.map((config) => [path.dirname(config), config]));
    return tree;
  }

  errors(): ConfigError[] {
    return [...this.kept.values()];
  }

  /** Whether the file is a kept config or one it would own: left out of the engine's tree on purpose. */
  keeps(file: string): boolean {
    return this.kept.size > 0 && this.refusalOf(file) !== undefined;
  }

  /** A file whose config is kept from the engine: opening it would make the engine load that config after all. */
  refusalOf(file: string): CnError | undefined {
    const config = nearestConfig(file, this.configDirectories);
    const kept = config && this.kept.get(config);
    if (!kept) return undefined;
    const shown = (target: string) => path.relative(this.root, target) || target;
    return new CnError(
      'unavailable',
      `${shown(file)} belongs to ${shown(kept.configPath)}, which cn does not load: ${kept.message}`,
      'fix the config (cn status lists config errors)',
    );
  }
}

/** The config the engine would give the file: the one in its directory or the nearest above. */
export function nearestConfig(file: string, configDirectories: Map<string, string>): string | undefined {
  for (let directory = path.dirname(file); ; directory = path.dirname(directory)) {
    const config = configDirectories.get(directory);
    if (config) return config;
    if (path.dirname(directory) === directory) return undefined;
  }
}

/** TS18000 for a cycle, as tsc says it; TS5083 ("Cannot read file") for a file cn will not read. */
function problemCode(problem: string): string {
  return problem.startsWith('Circularity') ? 'TS18000' : 'TS5083';
}

/** File names are the repository's: control characters in them are shown escaped, never printed. */
function printablePath(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    out += code < 0x20 || code === 0x7f ? `\\u${code.toString(16).padStart(4, '0')}` : char;
  }
  return out;
}

function parseConfigJson(text: string): ConfigJson {
  try {
    const json: unknown = JSON.parse(stripJsonComments(text));
    return json && typeof json === 'object' ? json : {};
  } catch {
    // Broken JSON is reported by project discovery; it decides nothing here.
    return {};
  }
}

/**
 * Where `extends` leads, as the compiler resolves it: a path (with `.json` added when the file is not there), else a
 * package under a node_modules of the config's directory or above (`pkg/sub/file.json`, `pkg/sub`, or `pkg` whose
 * package.json names its `tsconfig`, else its tsconfig.json). Manifests are read by the bounded reader too.
 */
function resolveExtends(config: string, base: string): string | undefined {
  const directory = path.dirname(config);
  if (base.startsWith('.') || path.isAbsolute(base)) {
    const file = path.resolve(directory, base);
    return [file, `${file}.json`].find((candidate) => existsSync(candidate));
  }
  for (let at = directory; ; at = path.dirname(at)) {
    const target = path.join(at, 'node_modules', base);
    const found = [target, `${target}.json`].find((candidate) => existsSync(candidate) && !isDirectory(candidate));
    if (found) return found;
    if (isDirectory(target)) return path.join(target, manifestConfig(target) ?? 'tsconfig.json');
    if (path.dirname(at) === at) return undefined;
  }
}

function manifestConfig(packageDirectory: string): string | undefined {
  try {
    const manifest = JSON.parse(readConfigFile(path.join(packageDirectory, 'package.json'))) as { tsconfig?: unknown };
    return typeof manifest.tsconfig === 'string' ? manifest.tsconfig : undefined;
  } catch {
    return undefined;
  }
}

function isDirectory(file: string): boolean {
  // Symlinks followed, as the compiler's directoryExists follows them.
  return statSync(file, { throwIfNoEntry: false })?.isDirectory() ?? false;
}
