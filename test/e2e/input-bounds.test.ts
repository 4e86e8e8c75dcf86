import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, json } from '../helpers/cn.js';

const GENERATED = 'src/generated/constants.ts';
const LINES = 3000;

/**
 * Inputs at and past their bounds, through the built CLI and a real daemon: one clear line, the documented exit code.
 */
describe('bounded inputs', () => {
  let root: string;
  beforeAll(async () => {
    root = copyProject('examples/shop');
    mkdirSync(path.join(root, 'src/generated'));
    const source = Array.from({ length: LINES }, (_, i) => `export const value${i + 1} = ${i + 1};`).join('\n');
    writeFileSync(path.join(root, GENERATED), `${source}\n`);
    await cn(['start', '--root', root]);
  });
  afterAll(() => cleanUp(root));

  function expectRefused(
    result: { exitCode: number; stdout: string; stderr: string },
    exitCode: number,
    stderr: RegExp,
  ) {
    expect(result.exitCode).toBe(exitCode);
    expect(result.stderr).toMatch(stderr);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stdout).toBe('');
  }

  // Was "Request body is too large", exit 2: the pipe the README shows failed for any symbol with many references.
  it('inspects more ids from stdin than one request body holds, in order', async () => {
    const ids = Array.from({ length: LINES }, (_, i) => `${GENERATED}::${i + 1}::14`);
    expect(Buffer.byteLength(JSON.stringify({ ids }))).toBeGreaterThan(64 * 1024);
    const result = await cn(['inspect', '-', '--root', root], { input: `${ids.join('\n')}\n` });
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    const answer = json(result);
    expect(answer.failures).toEqual([]);
    expect(answer.total).toBe(LINES);
    expect(answer.results.map((block: { ids: string[] }) => block.ids)).toEqual(ids.map((id) => [id]));
    expect(answer.results[LINES - 1]).toMatchObject({
      filePath: GENERATED,
      code: `export const value${LINES} = ${LINES};`,
    });

    const limited = json(await cn(['inspect', '-', '--limit', '2', '--root', root], { input: ids.join('\n') }));
    expect(limited).toMatchObject({ total: LINES, truncated: true });
    expect(limited.results.map((block: { ids: string[] }) => block.ids)).toEqual([[ids[0]], [ids[1]]]);
  });

  // Was exit 2 for all of them: the daemon refused the whole request over the one line.
  it('reports a stdin line over the id cap as one failure and inspects the rest', async () => {
    const result = await cn(['inspect', '-', '--root', root], { input: `${'x'.repeat(9000)}\n${GENERATED}::2::14\n` });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe(`cn: ${'x'.repeat(79)}…: id is longer than 8192 characters\n`);
    expect(json(result).results.map((block: { ids: string[] }) => block.ids)).toEqual([[`${GENERATED}::2::14`]]);
  });

  // Was a 500 and exit 4 ("Invalid regular expression").
  it('refuses a glob with a backwards range: exit 2, bad glob', async () => {
    expectRefused(
      await cn(['find', 'User', '--in', '[z-a]', '--root', root]),
      2,
      /^cn: bad glob '\[z-a\]': the range z-a runs backwards \(/,
    );
  });

  it('refuses a glob longer than 512 characters: exit 2, glob too long', async () => {
    expectRefused(
      await cn(['find', 'User', '--in', `${'a'.repeat(600)}*`, '--root', root]),
      2,
      /^cn: glob too long \(601 characters, at most 512\)/,
    );
  });

  // Each held the daemon's event loop for minutes (50 stars: 43 s on the old RegExp); now it answers, and so does the
  // next call.
  it.each([
    ['50 stars', `src/${'*'.repeat(50)}x`],
    ['20 globstars', `${'a/**/'.repeat(20)}x`],
    ['stars and letters', `${'*a'.repeat(100)}b`],
  ])('answers a %s glob at once and stays responsive', async (_name, glob) => {
    const bomb = await cn(['find', 'User', '--in', glob, '--root', root]);
    expect(bomb.exitCode).toBe(1);
    expect(json(bomb)).toMatchObject({ definition: null, candidates: [] });
    const after = await cn(['find', 'User', '--in', 'src/**/*.ts', '--root', root]);
    expect(after.exitCode).toBe(0);
    expect(json(after).definition).toMatchObject({ name: 'User', filePath: 'src/domain/user.ts' });
  });

  it.each([
    // Was accepted silently as src/domain/user.ts::1::1.
    [
      'a fourth part',
      'src/domain/user.ts::1::1::1',
      /^cn: malformed id 'src\/domain\/user\.ts::1::1::1': more parts than path::line::character \(/,
    ],
    // Was "line must be 1 or more".
    [
      'a 20-digit line',
      'src/domain/user.ts::12345678901234567890::1',
      /^cn: line 12345678901234567890 is too large in /,
    ],
  ])('refuses an id with %s: exit 2', async (_name, id, stderr) => {
    expectRefused(await cn(['inspect', id, '--root', root]), 2, stderr);
  });
});
