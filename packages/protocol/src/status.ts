/** `cn status` / `cn start` — GET /status answers at once, GET /ready once the project is loaded. */
import { z } from 'zod';

/** One error tsc reports on reading a config; `file` relative to the root. */
export const configErrorReport = z.object({
  file: z.string(),
  line: z.int(),
  character: z.int(),
  /** TS1005 … */
  code: z.string(),
  message: z.string(),
  /**
   * cn keeps this config from the engine (a file in its `extends` chain or references that is not a regular file or
   * is over 1 MB, or a cycle): its files are not answered as loose files, questions about them exit 3.
   */
  keptFromEngine: z.boolean().optional(),
});
export type ConfigErrorReport = z.infer<typeof configErrorReport>;

/** unresponsive: loaded, but a process of the language server is stopped (SIGSTOP) and answers nothing. */
export const engineState = z.enum(['starting', 'loading', 'ready', 'unresponsive', 'restarting', 'failed', 'stopped']);
export type EngineState = z.infer<typeof engineState>;

/** `tsserver`: typescript-language-server + tsserver 5.9; `native`: TypeScript 7's own language server. */
export const engineName = z.enum(['tsserver', 'native']);
export type EngineName = z.infer<typeof engineName>;
/** What was asked for: `auto` lets the daemon choose (native unless the project needs tsserver). */
export const engineMode = z.enum(['auto', ...engineName.options]);
export type EngineMode = z.infer<typeof engineMode>;
/**
 * How far a start has got, while the engine is not ready: `starting` (the language server initializes,
 * the source tree is walked), `discovering` (configs are parsed), `loading` (tsserver builds each project).
 */
export const loadingProgress = z.object({
  phase: z.enum(['starting', 'discovering', 'loading']),
  /** Projects whose program tsserver has built, of those discovered (0 of 0 until discovery ends). */
  projectsLoaded: z.int(),
  projectsTotal: z.int(),
  /** Source files under the root (0 until the tree is walked). */
  sourceFiles: z.int(),
});
export type LoadingProgress = z.infer<typeof loadingProgress>;

export const engineStatus = z.object({
  state: engineState,
  engine: engineName,
  /** The engine asked for (`--engine`, CN_ENGINE; auto when neither). */
  engineMode,
  /** Why auto chose this engine. */
  engineReason: z.string().optional(),
  /**
   * auto only: the engine it chose kept crashing on this root, so the other one answers for the whole root now
   * (`engine`); which one crashed, and how.
   */
  engineFallback: z.object({ from: engineName, reason: z.string() }).optional(),
  /**
   * Configs with an option the engine answering does not honour (TypeScript 7 removed `baseUrl` and classic module
   * resolution, and runs no language-service plugins): their files are answered without it. `files`: the source files
   * whose nearest config it is. Absent when none.
   */
  notHonoured: z.array(z.object({ config: z.string(), option: z.string(), files: z.int() })).optional(),
  /** typescript-language-server's version (tsserver engine) or typescript-go's (native). */
  serverVersion: z.string(),
  /** Version of the tsserver in use, and where it came from. */
  typescriptVersion: z.string(),
  typescriptSource: z.enum(['project', 'bundled']),
  /**
   * The user trusts the project's own code (CN_TRUST_PROJECT=1, `cn start --trust-project`): the tsserver engine then
   * runs its node_modules/typescript and the tsserver plugins its tsconfig lists. False: only cn's own TypeScript.
   */
  trustProject: z.boolean(),
  /** tsconfig/jsconfig projects the engine loaded, relative to the root. */
  projects: z.array(z.string()),
  /** Source files outside any config that are kept open so JS without a jsconfig still works. */
  looseFiles: z.int(),
  /**
   * Loose files past cn's cap (10,000), not loaded by the engine nor read by cn: every project-wide answer says it is
   * incomplete while there are any. Absent when none.
   */
  looseFilesLeftOut: z.int().optional(),
  restarts: z.int(),
  lastError: z.string().optional(),
  /** tsconfig/jsconfig files tsc cannot read (broken JSON); their projects are not loaded. Absent when none. */
  configErrors: z.array(configErrorReport).optional(),
  /** While starting, loading or restarting: how far it has got (cn prints it on a terminal). */
  progress: loadingProgress.optional(),
});
export type EngineStatus = z.infer<typeof engineStatus>;

/** One process of the daemon's tree: the daemon, typescript-language-server, tsserver(s), project discovery. */
export const processMemory = z.object({
  pid: z.int(),
  name: z.string(),
  /** Resident memory. */
  rssBytes: z.int(),
});
export type ProcessMemory = z.infer<typeof processMemory>;

// The daemon's own fields first, then the engine's: the order `cn status --format json` prints.
export const statusResponse = z.object({
  running: z.literal(true),
  pid: z.int(),
  port: z.int(),
  root: z.string(),
  version: z.string(),
  startedAt: z.string(),
  uptimeSeconds: z.number(),
  /** The daemon process alone. */
  rssBytes: z.int(),
  /** The daemon and every process under it: what the project costs in memory. */
  treeRssBytes: z.int(),
  /** Each of them, the daemon first. */
  processes: z.array(processMemory),
  logFile: z.string(),
  /** Minutes without requests before the daemon stops itself; 0 = never. */
  idleMinutes: z.number(),
  /** tsserver's memory ceiling in MB, when one was set. */
  maxTsServerMemory: z.number().optional(),
  ...engineStatus.shape,
});
export type StatusResponse = z.infer<typeof statusResponse>;

/** `cn status` when the port file's daemon process is alive but does not answer (stopped, hung). */
export interface UnresponsiveStatus {
  running: true;
  responding: false;
  pid: number;
  port: number;
  root: string;
}

/**
 * `cn status` when no daemon of ours runs for the root; `stalePortFile` when there is a port file all the same
 * (one no daemon's private record vouches for, or whose daemon is gone: docs/daemon.md). cn stop removes it.
 */
export interface NotRunningStatus {
  running: false;
  root: string;
  stalePortFile?: true;
}

/** POST /shutdown: the daemon answers, then stops. */
export const shutdownResponse = z.object({ stopping: z.literal(true) });
export type ShutdownResponse = z.infer<typeof shutdownResponse>;
