import { spawn } from 'node:child_process';
import * as os from 'node:os';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CN_BIN, ENGINE, cleanUp, cn, copyProject, readPortFile } from '../helpers/cn.js';

/** Every documented exit code, produced by the built CLI against real daemons. */
describe('exit codes', () => {
  let root: string;
  beforeAll(async () => {
    root = copyProject('examples/shop');
    mkdirSync(path.join(root, 'docs'));
    writeFileSync(path.join(root, 'docs/notes.md'), '# notes\n');
    await cn(['start', '--root', root]);
  });
  afterAll(() => cleanUp(root));

  const table: Array<[string, number, string[], RegExp]> = [
    ['results', 0, ['find', 'User'], /^$/],
    ['nothing found', 1, ['find', 'NoSuchSymbolAnywhere'], /^$/],
    ['unknown file', 2, ['map', 'src/missing.ts'], /^cn: no such file: src\/missing\.ts \(/],
    ['a directory', 2, ['map', 'src'], /^cn: not a TypeScript\/JavaScript source file/],
    ['a non-source file', 2, ['map', 'docs/notes.md'], /^cn: not a TypeScript\/JavaScript source file/],
    ['malformed id', 2, ['inspect', 'src/domain/user.ts::12::abc'], /^cn: malformed id/],
    [
      'line out of range',
      2,
      ['inspect', 'src/domain/user.ts::999::1'],
      /^cn: line 999 is past the end of src\/domain\/user\.ts \(34 lines\)/,
    ],
    ['outside the root', 2, ['map', '../../etc/passwd.ts'], /outside the project root/],
    ['unknown flag', 2, ['find', 'User', '--bogus'], /^cn: unknown option '--bogus' \(see cn find --help\)/],
    ['bad limit', 2, ['find', 'User', '--limit', 'many'], /^cn: --limit takes a whole number/],
    ['unknown command', 2, ['frobnicate'], /^cn: unknown command 'frobnicate'/],
    // cac drops surplus arguments silently: `cn type a b` would answer for a alone (map, impl, impact and deps take
    // several targets, several-targets.test.ts).
    ['a second target to type', 2, ['type', 'User', 'Money'], /^cn: cn type takes one argument; 'Money' is extra/],
    [
      'a second directory to overview',
      2,
      ['overview', 'src/domain', 'x'],
      /^cn: cn overview takes one argument; 'x' is extra/,
    ],
    [
      'an unknown role',
      2,
      ['find', 'User', '--role', 'call,poke'],
      /^cn: unknown role 'poke' \(use --role with declaration, /,
    ],
    [
      'an unknown grouping',
      2,
      ['find', 'User', '--group', 'dir'],
      /^cn: unknown grouping 'dir' \(use --group file or symbol\)/,
    ],
    ['files for a command without it', 2, ['status', '--format', 'files'], /^cn: cn status has no --format files/],
    ['an argument to status', 2, ['status', 'now'], /^cn: cn status takes no arguments; 'now' is extra/],
    // Issue 22, item 17: the daemon's schema said "body/direction must be equal to one of the allowed values".
    [
      'an unknown calls --direction',
      2,
      ['calls', 'register', '--direction', 'sideways'],
      /^cn: unknown direction 'sideways' \(use --direction in, out or both\)\n$/,
    ],
    [
      'an unknown deps --direction',
      2,
      ['deps', 'src/domain/user.ts', '--direction', 'up'],
      /^cn: unknown direction 'up' \(use --direction in, out or both\)\n$/,
    ],
    [
      'an unknown --expand',
      2,
      ['inspect', 'src/domain/user.ts::6::14', '--expand', 'sideways'],
      /^cn: unknown expand mode 'sideways' \(use --expand block, declaration or surround\)\n$/,
    ],
    // Issue 16: each said what is wrong with the value, in the flag's own spelling.
    [
      'a negative limit',
      2,
      ['find', 'User', '--limit', '-1'],
      /^cn: --limit takes a whole number of 1 or more, not '-1'/,
    ],
    [
      'a negative short limit',
      2,
      ['find', 'User', '-l', '-3'],
      /^cn: --limit takes a whole number of 1 or more, not '-3'/,
    ],
    [
      'a depth past its range',
      2,
      ['calls', 'register', '--depth', '50'],
      /^cn: --depth takes a whole number from 1 to 10, not '50'/,
    ],
    [
      'a budget where there is none',
      2,
      ['status', '--max-tokens', '50'],
      /^cn: unknown option '--max-tokens' \(see cn status --help\)/,
    ],
    [
      'a format the command ignores',
      2,
      ['guide', '--format', 'json'],
      /^cn: cn guide takes no --format \(it prints Markdown\)/,
    ],
    [
      'an --output that cannot be written',
      5,
      ['find', 'User', '--output', '/nonexistent-cn-dir/answer.json'],
      /^cn: cannot write \/nonexistent-cn-dir\/answer\.json: ENOENT \(check the directory exists and is writable\)/,
    ],
    [
      'an --output that is a directory',
      5,
      ['map', 'src/domain/user.ts', '-o', os.tmpdir()],
      /^cn: cannot write .*: EISDIR/,
    ],
  ];

  it.each(table)('%s → exit %i', async (_name, exitCode, args, stderr) => {
    const result = await cn([...args, '--root', root]);
    expect(result.exitCode).toBe(exitCode);
    expect(result.stderr).toMatch(stderr);
    expect(result.stderr.split('\n').filter(Boolean).length).toBeLessThanOrEqual(1);
    if (exitCode >= 2) expect(result.stdout).toBe('');
    else expect(() => JSON.parse(result.stdout)).not.toThrow();
  });

  it('a path::Name the file does not declare → exit 1, one line with the close names', async () => {
    const result = await cn(['inspect', 'src/domain/user.ts::Usr', '--root', root]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toBe(
      "cn: no declaration named 'Usr' in src/domain/user.ts (did you mean src/domain/user.ts::User?)",
    );
  });

  it('-l and -o are --limit and --output (issue 16: the short flags LocAgent-style CLIs have)', async () => {
    const limited = JSON.parse((await cn(['find', 'User', '-l', '1', '--root', root])).stdout);
    expect(limited).toMatchObject({ truncated: true, references: [expect.anything()] });
    const target = path.join(root, 'user-map.txt');
    const written = await cn(['map', 'src/domain/user.ts', '-o', target, '--format', 'compact', '--root', root]);
    expect(written).toMatchObject({ exitCode: 0, stdout: '' });
    expect(readFileSync(target, 'utf8')).toMatch(/^src\/domain\/user\.ts \(\d+ symbols\)/);
  });

  it('--root that does not exist → exit 2', async () => {
    const result = await cn(['find', 'User', '--root', path.join(root, 'nope')]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^cn: --root .* does not exist/);
  });

  // Issue 22, item 16: 40,000 minutes overflowed the daemon's timer; it left at once, and every command said "the
  // daemon exited while starting". Out of range is bad input, said before any daemon starts.
  it('a daemon setting out of its range → exit 2 naming it, and no daemon starts', async () => {
    const fresh = copyProject('examples/shop');
    try {
      for (const [env, args, said] of [
        [{ CN_IDLE_MINUTES: '40000' }, ['find', 'User'], "CN_IDLE_MINUTES takes a number from 0 to 35791, not '40000'"],
        [{ CN_IDLE_MINUTES: 'soon' }, ['find', 'User'], "CN_IDLE_MINUTES takes a number from 0 to 35791, not 'soon'"],
        [{ CN_MAX_TS_MEMORY: '1e9' }, ['map', 'src/domain/user.ts'], 'CN_MAX_TS_MEMORY takes a whole number from 16'],
        [{}, ['start', '--idle-minutes', '40000'], "--idle-minutes takes a number from 0 to 35791, not '40000'"],
        [{}, ['start', '--max-ts-memory', '8'], "--max-ts-memory takes a whole number from 16 to 1048576, not '8'"],
      ] as const) {
        const result = await cn([...args, '--root', fresh], { env });
        expect(result.exitCode, said).toBe(2);
        expect(result.stderr).toMatch(new RegExp(`^cn: ${said.replace(/[()[\]]/g, '\\$&')}.*\n$`));
        expect(readPortFile(fresh)).toBeUndefined();
      }
    } finally {
      await cleanUp(fresh);
    }
  });

  it('a --timeout past the longest timer → exit 2 (it fired at once)', async () => {
    const result = await cn(['find', 'User', '--timeout', '3000000000', '--root', root]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe("cn: --timeout takes a whole number from 1 to 2147483647, not '3000000000'\n");
  });

  it('the daemon runs another engine than CN_ENGINE asks for → exit 3 with the reason', async () => {
    const other = ENGINE === 'native' ? 'tsserver' : 'native';
    const result = await cn(['find', 'User', '--root', root], { env: { CN_ENGINE: other } });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toMatch(new RegExp(`^cn: the daemon for .* runs the ${ENGINE} engine, not ${other} \\(`));
  });

  // `cn find X | head -1` on a large answer: the reader closes the pipe before cn has written it all.
  it("a reader that closes the pipe before the answer → the answer's exit code, nothing on stderr", async () => {
    const child = spawn(process.execPath, [CN_BIN, 'find', 'User', '--root', root], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(exitCode).toBe(0);
  });

  it('a language server that does not answer in time → exit 4', async () => {
    const fresh = copyProject('examples/shop');
    try {
      const result = await cn(['find', 'User', '--root', fresh], { env: { CN_REQUEST_TIMEOUT_MS: '1' } });
      expect(result.exitCode).toBe(4);
      expect(result.stderr).toMatch(/^cn: .*did not answer/);
    } finally {
      await cleanUp(fresh);
    }
  });
});
