import type { ConfigErrorReport } from '../ports/code-intelligence.js';

/** `tsconfig.json:7:5: ',' expected. (TS1005)`: how a config error is told in one line. */
export function describeConfigError(error: ConfigErrorReport): string {
  return `${error.file}:${error.line}:${error.character}: ${error.message} (${error.code})`;
}

/** The stderr warning for a project with config errors: the first one, how many more, what it means. */
export function configErrorsWarning(errors: ConfigErrorReport[]): string | undefined {
  if (errors.length === 0) return undefined;
  const more = errors.length > 1 ? ` and ${errors.length - 1} more` : '';
  const meaning = errors[0].keptFromEngine
    ? 'cn keeps this config from the engine: questions about its files exit 3'
    : 'the project of a config tsc cannot read is not loaded: its files are answered as loose files';
  return `${describeConfigError(errors[0])}${more} - ${meaning} (cn status lists config errors)`;
}
