// Command lines of the scripts, read with node:util parseArgs (strict: an unknown option or a stray
// argument is refused, not ignored). A wrong command line is one stderr line, `<script>: <why>`,
// and exit 2, the usage error code of cn itself.
import { parseArgs } from 'node:util';

export function usageError(script, message) {
  process.stderr.write(`${script}: ${message}\n`);
  process.exit(2);
}

/**
 * The parsed `{ values, positionals }`, or a usage error. `needs` names what a value-taking option
 * wants when it is given none (`{ q: 'question ids, e.g. --q def-1' }`); `usage` ends every message.
 */
export function parseScriptArgs(script, argv, options, { usage, allowPositionals = false, needs = {} } = {}) {
  const withUsage = (message) => (usage ? `${message}; ${usage}` : message);
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals });
  } catch (error) {
    if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      const name = /'--([\w-]+)/.exec(error.message)?.[1];
      if (name) usageError(script, withUsage(`--${name} needs ${needs[name] ?? 'a value'}`));
    }
    // node goes on with advice about `--`; the first sentence names the argument.
    const first = error.message.split(/\. /)[0];
    usageError(script, withUsage(first.charAt(0).toLowerCase() + first.slice(1)));
  }
}

/** A whole number of 1 or more from an option's text, or a usage error naming the option. */
export function wholeNumber(script, flag, text) {
  const number = Number(text);
  if (!Number.isInteger(number) || number < 1)
    usageError(script, `${flag} takes a whole number of 1 or more, not '${text}'`);
  return number;
}

/** `a,b,,c` → ['a', 'b', 'c']; undefined stays undefined. */
export const commaList = (text) =>
  text
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);
