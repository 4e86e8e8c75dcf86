import { cac } from 'cac';
import { CnError } from '@cn/core';
import { CN_VERSION } from '@cn/protocol';
import { COMMANDS } from './commands/index.js';
import { DEFAULT_TIMEOUT_MS, FILES_FORMAT_COMMANDS, contextFrom, reportFailure, type CommandHost } from './run.js';

const cli = cac('cn');
cli
  .option(
    '--root <dir>',
    'Project root (default: nearest ancestor with tsconfig.json, jsconfig.json, package.json or .git)',
  )
  .option(
    '--format <format>',
    'Output: json (default, one line), text, compact (fewest tokens), ids (one per line, for pipes), files (find)',
    { default: 'json' },
  )
  .option('--timeout <ms>', `Give up on the daemon after this many milliseconds (default ${DEFAULT_TIMEOUT_MS})`)
  .option('--quiet', 'No progress line while a cold start loads the project (shown only when stderr is a terminal)');

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
for (const register of COMMANDS) register(host);
cli.help();
cli.version(CN_VERSION);

async function main(): Promise<void> {
  cli.parse(process.argv, { run: false });
  if (!cli.options.help && !cli.options.version) {
    if (!cli.matchedCommand) {
      const given = cli.args[0];
      throw new CnError(
        'bad-input',
        given === undefined ? 'no command given' : `unknown command '${given}'`,
        'see cn --help',
      );
    }
    refuseExtraArguments(cli.matchedCommand.name, cli.matchedCommand.args, cli.args);
    if (cli.options.format === 'files' && !FILES_FORMAT_COMMANDS.includes(cli.matchedCommand.name))
      throw new CnError(
        'bad-input',
        `cn ${cli.matchedCommand.name} has no --format files`,
        `only ${FILES_FORMAT_COMMANDS.join(', ')} lists files; use --format ids or compact`,
      );
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
