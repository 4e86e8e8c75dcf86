import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, json } from '../helpers/cn.js';

interface Listed {
  filePath: string;
  unused: Array<{ name: string; exported: boolean; usedOnlyByTests?: true }>;
}
const names = (answer: { files: Listed[] }) =>
  answer.files.flatMap((file) =>
    file.unused.map((s) => `${file.filePath}:${s.name}${s.usedOnlyByTests ? ' (tests)' : ''}`),
  );

describe('cn unused', () => {
  let root: string;
  beforeAll(() => {
    root = copyProject('examples/shop');
  });
  afterAll(() => cleanUp(root));

  it('lists the top-level declarations nothing else uses, in one call', async () => {
    const result = await cn(['unused', 'src/api/routes.ts', '--root', root]);
    expect(result.exitCode).toBe(0);
    const answer = json(result);
    expect(answer).toMatchObject({
      path: 'src/api/routes.ts',
      filesChecked: 1,
      checked: 5,
      total: 3,
      projects: 1,
      complete: true,
    });
    expect(
      answer.files[0].unused.map((symbol: { name: string; exported: boolean }) => `${symbol.name}:${symbol.exported}`),
    ).toEqual(['register:true', 'buy:true', 'canSeeAdmin:true']);
  });

  it('exits 1 when every declaration is used, and prints a count line for people', async () => {
    const result = await cn(['unused', 'src/domain/money.ts', '--root', root, '--format', 'text']);
    expect(result.exitCode).toBe(1);
    // Each used one with the file its verdict rests on, and how many more.
    expect(result.stdout.trim().split('\n')).toEqual([
      'used: Money (Interface) ← src/domain/index.ts +1; formatMoney (Function) ← src/domain/index.ts',
      '0 of 2 declarations in 1 file unused; 1 project searched',
    ]);
  });
});

