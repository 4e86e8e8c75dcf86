import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { cac } from 'cac';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_SCOPES } from '../../packages/cli/src/command-scope.js';
import { COMMANDS } from '../../packages/cli/src/commands/index.js';
import { CN_BIN, ENGINE, REPO, cleanUp, cn, copyProject } from '../helpers/cn.js';

/** Every command as cac registers it: its name and own options, from the same registrations the CLI runs. */
const registered = (() => {
  const cli = cac('cn');
  for (const register of COMMANDS) register({ cli, run: () => undefined });
  return cli.commands.map((command) => ({ name: command.name, options: command.options.map((o) => o.rawName) }));
})();

/** The option names a --help prints under Options, in order. */
function optionsOf(help: string): string[] {
  const section = help.slice(help.indexOf('Options:\n') + 'Options:\n'.length).split('\n\n')[0];
  return section.split('\n').map((line) => line.trim().split(/ {2,}/)[0]);
}

const globalsOf = (name: string): string[] => {
  const scope = COMMAND_SCOPES[name];
  return [
    ...(scope.root ? ['--root <dir>'] : []),
    ...(scope.formats.length > 0 ? ['--format <format>'] : []),
    ...(scope.timeout ? ['--timeout <ms>'] : []),
    ...(scope.quiet ? ['--quiet'] : []),
  ];
};

/** What each command offers to cut or save its answer (issue 16); absent ones say why in their source. */
const ANSWER_OPTIONS: Record<string, string[]> = {
  overview: ['-l, --limit <n>', '--max-tokens <n>', '-o, --output <file>'],
  map: ['-l, --limit <n>', '--max-tokens <n>', '-o, --output <file>'],
  find: ['-l, --limit <n>', '--max-tokens <n>', '-o, --output <file>'],
  inspect: ['-l, --limit <n>', '--max-tokens <n>', '-o, --output <file>'],
  calls: ['-l, --limit <n>', '--max-tokens <n>', '-o, --output <file>'],
  impact: ['-l, --limit <n>', '--max-tokens <n>', '-o, --output <file>'],
  impl: ['-l, --limit <n>', '--max-tokens <n>', '-o, --output <file>'],
  // One symbol: nothing to limit.
  type: ['--max-tokens <n>', '-o, --output <file>'],
  deps: ['-l, --limit <n>', '--max-tokens <n>', '-o, --output <file>'],
  diagnostics: ['-l, --limit <n>', '--max-tokens <n>', '-o, --output <file>'],
  unused: ['-l, --limit <n>', '--max-tokens <n>', '-o, --output <file>'],
  search: ['-l, --limit <n>', '--max-tokens <n>', '-o, --output <file>'],
  grep: ['-l, --limit <n>', '--max-tokens <n>', '-o, --output <file>'],
  schema: ['-o, --output <file>'],
  // Every edit or none: nothing to cut.
  rename: ['-o, --output <file>'],
  // A few diagnostics of one edit: nothing to cut.
  check: ['-o, --output <file>'],
  // A few rows of state, a server, a block appended to AGENTS.md (an --output would overwrite it).
  start: [],
  stop: [],
  status: [],
  mcp: [],
  guide: [],
};

