import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CN_BIN, cleanUp, cn, copyProject, json } from '../../helpers/cn.js';

/**
 * Every kind of bad input: one stderr line with a hint, the documented exit code, parseable (empty)
 * stdout — and the daemon keeps answering afterwards.
 */
describe('bad input', () => {
  let root: string;

  beforeAll(async () => {
    root = copyProject('test/fixtures/unicode');
    mkdirSync(path.join(root, 'docs'));
    writeFileSync(path.join(root, 'docs/readme.md'), '# docs\n');
    writeFileSync(path.join(root, 'settings.json'), '{}\n');
    writeFileSync(path.join(root, 'blob.ts'), Buffer.from([0x65, 0x78, 0x00, 0x01, 0x02, 0x00]));
    writeFileSync(path.join(root, 'huge.ts'), `export const big = '${'x'.repeat(5 * 1024 * 1024)}';\n`);
    mkdirSync(path.join(root, 'with space'));
    writeFileSync(path.join(root, 'with space/file name.ts'), 'export function spaced(): number {\n  return 1;\n}\n');
    await cn(['start', '--root', root]);
  });
  afterAll(() => cleanUp(root));

  const bad: Array<[string, number, string[], RegExp]> = [
    ['a nonexistent file', 2, ['map', 'nope.ts'], /^cn: no such file: nope\.ts \(.+\)$/],
    // Issue 22, item 17: the name was echoed as typed, and the error took two lines.
    ['a newline in a file name', 2, ['map', 'no\npe.ts'], /^cn: no such file: no\\u000ape\.ts \(.+\)$/],
    ['a directory', 2, ['map', 'docs'], /^cn: not a TypeScript\/JavaScript source file: .*docs \(.+\)$/],
    ['a binary file', 2, ['map', 'blob.ts'], /^cn: blob\.ts is a binary file \(.+\)$/],
    [
      'a file over the size cap',
      2,
      ['inspect', 'huge.ts::1::1'],
      /^cn: huge\.ts is too large \(\d+ bytes, at most \d+\) \(.+\)$/,
    ],
    [
      'a .json file',
      2,
      ['map', 'settings.json'],
      /^cn: not a TypeScript\/JavaScript source file: .*settings\.json \(.+\)$/,
    ],
    ['a .md file', 2, ['map', 'docs/readme.md'], /^cn: not a TypeScript\/JavaScript source file: .*readme\.md \(.+\)$/],
    // Issue 22, item 9: cac read an empty value as 0 (`-F ""` searched for "0"); empty is never meant.
    ['an empty query', 2, ['find', ''], /^cn: empty argument for \[\.\.\.queries\] \(.+\)$/],
    ['an empty -F pattern', 2, ['grep', '-F', ''], /^cn: empty argument for <pattern> \(.+\)$/],
    ['an empty -w pattern', 2, ['grep', '-w', ''], /^cn: empty argument for <pattern> \(.+\)$/],
    ['an empty file to map', 2, ['map', ''], /^cn: empty argument for <file> \(.+\)$/],
    ['an empty directory to overview', 2, ['overview', ''], /^cn: empty argument for \[dir\] \(.+\)$/],
    ['an empty --since', 2, ['impact', '--since', ''], /^cn: empty value for --since \(.+\)$/],
    ['an empty --role', 2, ['find', 'Greeter', '--role', ''], /^cn: empty value for --role \(.+\)$/],
    ['an empty --format', 2, ['find', 'Greeter', '--format', ''], /^cn: empty value for --format \(.+\)$/],
    ['an empty --engine', 2, ['start', '--engine', ''], /^cn: empty value for --engine \(.+\)$/],
    ['an empty --context', 2, ['inspect', 'text.ts::1::1', '--context='], /^cn: empty value for --context \(.+\)$/],
    ['a blank query', 2, ['find', '   '], /^cn: empty query \(.+\)$/],
    [
      'a 10,000-character query',
      2,
      ['find', 'Q'.repeat(10_000)],
      /^cn: query is too long \(10000 characters, at most 256\) \(.+\)$/,
    ],
    ['an id with line 0', 2, ['inspect', 'text.ts::0::1'], /^cn: line must be 1 or more in 'text\.ts::0::1' \(.+\)$/],
    [
      'an id with a negative line',
      2,
      ['inspect', 'text.ts::-4::1'],
      /^cn: line must be 1 or more in 'text\.ts::-4::1' \(.+\)$/,
    ],
    [
      'an id past the end of the file',
      2,
      ['inspect', 'text.ts::400::1'],
      /^cn: line 400 is past the end of text\.ts \(10 lines\) \(.+\)$/,
    ],
    [
      'an id past the end of a line',
      2,
      ['inspect', 'text.ts::3::900'],
      /^cn: column 900 is past the end of line 3 of text\.ts \(22 characters\) \(.+\)$/,
    ],
    ['a non-numeric id', 2, ['inspect', 'text.ts::three::1'], /^cn: malformed id 'text\.ts::three::1' \(.+\)$/],
    ['an id missing its line', 2, ['inspect', 'text.ts::'], /^cn: malformed id 'text\.ts::' \(.+\)$/],
    ['an id missing its path', 2, ['inspect', '::3::1'], /^cn: malformed id '::3::1' \(.+\)$/],
    ['an unknown flag', 2, ['find', 'Greeter', '--colour'], /^cn: unknown option '--colour' \(see cn find --help\)$/],
    ['an unknown --kind', 2, ['find', 'Greeter', '--kind', 'gizmo'], /^cn: unknown kind 'gizmo' \(use one of: .+\)$/],
    ['an unknown --format', 2, ['find', 'Greeter', '--format', 'yaml'], /^cn: cn find has no --format yaml \(.+\)$/],
    [
      'an overview of a directory that does not exist',
      2,
      ['overview', 'nowhere'],
      /^cn: no such directory: nowhere \(.+\)$/,
    ],
    ['a missing argument', 2, ['map'], /^cn: missing required args for command 'map/],
    [
      '--root that does not exist',
      2,
      ['find', 'Greeter', '--root', '/no/such/dir'],
      /^cn: --root \/no\/such\/dir does not exist \(.+\)$/,
    ],
  ];

  it.each(bad)('%s → exit %i', async (_name, exitCode, args, stderr) => {
    const withRoot = args.includes('--root') ? args : [...args, '--root', root];
    const result = await cn(withRoot);
    expect(result.exitCode).toBe(exitCode);
    expect(result.stdout).toBe('');
    const lines = result.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(stderr);
    expect(result.stderr).not.toMatch(/\n\s+at /); // never a stack trace
  });

  // Each was read as a number, or as the flag's own value: `-F 0x10` searched for "16", `-w true` lost its pattern,
  // `inspect - <id>` lost both, `-o 2024` was "not a file path".
  it('takes every value and argument as typed', async () => {
    const asTyped = async (args: string[]) => json(await cn([...args, '--root', root]));
    expect((await asTyped(['grep', '-F', '0x10'])).pattern).toBe('0x10');
    expect((await asTyped(['grep', '-w', 'true'])).pattern).toBe('true');
    // After --, every word is an argument: --root goes before it.
    expect(json(await cn(['grep', '--root', root, '--', '-foo'])).pattern).toBe('-foo');
    const inspected = await cn(['inspect', '-', 'text.ts::1::1', '--root', root], { input: 'use.ts::1::1\n' });
    const asked = json(inspected).results.flatMap((block: { ids: string[] }) => block.ids);
    expect(asked).toEqual(['text.ts::1::1', 'use.ts::1::1']);
    const written = await cn(['map', 'text.ts', '-o', '2024', '--root', root], { cwd: root });
    expect(written).toMatchObject({ exitCode: 0, stderr: '' });
    expect(JSON.parse(readFileSync(path.join(root, '2024'), 'utf8')).filePath).toBe('text.ts');
  });

  it('answers unicode names with exact UTF-16 columns', async () => {
    const answer = json(await cn(['find', '名前', '--root', root]));
    expect(answer.definition).toMatchObject({ name: '名前', filePath: 'text.ts', line: 1 });
    const firstLine = '/* 🎉 emoji and 中文 comment */ export const 名前';
    expect(answer.definition.character).toBe(firstLine.indexOf('名前') + 1);
    expect(answer.references.map((ref: { filePath: string }) => ref.filePath)).toContain('use.ts');
  });

  it('handles paths with spaces', async () => {
    const map = await cn(['map', 'with space/file name.ts', '--root', root]);
    expect(map.exitCode).toBe(0);
    const id = json(map).symbols[0].id;
    expect(id).toBe('with space/file name.ts::1::17');
    const inspect = json(await cn(['inspect', id, '--root', root]));
    expect(inspect.result.code).toContain('return 1;');
  });

  it('cn inspect without ids on a stdin that is held open and silent ends with exit 2, not a hang', async () => {
    const child = spawn(process.execPath, [CN_BIN, 'inspect', '--root', root], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exitCode = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.stdin.destroy();
    expect(exitCode).toBe(2);
    expect(stderr).toMatch(/^cn: no ids given \(pass ids as arguments, or - to read them from stdin/);
  }, 30_000);

  it('still answers after all of the above', async () => {
    expect(json(await cn(['find', 'Greeter', '--root', root])).definition).toMatchObject({
      kind: 'Class',
      name: 'Greeter',
    });
  });
});
