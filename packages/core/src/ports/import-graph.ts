/** One module specifier of a file, resolved the way the project's compiler would. */
export interface ModuleImport {
  /** As written: `./util`, `@lib/helper`, `node:path`. */
  specifier: string;
  /** Where the specifier is (1-based). */
  line: number;
  character: number;
  /** Absolute path of the project file it resolves to. */
  resolvedFile?: string;
  /** Bare package name (`rxjs`, `@scope/pkg`, `node:path`) when it resolves outside the project. */
  packageName?: string;
  /** It resolved through a tsconfig `paths` pattern (`~/*`), declared in that config (absolute). */
  alias?: { pattern: string; configPath: string };
}

/**
 * The file import graph of the project: which source files there are and what each one imports
 * (static imports, re-exports, `require()` in JS, `import('literal')`), resolved with the
 * project's own settings (paths, baseUrl, moduleResolution, extension mapping, index files).
 * Paths are absolute; answers reflect the files on disk now.
 */
export interface ImportGraphSource {
  /**
   * Every source file of the project's configs (and loose files), sorted. The layout may be reused for a moment
   * (one request asks several times); `fresh` reads the configs again now, for a caller that knows files changed.
   */
  projectFiles(fresh?: boolean): Promise<string[]>;
  importsOf(filePath: string): Promise<ModuleImport[]>;
  /** Files meant to be loaded directly: package.json main/module/bin/exports, tests, config files. */
  entryPoints(): Promise<string[]>;
}
