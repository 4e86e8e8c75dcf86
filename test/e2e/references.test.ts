import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, json } from '../helpers/cn.js';

const REPOSITORY = 'src/repository.ts::5::14';

describe('cn find: roles, groups, files and several queries', () => {
  let root: string;
  beforeAll(() => {
    root = copyProject('test/fixtures/references');
  });
  afterAll(() => cleanUp(root));

  it('--group file prints one line per file with its role counts; the comment mention is counted', async () => {
    const compact = await cn(['find', REPOSITORY, '--group', 'file', '--format', 'compact', '--root', root]);
    expect(compact.exitCode).toBe(0);
    expect(compact.stdout.trimEnd().split('\n').slice(1)).toEqual([
      '11 refs in 4 files',
      'src/service.ts (7) import 1, extends 1, implements 1, type 1, new 2, read 1',
      'test/service.test.ts (2) import 1, new 1',
      'src/index.ts (1) export 1',
      'src/repository.ts (1) declaration 1',
      'left out: 1 in comments (--role comment)',
      'rg -w Repository would hit nothing else: every occurrence is a reference',
    ]);
    const answer = json(await cn(['find', REPOSITORY, '--group', 'symbol', '--root', root]));
    expect(answer.references).toEqual([]);
    expect(answer.referenceSymbols).toContainEqual({
      name: 'repository',
      kind: 'Property',
      id: 'src/service.ts::12::20',
      filePath: 'src/service.ts',
      count: 2,
    });
  });

  it('--role call keeps the calls, each with the symbol it is in', async () => {
    const answer = json(await cn(['find', 'record', '--exact', '--role', 'call', '--root', root]));
    expect(answer.references.map((ref: { id: string; role: string; in: { name: string } }) => ref)).toEqual([
      expect.objectContaining({
        id: 'src/service.ts::15::38',
        role: 'call',
        in: expect.objectContaining({ name: 'run' }),
      }),
      expect.objectContaining({
        id: 'src/service.ts::23::1',
        role: 'call',
        in: expect.objectContaining({ name: '<module>' }),
      }),
    ]);
    expect(answer).toMatchObject({ totalReferences: 2, filteredReferences: 2, projects: 1, complete: true });
    // Without references nothing project-wide was searched, so nothing is claimed.
    expect(json(await cn(['find', 'record', '--exact', '--no-refs', '--root', root])).complete).toBeUndefined();
  });

  it('--format files lists each referencing file once; --refs-not-in leaves the tests out', async () => {
    const all = await cn(['find', REPOSITORY, '--format', 'files', '--root', root]);
    expect(all.stdout.trimEnd().split('\n')).toEqual([
      'src/index.ts',
      'src/repository.ts',
      'src/service.ts',
      'test/service.test.ts',
    ]);
    const noTests = await cn(['find', REPOSITORY, '--refs-not-in', 'test', '--format', 'files', '--root', root]);
    expect(noTests.stdout.trimEnd().split('\n')).toEqual(['src/index.ts', 'src/repository.ts', 'src/service.ts']);
  });

  it('--in narrows where the name is looked for, and says how many references lie outside it', async () => {
    const answer = json(await cn(['find', 'Repository', '--in', 'src', '--root', root]));
    expect(answer.referencesOutsideIn).toEqual({ count: 2, in: 'src' });
    const compact = await cn(['find', 'Repository', '--in', 'src', '--format', 'compact', '--root', root]);
    expect(compact.stdout.split('\n')).toContain(
      '2 references outside --in src: it narrows where the name is looked for; --refs-in keeps only references there',
    );
    // Those --refs-not-in leaves out are not counted, and --refs-in says where references count: nothing to say.
    expect(
      json(await cn(['find', 'Repository', '--in', 'src', '--refs-not-in', 'test', '--root', root]))
        .referencesOutsideIn,
    ).toBeUndefined();
    expect(
      json(await cn(['find', 'Repository', '--in', 'src', '--refs-in', 'src', '--root', root])).referencesOutsideIn,
    ).toBeUndefined();
  });

  it('--refs-not-in takes a comma list or the flag repeated (a union); a piece that matches no file is said (issue 23, item 4)', async () => {
    const ask = (...filters: string[]) => cn(['find', REPOSITORY, ...filters, '--format', 'files', '--root', root]);
    const withoutTestsOrIndex = ['src/repository.ts', 'src/service.ts'];
    // As one glob, "test,src/index.ts" matched nothing and nothing was left out, silently.
    const listed = await ask('--refs-not-in', 'test/**/*.test.ts,src/index.ts');
    // No warning: every piece matched; only what rg -lw would add is said beside the pipe's list.
    expect(listed).toMatchObject({
      exitCode: 0,
      stderr: 'cn: rg -lw Repository (refs not in test/**/*.test.ts,src/index.ts) would list no other file\n',
    });
    expect(listed.stdout.trimEnd().split('\n')).toEqual(withoutTestsOrIndex);
    const repeated = await ask('--refs-not-in', 'test', '--refs-not-in', 'src/index.ts');
    expect(repeated.stdout.trimEnd().split('\n')).toEqual(withoutTestsOrIndex);
    const braces = await ask('--refs-not-in', '{test/**,src/index.ts}');
    expect(braces.stdout.trimEnd().split('\n')).toEqual(withoutTestsOrIndex);
    // A piece that matches no project file: said on stderr beside a pipe's list, first in a text answer, in JSON.
    const typo = await ask('--refs-not-in', 'test,**/*.spec.ts');
    expect(typo.stdout.trimEnd().split('\n')).toEqual(['src/index.ts', 'src/repository.ts', 'src/service.ts']);
    expect(typo.stderr.split('\n')[0]).toBe("cn: warning: --refs-not-in '**/*.spec.ts' matches no project file");
    const compact = await cn([
      'find',
      REPOSITORY,
      '--refs-not-in',
      'test,**/*.spec.ts',
      '--format',
      'compact',
      '--root',
      root,
    ]);
    expect(compact.stdout.split('\n')[0]).toBe("warning: --refs-not-in '**/*.spec.ts' matches no project file");
    const answer = json(await cn(['find', REPOSITORY, '--in', 'lib', '--refs-in', 'src', '--root', root]));
    expect(answer.unmatched).toEqual([{ field: 'in', pattern: 'lib' }]);
  });

  it('answers several queries from stdin: one JSON array, one text block per query', async () => {
    const input = `${REPOSITORY}\nrecord\n`;
    const many = await cn(['find', '-', '--exact', '--no-refs', '--root', root], { input });
    expect(many.exitCode).toBe(0);
    const answers = json(many);
    expect(answers.map((answer: { definition: { name: string } }) => answer.definition.name)).toEqual([
      'Repository',
      'record',
    ]);
    const text = await cn(['find', 'record', 'saved', '--exact', '--no-refs', '--format', 'compact', '--root', root]);
    expect(text.stdout).toMatch(/^# record\nsrc\/repository\.ts:14:17 {2}Function {2}record.*\n\n# saved\n/);
  });
});
