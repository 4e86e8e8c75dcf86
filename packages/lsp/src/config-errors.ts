import path from 'node:path';
import type { ConfigErrorReport, EngineDiagnostic } from '@cn/core';
import { statWithStamp, type FileStamp } from './file-stamp.js';
import type { ConfigError } from './project-layout.js';

/** For cn status: config paths relative to the root, '/'-separated. */
export function configErrorReports(root: string, errors: ConfigError[]): ConfigErrorReport[] {
  return errors.map(({ configPath, line, character, code, message, keptFromEngine }) => ({
    file: path.relative(root, configPath).split(path.sep).join('/'),
    line,
    character,
    code,
    message,
    ...(keptFromEngine ? { keptFromEngine } : {}),
  }));
}

/** For cn diagnostics: each config error as an error diagnostic of the config file. */
export function configErrorDiagnostics(errors: ConfigError[]): EngineDiagnostic[] {
  return errors.map(({ configPath, line, character, code, message }) => ({
    filePath: configPath,
    range: { start: { line, character }, end: { line, character } },
    severity: 'error',
    code,
    message,
  }));
}

/** The configs a session cannot load (tsc cannot read them, or cn keeps them from the engine), and their stamps. */
export class BrokenConfigs {
  errors: ConfigError[] = [];
  /** Their stamps when noted: once one is edited (fixed, probably), a fresh session loads it. */
  private stamps = new Map<string, FileStamp | undefined>();

  async note(errors: ConfigError[], log: (line: string) => void): Promise<void> {
    this.errors = errors;
    const configs = [...new Set(errors.map((error) => error.configPath))];
    this.stamps = new Map(
      await Promise.all(configs.map(async (config) => [config, (await statWithStamp(config))?.stamp] as const)),
    );
    for (const error of errors)
      log(
        `cn: ${error.configPath}:${error.line}:${error.character}: ${error.message} (${error.code}); its project is not loaded`,
      );
  }

  async edited(): Promise<boolean> {
    for (const [config, stamp] of this.stamps) if ((await statWithStamp(config))?.stamp !== stamp) return true;
    return false;
  }
}
