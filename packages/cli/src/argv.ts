import type { CAC } from 'cac';

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

/** `--maxTokens` (cac names options camelCased in its errors) as the user typed it: `--max-tokens`. */
export function flagAsTyped(message: string): string {
  return message.replace(
    /--([a-z][a-zA-Z0-9]*)/g,
    (_whole, name: string) => `--${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`,
  );
}