describe('cn unused on a project with tests in a tsconfig of their own (test/fixtures/unused)', () => {
  let root: string;
  beforeAll(() => {
    root = copyProject('test/fixtures/unused');
  });
  afterAll(() => cleanUp(root));

  it('--exported: which exports no other file uses, uses only by tests marked; declare global left out', async () => {
    // The first query after start: the tests are another tsconfig project (test/tsconfig.json), searched all the same.
    const answer = json(await cn(['unused', 'src/url.ts', '--exported', '--root', root]));
    expect(names(answer)).toEqual([
      'src/url.ts:splitPath (tests)',
      'src/url.ts:getQueryStrings (tests)',
      'src/url.ts:tryDecode',
      'src/url.ts:neverCalled',
    ]);
    expect(answer).toMatchObject({ checked: 6, usedOnlyByTests: 2, projects: 2, complete: true });
  });

  it('without --exported, uses inside the file count: splitPath and tryDecode are used', async () => {
    const answer = json(await cn(['unused', 'src/url.ts', '--root', root]));
    expect(names(answer)).toEqual(['src/url.ts:getQueryStrings (tests)', 'src/url.ts:neverCalled']);
  });

  it('--refs-not-in drops the uses of matching files: what tests keep alive is plainly unused', async () => {
    const answer = json(
      await cn(['unused', 'src/url.ts', '--exported', '--refs-not-in', '**/*.test.ts', '--root', root]),
    );
    expect(names(answer)).toEqual([
      'src/url.ts:splitPath',
      'src/url.ts:getQueryStrings',
      'src/url.ts:tryDecode',
      'src/url.ts:neverCalled',
    ]);
    const onlySrc = json(await cn(['unused', 'src/url.ts', '--exported', '--refs-in', 'src', '--root', root]));
    expect(names(onlySrc)).toEqual(names(answer));
    // The answer says which uses counted, so the verdict needs no recount.
    expect(answer).toMatchObject({ exported: true, refsNotIn: '**/*.test.ts' });
    const summary = await cn(
      [
        'unused',
        'src/url.ts',
        '--exported',
        '--refs-in',
        'src',
        '--refs-not-in',
        '**/*.test.ts',
        '--format',
        'compact',
      ].concat(['--root', root]),
    );
    expect(summary.stdout.trim().split('\n').pop()).toBe(
      '4 of 6 exports in 1 file used by no other file (uses counted in src, not in **/*.test.ts); 2 projects searched',
    );
  });

  it('a directory or nothing: every file, grouped by file, module augmentations left out', async () => {
    const project = json(await cn(['unused', '--exported', '--root', root]));
    expect(project.path).toBe('.');
    expect(names(project)).toEqual([
      'src/app.ts:route (tests)',
      'src/app.ts:Post',
      'src/app.ts:firstPost',
      'src/models/augment.ts:unusedInAugmentFile',
      'src/url.ts:splitPath (tests)',
      'src/url.ts:getQueryStrings (tests)',
      'src/url.ts:tryDecode',
      'src/url.ts:neverCalled',
      'test/url.test.ts:checks',
    ]);
    const models = json(await cn(['unused', 'src/models', '--exported', '--root', root]));
    expect(models).toMatchObject({ path: 'src/models', filesChecked: 2 });
    expect(names(models)).toEqual(['src/models/augment.ts:unusedInAugmentFile']);
  });

  it('text and compact group and summarize; ids feed other commands; --limit and --max-tokens cut', async () => {
    const text = await cn(['unused', 'src', '--exported', '--format', 'text', '--root', root]);
    // Each export with its line as written: a function, an alias or a type is read there, not grepped.
    expect(text.stdout).toContain(
      'src/url.ts\n   2  Function    splitPath  (exported, used only by tests)  │ export const splitPath = (path: string)',
    );
    expect(text.stdout.trim().split('\n').pop()).toBe(
      '8 of 11 exports in 4 files used by no other file (3 used only by tests); 2 projects searched',
    );
    // --exported says which uses count, so `export *` barrels need no check by hand.
    expect(text.stdout).toMatch(/^a use is a reference from another file: .*\(`export \*` alone names nothing\)$/m);
    const compact = await cn(['unused', 'src/url.ts', '--exported', '--format', 'compact', '--root', root]);
    expect(compact.stdout.split('\n').slice(0, 3)).toEqual([
      "src/url.ts::2::14  Function  splitPath  (exported, used only by tests)  │ export const splitPath = (path: string): string[] => path.split('/').filter((part) => part !== '');",
      '  rg -w splitPath would hit nothing else: every occurrence is a reference',
      // The import lines a reader would grep to check the verdict: none but its own (the test's, a use by a test).
      '  no import or export-from names splitPath but its own, by tests',
    ]);
    // Names no import names are said once for the file; the used exports come with their lines too, so every export
    // of the file is shown as `rg -n "^export"` would show it.
    expect(compact.stdout).toContain(
      '\nno import or export-from names any of tryDecode, neverCalled, from any module (each statement parsed, multi-line ones too)\n',
    );
    expect(compact.stdout).toContain(
      "\nused: decodePath (Function) ← src/app.ts  │ export const decodePath = (path: string): string => splitPath(path).map(tryDecode).join('/');\n",
    );
    // Several paths are one answer (agents asked for two files at once and were refused).
    const two = await cn(['unused', 'src/url.ts', 'src/models', '--exported', '--format', 'compact', '--root', root]);
    expect(two.exitCode).toBe(0);
    expect(two.stdout.trim().split('\n').pop()).toBe(
      '5 of 8 exports in 3 files used by no other file (2 used only by tests); 2 projects searched',
    );
    const tooMany = await cn(['unused', ...Array.from({ length: 52 }, () => 'src/url.ts'), '--root', root]);
    expect(tooMany.stderr).toBe('cn: 52 paths, at most 51 (pass the directory that holds them, or ask in parts)\n');
    expect(tooMany.exitCode).toBe(2);
    const ids = await cn(['unused', 'src/url.ts', '--exported', '--format', 'ids', '--limit', '2', '--root', root]);
    expect(ids.stdout.trim().split('\n')).toEqual(['src/url.ts::2::14', 'src/url.ts::4::14']);
    const limited = json(await cn(['unused', '--exported', '--limit', '2', '--root', root]));
    expect(limited).toMatchObject({ total: 9, truncated: true });
    expect(names(limited)).toHaveLength(2);
    const small = json(await cn(['unused', '--exported', '--max-tokens', '120', '--root', root]));
    expect(small.budget.tokens).toBeLessThanOrEqual(120);
    expect(small).toMatchObject({ total: 9, truncated: true });
  });

  it("--members: a class's members nothing uses, a static used through a subclass (Post.find) counting as used", async () => {
    const answer = json(await cn(['unused', 'Model', '--members', '--root', root]));
    expect(answer).toMatchObject({ path: 'src/models/model.ts', membersOf: 'Model', checked: 5, total: 3 });
    expect(
      answer.files[0].unused.map((s: { name: string; static?: true }) => `${s.name}${s.static ? ' (static)' : ''}`),
    ).toEqual(['count (static)', 'save', 'describe']);
    // --exported: only uses from other files count, so `id` (read inside the class only) joins them.
    const exported = await cn([
      'unused',
      'src/models/model.ts::1::14',
      '--members',
      '--exported',
      '--format',
      'text',
      '--root',
      root,
    ]);
    expect(exported.stdout.trim().split('\n')).toEqual([
      'src/models/model.ts',
      '   6  Method      Model.count  (static)',
      '      rg -w count would hit nothing else: every occurrence is a reference',
      '  10  Property    Model.id',
      // find's parameter and its use: another symbol, not a use of the property.
      '      rg -w id would also hit 2: id ×2 (Variable in src/models/model.ts)',
      '  12  Method      Model.save',
      '      rg -w save would hit nothing else: every occurrence is a reference',
      '  14  Method      Model.describe',
      '      rg -w describe would hit nothing else: every occurrence is a reference',
      // Used through the subclass: Post.find() in app.ts.
      'used: Model.find (Method) ← src/app.ts',
      '4 of 5 members of Model in src/models/model.ts used by no other file; 2 projects searched',
    ]);
  });

  it('bad input: one line on stderr, exit 2', async () => {
    for (const args of [
      ['unused', '--members'],
      ['unused', 'route', '--members'],
      ['unused', 'nosuch'],
      ['unused', 'package.json'],
      ['unused', 'src', '--refs-in', '/etc'],
      ['unused', 'src', '--refs-not-in', ''],
    ]) {
      const result = await cn([...args, '--root', root]);
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('cn unused while files are being deleted', () => {
  let root: string;
  const GENERATED = 20;
  const generated = (index: number) => `src/churn/gen${index}.ts`;
  const writeAll = () => {
    mkdirSync(path.join(root, 'src/churn'), { recursive: true });
    for (let index = 0; index < GENERATED; index++)
      writeFileSync(
        path.join(root, generated(index)),
        `export function churned${index}(): number {\n  return ${index};\n}\n`,
      );
  };
  beforeAll(async () => {
    root = copyProject('examples/shop');
    writeAll();
    await cn(['start', '--root', root]);
  });
  afterAll(() => cleanUp(root));

  it('skips a file deleted mid-answer and says which; never "no such file"', async () => {
    // Files go and come back for as long as the questions run, so some go in the middle of an answer.
    let churning = true;
    const churn = (async () => {
      for (let turn = 0; churning; turn++) {
        const file = path.join(root, generated(turn % GENERATED));
        if (turn % (2 * GENERATED) < GENERATED) rmSync(file, { force: true });
        else writeFileSync(file, `export function churned(): number {\n  return ${turn};\n}\n`);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const skipped = new Set<string>();
    try {
      for (let round = 0; round < 4; round++) {
        const result = await cn(['unused', 'src', '--root', root, ...(round % 2 ? ['--format', 'text'] : [])]);
        expect(result.stderr).toBe('');
        expect([0, 1]).toContain(result.exitCode);
        if (round % 2 === 0)
          for (const file of json(result).deletedWhileChecking ?? []) {
            expect(file).toMatch(/^src\/churn\/gen\d+\.ts$/);
            skipped.add(file);
          }
      }
    } finally {
      churning = false;
      await churn;
    }
    // How many were caught mid-answer depends on timing (the core test pins the behaviour); the count is logged.
    console.log(`cn unused: ${skipped.size} files reported deleted while checked over 4 answers`);
  });
});
