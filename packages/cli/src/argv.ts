import type { CAC, Command } from 'cac';
import { CnError } from '@cn/core';

/** cac's parse of `argv` (process.argv's shape), with every value and argument as typed (markAsTyped). */
export function parseCommandLine(cli: CAC, argv: readonly string[]): void {
  const valueOptions = valueOptionNames(cli);
  cli.parse(markAsTyped(attachNegativeValues([...argv], valueOptions), valueOptions), { run: false });
  takeMarksOff(cli);
}

/** The spellings of every option that takes a value (`--limit`, `-l`, …), from cac's registrations. */
export function valueOptionNames(cli: CAC): Set<string> {
  const names = new Set<string>();
  for (const command of [cli.globalCommand, ...cli.commands])
    for (const option of command.options) {
      if (!option.required) continue;
      for (const spelling of option.rawName.split(',')) {
        const name = spelling.trim().split(/[\s<[]/)[0];
        if (name.startsWith('-')) names.add(name);
      }
    }
  return names;
}

/**
 * `--limit -1` as `--limit=-1`: cac's parser takes a value that starts with `-` for an option, so the user
 * read "Unknown option '-1'" instead of what is wrong with the number.
 */
export function attachNegativeValues(argv: string[], valueOptions: Set<string>): string[] {
  const joined: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    const next = argv[index + 1];
    if (valueOptions.has(argument) && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${argument}=${next}`);
      index++;
    } else joined.push(argument);
  }
  return joined;
}

/**
 * `cn help <command>` as `cn <command> --help`, and `cn help` as `cn --help` (`help` is a word people and agents try
 * first); any other command line as it is.
 */
export function helpCommandAsFlag(argv: readonly string[]): readonly string[] {
  if (argv[2] !== 'help') return argv;
  return [...argv.slice(0, 2), ...argv.slice(3), '--help'];
}

/** `--maxTokens` (cac names options camelCased in its errors) as the user typed it: `--max-tokens`. */
export function flagAsTyped(message: string): string {
  return message.replace(
    /--([a-z][a-zA-Z0-9]*)/g,
    (_whole, name: string) => `--${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`,
  );
}

/**
 * Marks a value or argument as text, for cac's parser (mri), which reads every value that looks like a number as
 * one: `--format ""` arrived as 0, `cn grep -F ""` searched for "0", `-F 0x10` for "16", `-o 2024` was "not a file
 * path". It also let a flag without a value take the word after it when that was "true" or "false" (`cn grep -w
 * true` lost its pattern), and took `-` (stdin) for a flag. NUL can stand in no argument (argv holds C strings),
 * and it makes mri's `+value` NaN, so a marked value passes through as typed; takeMarksOff removes it.
 */
const AS_TYPED = '\0';

/**
 * The command line with every value and argument marked as typed, but for the command word (cac matches the
 * command by it) and the flags themselves. `valueOptions` are the spellings that take a value (valueOptionNames).
 */
export function markAsTyped(argv: readonly string[], valueOptions: ReadonlySet<string>): string[] {
  const marked = argv.slice(0, 2);
  let commandSeen = false;
  let valueExpected = false;
  let operandsOnly = false;
  for (const argument of argv.slice(2)) {
    const isFlag = argument.startsWith('-') && argument !== '-';
    if (operandsOnly || (valueExpected && !isFlag)) {
      valueExpected = false;
      marked.push(`${AS_TYPED}${argument}`);
      continue;
    }
    valueExpected = false;
    if (argument === '--') {
      operandsOnly = true;
      marked.push(argument);
    } else if (isFlag) {
      const equals = argument.indexOf('=');
      const name = equals < 0 ? argument : argument.slice(0, equals);
      if (valueOptions.has(name) && equals >= 0) marked.push(`${name}=${AS_TYPED}${argument.slice(equals + 1)}`);
      else {
        valueExpected = valueOptions.has(name);
        marked.push(argument);
      }
    } else if (!commandSeen) {
      commandSeen = true;
      marked.push(argument);
    } else marked.push(`${AS_TYPED}${argument}`);
  }
  return marked;
}

/** After cac parsed a marked command line: the values as typed, and what followed `--` as arguments. */
export function takeMarksOff(cli: CAC): void {
  const operands: unknown[] = Array.isArray(cli.options['--']) ? (cli.options['--'] as unknown[]) : [];
  cli.args = [...cli.args, ...operands].map(unmarked) as string[];
  cli.options['--'] = [];
  for (const key of Object.keys(cli.options)) cli.options[key] = unmarked(cli.options[key]);
}

function unmarked(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith(AS_TYPED) ? value.slice(AS_TYPED.length) : value;
  return Array.isArray(value) ? value.map(unmarked) : value;
}

/**
 * An empty value or argument is never meant (`--format ""` from an unset shell variable): refused by name, where
 * each command would otherwise read it its own way (the root directory for `cn map ""`, everything for `cn unused
 * ""`).
 */
export function refuseEmptyValues(cli: CAC, command: Command): void {
  const help = `see cn ${command.name} --help`;
  for (const option of [...command.options, ...cli.globalCommand.options]) {
    if (option.isBoolean) continue;
    const value: unknown = cli.options[option.name];
    if (value === '' || (Array.isArray(value) && value.includes(''))) {
      const spelling = option.rawName.split(',').map((name) => name.trim().split(/[\s<[]/)[0]);
      const flag = spelling.find((name) => name.startsWith('--')) ?? spelling[0];
      throw new CnError('bad-input', `empty value for ${flag}`, `give it one, or leave the option out; ${help}`);
    }
  }
  const at = cli.args.indexOf('');
  if (at >= 0 && command.args.length > 0) {
    const declared = command.args[Math.min(at, command.args.length - 1)];
    const name = `${declared.variadic ? '...' : ''}${declared.value}`;
    const placeholder = declared.required ? `<${name}>` : `[${name}]`;
    throw new CnError(
      'bad-input',
      `empty argument for ${placeholder}`,
      `cn ${command.name} takes no empty value; ${help}`,
    );
  }
}