describe('cn --help: what each command lists is what it honours (issue 16)', () => {
  it('has an entry here and in COMMAND_SCOPES for every command', () => {
    expect(Object.keys(ANSWER_OPTIONS).sort()).toEqual(registered.map((command) => command.name).sort());
    expect(Object.keys(COMMAND_SCOPES).sort()).toEqual(registered.map((command) => command.name).sort());
  });

  it.each(registered)(
    'cn $name --help lists its own options, then only the global ones it honours',
    async (command) => {
      const help = await cn([command.name, '--help']);
      expect(help.exitCode).toBe(0);
      expect(optionsOf(help.stdout)).toEqual([...command.options, ...globalsOf(command.name), '-h, --help']);
      for (const option of ANSWER_OPTIONS[command.name]) expect(command.options, command.name).toContain(option);
      expect(command.options.filter((option) => /--(limit|max-tokens|output)\b/.test(option))).toEqual(
        ANSWER_OPTIONS[command.name],
      );
      // cac's '(default: true)' after --no-refs read as "references are off".
      expect(help.stdout).not.toMatch(/ \(default: \S+\)$/m);
      const formats = COMMAND_SCOPES[command.name].formats;
      if (formats.length > 0) {
        const line = help.stdout.split('\n').find((text) => text.trim().startsWith('--format'))!;
        expect([...line.matchAll(/\b(json|text|compact|ids|tree|files|names) \(/g)].map((match) => match[1])).toEqual(
          formats,
        );
      }
    },
  );

  it('cn --help names every format once, tree included, and one default', async () => {
    const help = (await cn(['--help'])).stdout;
    const line = help.split('\n').find((text) => text.trim().startsWith('--format'))!;
    expect(line).toMatch(/json \(the default: one line\), text .*compact .*ids .*tree .*files/);
    expect(help).not.toMatch(/ \(default: \S+\)$/m);
  });

  it('find --no-refs says references are searched unless it is given', async () => {
    const line = (await cn(['find', '--help'])).stdout.split('\n').find((text) => text.includes('--no-refs'))!;
    expect(line).toMatch(/references are searched unless this is given/);
  });

  const ignored: Array<[string, string[], RegExp]> = [
    ['guide', ['guide', '--format', 'json'], /^cn: cn guide takes no --format \(it prints Markdown\)$/],
    [
      'schema',
      ['schema', 'find', '--format', 'compact'],
      /^cn: cn schema takes no --format \(it prints JSON Schema\)$/,
    ],
    ['mcp', ['mcp', '--format', 'json'], /^cn: cn mcp takes no --format \(it speaks MCP on stdio/],
    [
      'status',
      ['status', '--format', 'compact'],
      /^cn: cn status has no --format compact \(use --format json, text\)$/,
    ],
    ['stop', ['stop', '--format', 'ids'], /^cn: cn stop has no --format ids \(use --format json, text\)$/],
    [
      'map',
      ['map', 'src/domain/user.ts', '--format', 'tree'],
      /^cn: cn map has no --format tree \(use --format json, text, compact, ids, files, names\)$/,
    ],
    ['guide', ['guide', '--root', '.'], /^cn: cn guide takes no --root \(it reads no project\)$/],
    ['schema', ['schema', 'find', '--timeout', '5'], /^cn: cn schema takes no --timeout \(it asks no daemon\)$/],
  ];
  it.each(ignored)('cn %s refuses a global option it would ignore: %j', async (_name, args, message) => {
    const result = await cn(args, { cwd: path.join(REPO, 'examples/shop') });
    expect(result).toMatchObject({ exitCode: 2, stdout: '' });
    expect(result.stderr.trimEnd()).toMatch(message);
  });
});

describe('help reads as the command it is for (issue 24, item 13)', () => {
  it.each(registered)('cn $name --help starts with what the command does, not a version banner', async (command) => {
    const help = (await cn([command.name, '--help'])).stdout;
    const description = cac('cn');
    for (const register of COMMANDS) register({ cli: description, run: () => undefined });
    expect(help.split('\n')[0]).toBe(description.commands.find((each) => each.name === command.name)!.description);
    expect(help).not.toMatch(/^cn\/\d/m);
  });

  it('cn --help and cn help start with what cn is and name cn help once, not every command again', async () => {
    const help = await cn(['--help']);
    expect(help.stdout).not.toMatch(/^cn\/\d/m);
    expect(help.stdout.split('\n')[0]).toMatch(/^cn: /);
    expect(help.stdout).not.toMatch(/\$ cn \w+ --help/);
    expect(help.stdout).toMatch(/^ {2}\$ cn help <command> /m);
    expect(await cn(['help'])).toEqual(help);
  });

  it('cn help <command> is cn <command> --help; an unknown one is exit 2 with a suggestion', async () => {
    expect(await cn(['help', 'find'])).toEqual(await cn(['find', '--help']));
    const unknown = await cn(['help', 'fnd']);
    expect(unknown).toMatchObject({ exitCode: 2, stdout: '' });
    expect(unknown.stderr).toBe("cn: unknown command 'fnd' — did you mean find? (see cn --help)\n");
  });

  it('stop, status and mcp list no --quiet, and refuse it: they never wait for a project to load', async () => {
    for (const name of ['stop', 'status', 'mcp']) {
      expect((await cn([name, '--help'])).stdout, name).not.toMatch(/--quiet/);
      const result = await cn([name, '--quiet'], { cwd: path.join(REPO, 'examples/shop') });
      expect(result, name).toMatchObject({ exitCode: 2, stdout: '' });
      expect(result.stderr, name).toMatch(new RegExp(`^cn: cn ${name} takes no --quiet \\(it shows no progress`));
    }
  });

  it('a misspelled option or command is exit 2 with the nearest spelling', async () => {
    const shop = { cwd: path.join(REPO, 'examples/shop') };
    const option = await cn(['map', 'src/domain/user.ts', '--limt', '3'], shop);
    expect(option).toMatchObject({ exitCode: 2, stdout: '' });
    expect(option.stderr).toBe("cn: unknown option '--limt' — did you mean --limit? (see cn map --help)\n");
    const far = await cn(['map', 'src/domain/user.ts', '--colour'], shop);
    expect(far.stderr).toBe("cn: unknown option '--colour' (see cn map --help)\n");
    const command = await cn(['fnd', 'User'], shop);
    expect(command).toMatchObject({ exitCode: 2, stdout: '' });
    expect(command.stderr).toBe("cn: unknown command 'fnd' — did you mean find? (see cn --help)\n");
  });

  it("--root's help says how the root is found, as the README does (the outermost workspace root)", async () => {
    const line = (await cn(['find', '--help'])).stdout.split('\n').find((text) => text.trim().startsWith('--root'))!;
    expect(line).toMatch(/running daemon serves.*outermost repository or workspace root.*nearest tsconfig/);
    expect(line).not.toMatch(/nearest ancestor/);
  });
});

/**
 * An example as the shell runs it, `cn` being the built CLI; `examples/shop` is the copy it runs in, and an
 * `--engine` is the engine this run tests (the daemon started before runs it; another would be refused, exit 3).
 */
function runExample(example: string, cwd: string): { status: number; stdout: string; stderr: string } {
  const here = example.replace(/--root examples\/shop/g, '--root .').replace(/--engine \w+/g, `--engine ${ENGINE}`);
  const script = `cn() { "${process.execPath}" "${CN_BIN}" "$@"; }\n${here}`;
  try {
    const stdout = execFileSync('sh', ['-c', script], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return { status: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { status: failed.status, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Examples that cannot run here: a macOS clipboard. */
const NOT_RUN = ['cn guide | pbcopy'];
/** Said on stderr by an example that is right to say it: `cn start` with settings while a daemon runs. */
const EXPECTED_NOTE = /^cn: a daemon is already running with its own settings/;

describe('every --help example runs on examples/shop (issue 16: they named rxjs paths)', () => {
  let root: string;
  beforeAll(async () => {
    root = copyProject('examples/shop');
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.email=cn@test', '-c', 'user.name=cn', ...args], { cwd: root, stdio: 'ignore' });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'shop');
    // A type error left uncommitted in a used function: what `cn diagnostics` and `cn impact --since HEAD` show.
    const money = path.join(root, 'src/domain/money.ts');
    writeFileSync(money, readFileSync(money, 'utf8').replace('const units = ', 'const units: number = '));
    await cn(['start', '--root', root]);
  });
  afterAll(() => cleanUp(root));

  // cn stop's examples run last: the others need the daemon (and cn status answers 1 without one).
  const examples = [...registered]
    .sort((a, b) => Number(a.name === 'stop') - Number(b.name === 'stop'))
    .flatMap(({ name }) => {
      const help = execFileSync(process.execPath, [CN_BIN, name, '--help'], { encoding: 'utf8' });
      return help
        .slice(help.indexOf('Examples:\n') + 'Examples:\n'.length)
        .split('\n')
        .filter((line) => line.trim() !== '' && !NOT_RUN.includes(line))
        .map((example) => [name, example.replace(/\s+# .*$/, '')] as const);
    });

  it('every command has at least one example', () => {
    expect(new Set(examples.map(([name]) => name)).size).toBe(registered.length);
  });

  it.each(examples)('cn %s: %s', (_name, example) => {
    const result = runExample(example, root);
    expect(
      result.stderr.split('\n').filter((line) => line !== '' && !EXPECTED_NOTE.test(line)),
      example,
    ).toEqual([]);
    expect(result.status, example).toBe(0);
    // What prints nothing on purpose: a file written, a server whose stdin is closed, a stop.
    const silent = / >> | -o | --output /.test(example) || /^cn (mcp|stop)\b/.test(example);
    if (!silent) expect(result.stdout.trim(), example).not.toBe('');
  });

  it('the examples that write a file wrote it', () => {
    expect(readFileSync(path.join(root, 'AGENTS.md'), 'utf8')).toContain('## Code navigation: use cn');
    expect(JSON.parse(readFileSync(path.join(root, 'repo-map.json'), 'utf8')).files.length).toBeGreaterThan(0);
    expect(JSON.parse(readFileSync(path.join(root, 'overview.schema.json'), 'utf8')).type).toBe('object');
  });
});
