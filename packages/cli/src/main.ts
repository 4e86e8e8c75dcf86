import { cac } from 'cac';
import { CnError } from '@cn/core';
import { CN_VERSION } from '@cn/protocol';
import { helpCommandAsFlag, parseCommandLine, refuseEmptyValues } from './argv.js';
import { refuseUnhonoured } from './command-scope.js';
import { registrationsFor } from './commands/index.js';
import { helpSections, registerGlobalOptions } from './help.js';
import { refuseUnknownOptions, unknownCommand } from './misspellings.js';
import { contextFrom, reportFailure, type CommandHost } from './run.js';

// A reader that stops early (`cn find X | head -1`) closes the pipe: it has what it wanted, and the rest of the answer
// has nowhere to go. Node reports that as an EPIPE error on stdout, which without a listener ends in a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit();
  reportFailure(error);
});

const cli = cac('cn');
registerGlobalOptions(cli);

let pending: Promise<void> | undefined;
const host: CommandHost = {
  cli,
  run(command) {
    pending = (async () => {
      const outcome = await command(contextFrom(cli.options));
      if (outcome.output) process.stdout.write(`${outcome.output}\n`);
      process.exitCode = outcome.exitCode;
    })();
  },
};
// `cn help find` is `cn find --help`, and `cn help` is `cn --help`.
const argv = helpCommandAsFlag(process.argv);
for (const register of registrationsFor(argv.slice(2))) register(host);
cli.help((sections) => helpSections(cli, sections));
cli.version(CN_VERSION);

async function main(): Promise<void> {
  const helpFor = argv !== process.argv ? argv[2] : undefined;
  if (helpFor !== undefined && helpFor !== '--help' && !cli.commands.some((command) => command.isMatched(helpFor)))
    throw unknownCommand(cli, helpFor);
  parseCommandLine(cli, argv);
  if (!cli.options.help && !cli.options.version) {
    if (!cli.matchedCommand) throw unknownCommand(cli, cli.args[0]);
    refuseUnknownOptions(cli, cli.matchedCommand);
    refuseEmptyValues(cli, cli.matchedCommand);
    refuseExtraArguments(cli.matchedCommand.name, cli.matchedCommand.args, cli.args);
    refuseUnhonoured(cli.matchedCommand.name, cli.options);
    cli.runMatchedCommand();
  }
  await pending;
}

/**
 * cac hands a command's surplus arguments to nobody: `cn map a.ts b.ts` answered for a.ts alone, and
 * the caller took it for both. A command that takes a fixed number refuses the rest.
 */
function refuseExtraArguments(
  command: string,
  declared: ReadonlyArray<{ variadic: boolean }>,
  given: readonly string[],
): void {
  if (declared.some((arg) => arg.variadic) || given.length <= declared.length) return;
  const extra = given.slice(declared.length).map((arg) => `'${arg}'`);
  const takes = declared.length === 0 ? 'no arguments' : declared.length === 1 ? 'one argument' : `${declared.length}`;
  throw new CnError(
    'bad-input',
    `cn ${command} takes ${takes}; ${extra.join(' ')} ${extra.length === 1 ? 'is' : 'are'} extra`,
    `one call per target; see cn ${command} --help`,
  );
}

// No top-level await: the bundle is CommonJS, which node loads faster than an ES module.
main().catch(reportFailure);
