import type { CAC, Command } from 'cac';
import type { AnswerFormat } from '@cn/core';
import { DEFAULT_TIMEOUT_MS } from './run.js';
import { scopeOf } from './command-scope.js';

/** What each format is, as `--format` help lists it. */
const FORMAT_HELP: Record<AnswerFormat, string> = {
  json: 'json (the default: one line)',
  text: 'text (for people)',
  compact: 'compact (fewest tokens)',
  ids: 'ids (one per line, for pipes)',
  tree: 'tree (the graph as a tree)',
  files: 'files (one file per line)',
};

const ROOT_HELP = 'Project root (default: nearest ancestor with tsconfig.json, jsconfig.json, package.json or .git)';
const TIMEOUT_HELP = `Give up on the daemon after this many milliseconds (default ${DEFAULT_TIMEOUT_MS})`;
const QUIET_HELP = 'No progress line while a cold start loads the project (shown only when stderr is a terminal)';

/** The global options, registered on cac once; each command's help shows the ones it honours. */
export function registerGlobalOptions(cli: CAC): void {
  cli
    .option('--root <dir>', ROOT_HELP)
    .option(
      '--format <format>',
      `Output: ${Object.values(FORMAT_HELP).join(', ')}; each command's --help lists its own`,
    )
    .option('--timeout <ms>', TIMEOUT_HELP)
    .option('--quiet', QUIET_HELP);
}

type Section = { title?: string; body: string };

/**
 * cac's help with its Options section rewritten: a command lists its own options, then only the global
 * options it honours (its formats named), and no cac `(default: …)` suffix — which printed `--no-refs …
 * (default: true)`, read as "references are off by default".
 */
export function helpSections(cli: CAC, sections: Section[]): Section[] {
  const command = cli.matchedCommand;
  const options = command ? commandOptions(cli, command) : globalOptions(cli);
  const width = Math.max(...options.map(([name]) => name.length));
  const body = options.map(([name, description]) => `  ${name.padEnd(width)}  ${description}`).join('\n');
  return sections.map((section) => (section.title === 'Options' ? { ...section, body } : section));
}

function globalOptions(cli: CAC): Array<[string, string]> {
  return cli.globalCommand.options.map((option) => [option.rawName, option.description]);
}

function commandOptions(cli: CAC, command: Command): Array<[string, string]> {
  const scope = scopeOf(command.name);
  const own: Array<[string, string]> = command.options.map((option) => [option.rawName, option.description]);
  const global: Array<[string, string]> = [];
  if (scope.root) global.push(['--root <dir>', ROOT_HELP]);
  if (scope.formats.length > 0)
    global.push(['--format <format>', `Output: ${scope.formats.map((format) => FORMAT_HELP[format]).join(', ')}`]);
  // The commands that ask the daemon are those that may wait for a cold start.
  if (scope.timeout) global.push(['--timeout <ms>', TIMEOUT_HELP], ['--quiet', QUIET_HELP]);
  const help = cli.globalCommand.options.find((option) => option.name === 'help');
  return [...own, ...global, ...(help ? [[help.rawName, help.description] as [string, string]] : [])];
}
