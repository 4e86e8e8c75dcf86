import path from 'node:path';
import type { ConfigErrorReport, EngineDiagnostic } from '@cn/core';
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
