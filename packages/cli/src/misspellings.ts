import type { CAC, Command } from 'cac';
import { CnError, closestNames } from '@cn/core';
import { flagAsTyped } from './argv.js';
import { scopeOf } from './command-scope.js';

/**
 * A mistyped command or option is refused with the nearest spelling (`--limt` → `--limit`, `fnd` → `find`): cac said
 * "Unknown option `--limt`" and left the user to read the help for the one letter.
 */
export function unknownCommand(cli: CAC, given: string | undefined): CnError {
  if (given === undefined) return new CnError('bad-input', 'no command given', 'see cn --help');
  const names = cli.commands.flatMap((command) => [command.name, ...command.aliasNames]);
  return new CnError('bad-input', `unknown command '${given}'${didYouMean(given, names)}`, 'see cn --help');
}

/** What cac's own check refuses (an option neither the command nor cn declares), said with a suggestion. */
export function refuseUnknownOptions(cli: CAC, command: Command): void {
  for (const key of Object.keys(cli.options)) {
    if (key === '--' || command.hasOption(key) || cli.globalCommand.hasOption(key)) continue;
    const typed = flagAsTyped(key.length > 1 ? `--${key}` : `-${key}`);
    const suggestion = typed.startsWith('--') ? didYouMean(typed.slice(2), longNames(cli, command), '--') : '';
    throw new CnError('bad-input', `unknown option '${typed}'${suggestion}`, `see cn ${command.name} --help`);
  }
}

/** ` — did you mean find?`, or nothing when no known name is a typo away. */
function didYouMean(given: string, known: Iterable<string>, prefix = ''): string {
  const close = closestNames(given, known);
  return close.length > 0 ? ` — did you mean ${close.map((name) => `${prefix}${name}`).join(' or ')}?` : '';
}

/** The long options a command's help lists (its own, the global ones it honours, --help), without their dashes. */
function longNames(cli: CAC, command: Command): string[] {
  const scope = scopeOf(command.name);
  const honoured = new Set([
    'help',
    ...(scope.root ? ['root'] : []),
    ...(scope.formats.length > 0 ? ['format'] : []),
    ...(scope.timeout ? ['timeout'] : []),
    ...(scope.quiet ? ['quiet'] : []),
  ]);
  const spellings = (rawName: string) =>
    rawName
      .split(',')
      .map((spelling) => spelling.trim().split(/[\s<[]/)[0])
      .filter((spelling) => spelling.startsWith('--'))
      .map((spelling) => spelling.slice(2));
  return [
    ...command.options.flatMap((option) => spellings(option.rawName)),
    ...cli.globalCommand.options.flatMap((option) => spellings(option.rawName)).filter((name) => honoured.has(name)),
  ];
}
