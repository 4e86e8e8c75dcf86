import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, json } from '../helpers/cn.js';

/** The lines of a text answer that head each target's block. */
const headers = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith('# '));

// Agents answer several questions in one call, as one rg serves several: map, impl, impact and deps take several
// targets, as find, calls, unused and inspect did.
describe('several targets in one command (examples/shop)', () => {
  let root: string;
  const run = (args: string[]) => cn([...args, '--root', root]);
  beforeAll(() => {
    root = copyProject('examples/shop');
  });
  afterAll(() => cleanUp(root));

  it('cn impl A B: one block each under its target; JSON an array', async () => {
    const compact = await run([
      'impl',
      'UserRepository',
      'src/domain/user.ts::User',
      '--direction',
      'both',
      '--format',
      'compact',
    ]);
    expect([compact.exitCode, compact.stderr]).toEqual([0, '']);
    expect(headers(compact.stdout)).toEqual(['# UserRepository', '# src/domain/user.ts::User']);
    expect(compact.stdout).toContain(
      'InMemoryUserRepository (Class) [src/services/user-repository.ts::8::14] implements it',
    );
    const answers = json(await run(['impl', 'UserRepository', 'src/domain/user.ts::User']));
    expect(answers.map((answer: { target: { name: string } }) => answer.target.name)).toEqual([
      'UserRepository',
      'User',
    ]);
  });

  it('cn map a b, cn deps a b and cn impact a b', async () => {
    const map = await run(['map', 'src/domain/money.ts', 'src/domain/user.ts::User', '--format', 'compact']);
    expect(map.exitCode).toBe(0);
    expect(headers(map.stdout)).toEqual(['# src/domain/money.ts', '# src/domain/user.ts::User']);
    // files: a block each, so which file is whose needs no second call.
    const deps = await run([
      'deps',
      'src/domain/money.ts',
      'src/domain/user.ts',
      '--direction',
      'in',
      '--format',
      'files',
    ]);
    expect(deps.exitCode).toBe(0);
    expect(headers(deps.stdout)).toEqual(['# src/domain/money.ts', '# src/domain/user.ts']);
    expect(deps.stdout.split('\n\n')[0].split('\n')).toContain('src/domain/index.ts');
    const impact = await run(['impact', 'isStaff', 'formatMoney', '--format', 'compact']);
    expect(impact.exitCode).toBe(0);
    expect(headers(impact.stdout)).toEqual(['# isStaff', '# formatMoney']);
  });

  it('cn inspect path:start-end: the lines a map gave, as sed -n prints them; a bad range is one line, exit 2', async () => {
    const lines = await run(['inspect', 'src/domain/user.ts:6-7', 'src/api/routes.ts:1-1', '--format', 'json']);
    expect(lines.exitCode).toBe(0);
    expect(
      json(lines).results.map(
        (result: { range: { startLine: number; endLine: number }; expand: string; code: string }) => [
          result.range.startLine,
          result.range.endLine,
          result.expand,
          result.code.split('\n')[0],
        ],
      ),
    ).toEqual([
      [6, 7, 'lines', 'export class User {'],
      [1, 1, 'lines', "import { User, isStaff } from '../domain/index.js';"],
    ]);
    const backward = await run(['inspect', 'src/domain/user.ts:9-6']);
    expect([backward.exitCode, backward.stderr.trim()]).toEqual([
      2,
      'cn: bad line range 9-6 (give path:start-end with 1 <= start <= end)',
    ]);
  });

  it('a target that fails is said on stderr and the others answered; all failing is the first failure', async () => {
    const one = await run(['impl', 'UserRepository', 'src/domain/user.ts::NoSuchType', '--format', 'compact']);
    expect(one.exitCode).toBe(0);
    expect(one.stderr).toMatch(/^cn: src\/domain\/user.ts::NoSuchType: no declaration named 'NoSuchType'/m);
    expect(headers(one.stdout)).toEqual(['# UserRepository']);
    const none = await run(['map', 'src/nowhere.ts', 'src/nothing.ts']);
    expect(none.exitCode).toBe(2);
    expect(none.stderr.trim().split('\n')).toHaveLength(1);
    // --orphans lists the whole project: a file beside it is refused.
    const orphans = await run(['deps', '--orphans', 'src/domain/user.ts']);
    expect([orphans.exitCode, orphans.stderr.trim()]).toEqual([
      2,
      'cn: --orphans takes no file (run cn deps --orphans alone)',
    ]);
  });
});
