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
  names: 'names (each name once, with its lines)',
};

// How project-root.ts finds it, in order (README, "Install").
const ROOT_HELP =
  'Project root (default: the nearest directory a running daemon serves, else the outermost repository or workspace root above, else the nearest tsconfig.json, jsconfig.json or package.json)';
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

/** The first line of `cn --help`: what cn is (its version is `cn --version`'s). */
const CN_HELP =
  'cn: where code is defined and used, what calls and imports it, for TypeScript and JavaScript; answers from the compiler, through a daemon per project';

/**
 * cac's help, rewritten: it starts with what the command does (cac started every help with `cn/0.1.0`, and a
 * command's help never said what it does); a command lists its own options, then only the global options it
 * honours (its formats named), and no cac `(default: …)` suffix — which printed `--no-refs … (default: true)`,
 * read as "references are off by default"; `cn --help` names `cn help <command>` once instead of a `--help`
 * line per command.
 */
export function helpSections(cli: CAC, sections: Section[]): Section[] {
  const command = cli.matchedCommand;
  const options = command ? commandOptions(cli, command) : globalOptions(cli);
  const width = Math.max(...options.map(([name]) => name.length));
  const body = options.map(([name, description]) => `  ${name.padEnd(width)}  ${description}`).join('\n');
  return sections.map((section, index) => {
    if (index === 0 && section.title === undefined) return { body: command ? command.description : CN_HELP };
    if (section.title === 'Options') return { ...section, body };
    if (section.title?.startsWith('For more info')) return { title: 'More', body: MORE_HELP };
    return section;
  });
}

const MORE_HELP = [
  "  $ cn help <command>   a command's options and examples (the same as cn <command> --help)",
  '  $ cn guide            when to use which command, for AGENTS.md or CLAUDE.md',
].join('\n');

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
  if (scope.timeout) global.push(['--timeout <ms>', TIMEOUT_HELP]);
  if (scope.quiet) global.push(['--quiet', QUIET_HELP]);
  const help = cli.globalCommand.options.find((option) => option.name === 'help');
  return [...own, ...global, ...(help ? [[help.rawName, help.description] as [string, string]] : [])];
}
