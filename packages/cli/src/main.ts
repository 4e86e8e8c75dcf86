import { cac } from 'cac';
import { CN_VERSION } from '@cn/core';
import { findCommand, inspectCommand, mapCommand, startCommand, statusCommand, stopCommand, type Context, type Outcome } from './commands.js';
import { CliError, EXIT } from './exit-codes.js';
import { resolveProjectRoot } from './project-root.js';

const DEFAULT_TIMEOUT_MS = 120_000;

const cli = cac('cn');
cli
  .option('--root <dir>', 'Project root (default: nearest ancestor with tsconfig.json, jsconfig.json, package.json or .git)')
  .option('--format <format>', 'Output: json (default, one line) or text', { default: 'json' })
  .option('--timeout <ms>', `Give up on the daemon after this many milliseconds (default ${DEFAULT_TIMEOUT_MS})`);

cli
  .command('map <file>', 'Outline of a file: every symbol with kind, lines and id')
  .example('cn map src/user.ts')
  .example('cn map src/internal/Observable.ts --format text')
  .action((file: string) => run((context) => mapCommand(context, file)));

cli
  .command('find <query>', 'Definition and every reference of a symbol (a name, Container.member, or an id)')
  .option('--kind <kind>', 'Only symbols of this kind: class, interface, function, method, property, variable, enum, type, namespace')
  .option('--limit <n>', 'At most n references and candidates (totalReferences still counts all)')
  .example('cn find User')
  .example('cn find Observable.subscribe --format text')
  .example('cn find src/user.ts::3::14')
  .action((query: string, options: { kind?: string; limit?: unknown }) =>
    run((context) => findCommand(context, query, { kind: options.kind, limit: wholeNumber(options.limit, '--limit', 1) })),
  );

cli
  .command('inspect <id>', 'The code block around an id (path::line::char or path:line[:col])')
  .option('--expand <mode>', 'block (smallest enclosing declaration, default) or surround (lines either side)')
  .option('--context <n>', 'Lines either side for surround (default 5)')
  .example('cn inspect src/user.ts::3::14')
  .example('cn inspect src/user.ts:40 --expand surround --context 3')
  .action((id: string, options: { expand?: string; context?: unknown }) =>
    run((context) => inspectCommand(context, id, { expand: options.expand, context: wholeNumber(options.context, '--context', 0) })),
  );

cli.command('start', 'Start the daemon for the root and wait until the project is loaded').example('cn start --root ~/code/app').action(() => run(startCommand));
cli.command('stop', 'Stop the daemon for the root (exit 0 when none runs)').example('cn stop').action(() => run(stopCommand));
cli.command('status', 'Is a daemon running for the root? pid, port, versions, state (exit 1 when none runs)').example('cn status --format text').action(() => run(statusCommand));

cli.help();
cli.version(CN_VERSION);

function wholeNumber(value: unknown, flag: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(number) || number < min) throw new CliError('bad-input', `${flag} takes a whole number of ${min} or more, not '${String(value)}'`);
  return number;
}

function context(): Context {
  const options = cli.options as { root?: string; format?: string; timeout?: unknown };
  if (options.format !== 'json' && options.format !== 'text') {
    throw new CliError('bad-input', `unknown format '${String(options.format)}'`, 'use --format json or --format text');
  }
  if (options.root !== undefined && typeof options.root !== 'string') throw new CliError('bad-input', '--root takes a directory');
  return {
    root: resolveProjectRoot(options.root, process.cwd()),
    cwd: process.cwd(),
    format: options.format,
    timeoutMs: wholeNumber(options.timeout, '--timeout', 1) ?? DEFAULT_TIMEOUT_MS,
  };
}

let pending: Promise<void> | undefined;

function run(command: (context: Context) => Promise<Outcome>): void {
  pending = (async () => {
    const outcome = await command(context());
    if (outcome.output) process.stdout.write(`${outcome.output}\n`);
    process.exitCode = outcome.exitCode;
  })();
}

function fail(error: unknown): void {
  if (error instanceof CliError) {
    process.stderr.write(`cn: ${error.message}${error.hint ? ` (${error.hint})` : ''}\n`);
    process.exitCode = error.exitCode;
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  // cac reports bad usage (unknown option, missing argument) as plain errors.
  if (error instanceof Error && error.name === 'CACError') {
    process.stderr.write(`cn: ${message.replace(/`/g, "'")} (see cn --help)\n`);
    process.exitCode = EXIT.badInput;
    return;
  }
  process.stderr.write(`cn: unexpected failure: ${message}\n`);
  process.exitCode = EXIT.engineFailure;
}

try {
  cli.parse(process.argv, { run: false });
  const helpOrVersion = cli.options.help || cli.options.version;
  if (!helpOrVersion) {
    if (!cli.matchedCommand) {
      const given = cli.args[0];
      throw new CliError('bad-input', given === undefined ? 'no command given' : `unknown command '${given}'`, 'see cn --help');
    }
    cli.runMatchedCommand();
  }
  await pending;
} catch (error) {
  fail(error);
}
