import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateTokens } from '../../packages/core/src/output/token-estimate.js';
import { cleanUp, cn, copyProject, json } from '../helpers/cn.js';

/** Issue 5 end to end on ts-multi: targeting, formats, snippets, budgets, pipes, overview, help. */
describe('cn for agents', () => {
  let root: string;
  const run = (args: string[], input?: string) => cn([...args, '--root', root], input === undefined ? {} : { input });
  beforeAll(async () => {
    root = copyProject('test/fixtures/ts-multi');
    await cn(['start', '--root', root]);
  });
  afterAll(() => cleanUp(root));

  describe('targeting', () => {
    it('finds qualified names at any depth, matched against containers', async () => {
      const deep = json(await run(['find', 'Geometry.Units.Meter.toCentimeters', '--no-refs']));
      expect(deep.definition).toMatchObject({
        id: 'lib/geometry.ts::15::7',
        name: 'toCentimeters',
        kind: 'Method',
        container: 'Meter',
      });
      const member = json(await run(['find', 'Square.area', '--no-refs']));
      expect(member.definition).toMatchObject({ id: 'lib/shapes.ts::16::3', container: 'Square' });
      const wrong = await run(['find', 'Geometry.Nope.Meter', '--no-refs']);
      expect(wrong.exitCode).toBe(1);
    });

    it('takes path::Name and path::Class.member as a target in every command, and never guesses', async () => {
      const member = json(await run(['find', 'lib/shapes.ts::Square.area', '--no-refs']));
      expect(member.definition).toMatchObject({ id: 'lib/shapes.ts::16::3', name: 'area', container: 'Square' });
      const hierarchy = json(await run(['impl', 'lib/shapes.ts::Shape']));
      expect(hierarchy.implementations.map((entry: { name: string }) => entry.name).sort()).toEqual([
        'Circle',
        'Square',
      ]);
      // An imported name is the declaration the file uses, through the barrel it came from.
      const used = json(await run(['find', 'app/main.ts::Circle', '--no-refs']));
      expect(used.definition).toMatchObject({ id: 'lib/shapes.ts::5::14', name: 'Circle', kind: 'Class' });
      const block = json(await run(['inspect', 'lib/shapes.ts::Circle', '--no-code']));
      expect(block.result.range).toEqual({ startLine: 5, endLine: 11 });
      // `area` is declared by Shape, Circle and Square alike: refused with the qualified names to re-ask by.
      const several = await run(['find', 'lib/shapes.ts::area']);
      expect(several.exitCode).toBe(2);
      expect(several.stderr).toContain("'area' names 3 declarations in lib/shapes.ts: Shape.area (line 2)");
      const misspelt = await run(['calls', 'lib/shapes.ts::Cirle']);
      expect(misspelt.exitCode).toBe(1);
      expect(misspelt.stderr.trim()).toBe(
        "cn: no declaration named 'Cirle' in lib/shapes.ts (did you mean lib/shapes.ts::Circle?)",
      );
    });

    it('filters by --kind, --in (path and glob) and --exact', async () => {
      // An exact hit lists only same-named candidates; prefix matches (UserRegistry) are only counted…
      const loose = json(await run(['find', 'User', '--no-refs']));
      expect(loose.candidates.map((c: { name: string }) => c.name)).not.toContain('UserRegistry');
      // …and --exact drops them from the count as well.
      const exact = json(await run(['find', 'User', '--no-refs', '--exact']));
      expect(loose.totalCandidates).toBeGreaterThan(exact.totalCandidates);
      // Without an exact hit, prefix matches are what there is, so they are listed.
      expect(json(await run(['find', 'UserReg', '--no-refs'])).definition).toMatchObject({ name: 'UserRegistry' });
      expect(exact.definition).toMatchObject({ id: 'lib/user.ts::2::14', kind: 'Class' });
      expect(exact.candidates.map((c: { name: string }) => c.name)).not.toContain('UserRegistry');
      expect(exact.candidates.every((c: { name: string }) => c.name === 'User')).toBe(true);
      const variable = json(await run(['find', 'user', '--no-refs', '--kind', 'variable']));
      expect(variable.definition).toMatchObject({ filePath: 'app/main.ts', name: 'user' });
      const inApp = json(await run(['find', 'User', '--no-refs', '--in', 'app']));
      expect(inApp.definition.filePath).toBe('app/main.ts');
      const glob = json(await run(['find', 'area', '--no-refs', '--in', 'lib/s*.ts', '--kind', 'method']));
      expect(
        [glob.definition, ...glob.candidates].every((c: { filePath: string }) => c.filePath === 'lib/shapes.ts'),
      ).toBe(true);
      const none = await run(['find', 'User', '--in', 'nowhere/**']);
      expect(none.exitCode).toBe(1);
    });

    it('says when the choice is ambiguous, answers each tie; an id re-asks at that exact place', async () => {
      const answer = json(await run(['find', 'area', '--no-refs', '--kind', 'method']));
      expect(answer.ambiguous).toBe(true);
      const answered = [
        answer.definition,
        ...answer.moreDefinitions.map((group: { definition: unknown }) => group.definition),
        ...answer.candidates,
      ];
      expect(answered.length).toBeGreaterThanOrEqual(3);
      for (const candidate of answered)
        expect(candidate).toEqual(
          expect.objectContaining({ id: expect.any(String), kind: 'Method', container: expect.any(String) }),
        );
      const square = answered.find((c: { container: string }) => c.container === 'Square');
      const again = json(await run(['find', square.id]));
      expect(again.definition).toMatchObject({ id: square.id, container: 'Square' });
      expect(again.references.map((r: { id: string }) => r.id)).toContain(square.id);
    });

    it('--no-refs gives the definition only, --refs-only the references only', async () => {
      const noRefs = json(await run(['find', 'User', '--exact', '--no-refs']));
      expect(noRefs).toMatchObject({ references: [], refs: 'none' });
      const refsOnly = json(await run(['find', 'User', '--exact', '--refs-only']));
      expect(refsOnly).toMatchObject({ definition: null, candidates: [], refs: 'only' });
      expect(refsOnly.totalReferences).toBeGreaterThan(5);
      const both = await run(['find', 'User', '--no-refs', '--refs-only']);
      expect(both.exitCode).toBe(2);
    });
  });

  describe('formats', () => {
    it('prints json, text, compact and ids from the same answer', async () => {
      const answer = json(await run(['find', 'User', '--exact']));
      const text = (await run(['find', 'User', '--exact', '--format', 'text'])).stdout;
      expect(text).toMatch(/^definition {2}Class User {2}lib\/user\.ts:2:14/);
      const compact = (await run(['find', 'User', '--exact', '--format', 'compact'])).stdout.trimEnd().split('\n');
      expect(compact[0]).toBe('lib/user.ts:2:14  Class  User  2-11 (doc 1-1)  │ export class User {  ┆ 11: }');
      const files = new Set(answer.references.map((r: { filePath: string }) => r.filePath));
      expect(compact[1]).toBe(`${answer.totalReferences} refs in ${files.size} files`);
      expect(compact).toContain(
        `lib/registry.ts (${answer.references.filter((r: { filePath: string }) => r.filePath === 'lib/registry.ts').length})`,
      );
      expect(compact).toContain(" 1:10 import │ import { User } from './user.js';");
      const ids = (await run(['find', 'User', '--exact', '--format', 'ids'])).stdout.trimEnd().split('\n');
      expect(ids[0]).toBe('lib/user.ts::2::14');
      expect(new Set(ids)).toEqual(
        new Set([answer.definition.id, ...answer.references.map((r: { id: string }) => r.id)]),
      );
      // The cheaper formats really are cheaper.
      const jsonTokens = estimateTokens(JSON.stringify(answer));
      expect(estimateTokens(compact.join('\n'))).toBeLessThan(jsonTokens / 1.5);
      const bad = await run(['find', 'User', '--format', 'yaml']);
      expect(bad).toMatchObject({ exitCode: 2, stdout: '' });
    });

    it('gives snippets at three levels for find and map', async () => {
      const fold = json(await run(['find', 'isAdmin', '--no-refs', '--snippet', 'fold']));
      expect(fold.definition.snippet).toBe('export function isAdmin(candidate: User): boolean { … }');
      const full = json(await run(['find', 'isAdmin', '--no-refs', '--snippet', 'full']));
      expect(full.definition.snippet).toBe(
        'export function isAdmin(candidate: User): boolean {\n  return candidate.id === 0;\n}',
      );
      const preview = json(await run(['map', 'lib/geometry.ts', '--snippet', 'preview']));
      const geometry = preview.symbols.find((s: { name: string }) => s.name === 'Geometry');
      expect(geometry.snippet.split('\n')).toHaveLength(7);
      expect(geometry.snippet).toMatch(
        /^export namespace Geometry \{\n {2}export class Point \{[\s\S]*… \(14 more lines\)$/,
      );
      const compact = (await run(['map', 'lib/user.ts', '--snippet', 'fold', '--format', 'compact'])).stdout;
      expect(compact).toContain(
        '13:17  export Function  isAdmin  13-15  │ export function isAdmin(candidate: User): boolean { … }',
      );
      expect((await run(['map', 'lib/user.ts', '--snippet', 'all'])).exitCode).toBe(2);
    });

    it('writes to --output and keeps stdout empty', async () => {
      const target = path.join(root, 'answer.txt');
      const result = await run(['find', 'isAdmin', '--no-refs', '--format', 'compact', '--output', target]);
      expect(result).toMatchObject({ exitCode: 0, stdout: '' });
      expect(readFileSync(target, 'utf8')).toMatch(/^lib\/user\.ts:13:17 {2}Function {2}isAdmin/);
      // An I/O error, not bad input: exit 5 (issue 16).
      const unwritable = await run(['find', 'isAdmin', '--output', path.join(root, 'no/such/dir/x')]);
      expect(unwritable).toMatchObject({ exitCode: 5, stdout: '' });
      expect(unwritable.stderr).toMatch(/^cn: cannot write .*no\/such\/dir\/x: ENOENT \(check the directory/);
      expect(existsSync(path.join(root, 'no'))).toBe(false);
    });
  });

  describe('budgets', () => {
    it('--limit cuts every list and says total and truncated', async () => {
      const find = json(await run(['find', 'User', '--limit', '2']));
      expect(find.references).toHaveLength(2);
      expect(find.totalReferences).toBeGreaterThan(2);
      expect(find.truncated).toBe(true);
      expect(find.candidates.length).toBeLessThanOrEqual(2);
      const map = json(await run(['map', 'lib/geometry.ts', '--limit', '2']));
      expect(map).toMatchObject({ total: expect.any(Number), truncated: true });
      expect(map.symbols).toHaveLength(2);
      const compact = (await run(['map', 'lib/geometry.ts', '--limit', '2', '--format', 'compact'])).stdout;
      expect(compact).toMatch(/… \d+ more symbols/);
      const overview = json(await run(['overview', '--limit', '1']));
      expect(overview).toMatchObject({ truncated: true, total: expect.any(Number) });
      expect(overview.files).toHaveLength(1);
    });

    it('--max-tokens trims in stages and names the stage', async () => {
      const full = (await run(['find', 'User', '--exact'])).stdout;
      const size = estimateTokens(full);
      const seen: string[] = [];
      for (const budget of [size * 2, size - 5, Math.floor(size * 0.6), Math.floor(size * 0.4), 120, 20]) {
        const answer = json(await run(['find', 'User', '--exact', '--max-tokens', String(budget)]));
        seen.push(answer.budget.stage);
        if (answer.budget.stage !== 'totals')
          expect(estimateTokens(JSON.stringify(answer))).toBeLessThanOrEqual(budget);
        if (answer.budget.stage === 'no-previews') expect(answer.references[0]).not.toHaveProperty('preview');
        if (answer.budget.stage === 'grouped')
          expect(answer.referenceFiles.reduce((n: number, f: { count: number }) => n + f.count, 0)).toBe(
            answer.totalReferences,
          );
        if (answer.budget.stage === 'totals')
          expect(answer).toMatchObject({ references: [], definition: { id: 'lib/user.ts::2::14' } });
      }
      const order = ['full', 'no-previews', 'grouped', 'totals'];
      expect(seen.map((stage) => order.indexOf(stage))).toEqual([...seen.map((stage) => order.indexOf(stage))].sort());
      expect(seen[0]).toBe('full');
      expect(seen).toContain('grouped');
      expect(seen[seen.length - 1]).toBe('totals');
      const compact = (await run(['find', 'User', '--exact', '--format', 'compact', '--max-tokens', '60'])).stdout;
      expect(compact).toMatch(/budget: (lists replaced by counts per file or kind|only totals kept) to fit ~60 tokens/);
      const map = json(await run(['map', 'lib/geometry.ts', '--max-tokens', '60']));
      expect(['grouped', 'totals']).toContain(map.budget.stage);
      expect(map.kinds).toMatchObject({ Class: 2, Module: 2, Method: 2 });
      expect((await run(['find', 'User', '--max-tokens', '5'])).exitCode).toBe(2);
    });
  });

  describe('pipes', () => {
    it('inspects many ids, from arguments and from stdin, accepting rg and tsc lines', async () => {
      const many = json(await run(['inspect', 'lib/user.ts::14::10', 'lib/user.ts:13', 'app/welcome.ts:4']));
      expect(many.results.map((r: { range: { startLine: number } }) => r.range.startLine)).toEqual([13, 3]);
      expect(many.results[0].ids).toEqual(['lib/user.ts::14::10', 'lib/user.ts:13']);
      const lines = [
        "app/main.ts:5:14:const user = new User(1, 'Ada');",
        'app/welcome.ts(8,14): error TS0000: made up',
        'lib/registry.ts:7',
        '',
        'not a place',
      ].join('\n');
      const piped = await run(['inspect', '-'], lines);
      expect(piped.exitCode).toBe(0);
      const answer = json(piped);
      expect(answer.results.map((r: { filePath: string }) => r.filePath)).toEqual([
        'app/main.ts',
        'app/welcome.ts',
        'lib/registry.ts',
      ]);
      expect(answer.failures).toEqual([expect.objectContaining({ id: 'not a place', kind: 'bad-input' })]);
      expect(piped.stderr).toMatch(/^cn: not a place: malformed id/);
      // No `-` needed when stdin is a pipe and no ids are given.
      expect(json(await run(['inspect'], 'lib/user.ts:13')).results).toHaveLength(1);
      const empty = await run(['inspect'], '');
      expect(empty).toMatchObject({ exitCode: 2, stdout: '' });
    });

    it('cn find … --format ids | cn inspect - works', async () => {
      const ids = (await run(['find', 'User', '--exact', '--refs-only', '--format', 'ids'])).stdout;
      const piped = await run(['inspect', '-', '--format', 'compact', '--limit', '3'], ids);
      expect(piped.exitCode).toBe(0);
      expect(piped.stdout).toMatch(/^app\/main\.ts:\d+-\d+\nimport \{ User/);
      expect(piped.stdout).toMatch(/… \d+ more blocks/);
    });

    it('cn inspect --max-tokens drops the code of the later blocks, then blocks, and says so (issue 13)', async () => {
      const ids = ['lib/user.ts:13', 'lib/registry.ts:7', 'app/welcome.ts:4'];
      const whole = await run(['inspect', ...ids, '--format', 'text']);
      const budget = 60;
      expect(estimateTokens(whole.stdout)).toBeGreaterThan(budget);
      const fitted = await run(['inspect', ...ids, '--format', 'text', '--max-tokens', String(budget)]);
      expect(fitted.exitCode).toBe(0);
      expect(estimateTokens(fitted.stdout)).toBeLessThanOrEqual(budget);
      expect(fitted.stdout).toMatch(
        /budget: (previews and code left out|cut from the end) to fit ~60 tokens \(this answer ~\d+\)$/m,
      );
      // The first block keeps what the budget allows; the last one has at least lost its code.
      expect(fitted.stdout).not.toContain('│ export function welcome');
      const answer = json(await run(['inspect', ...ids, '--max-tokens', '220']));
      expect(answer.results.map((r: { filePath: string }) => r.filePath)).toEqual([
        'lib/user.ts',
        'lib/registry.ts',
        'app/welcome.ts',
      ]);
      expect(answer.results.at(-1).code).toBeUndefined();
      expect(answer.budget).toMatchObject({ maxTokens: 220, stage: 'no-previews' });
    });
  });

  describe('orientation', () => {
    it('overview lists files with exported declarations, signatures and import counts', async () => {
      const answer = json(await run(['overview']));
      expect(answer.counts.files).toBe(7);
      expect(answer.counts.byKind).toEqual({ Class: 4, Function: 4, Interface: 1, Module: 1, Constant: 2 });
      const user = answer.files.find((f: { filePath: string }) => f.filePath === 'lib/user.ts');
      expect(user.symbols[0]).toEqual({
        id: 'lib/user.ts::2::14',
        name: 'User',
        kind: 'Class',
        exported: true,
        signature: 'export class User { … }',
        importedBy: 4,
      });
      expect(answer.mostImported[0]).toMatchObject({ name: 'User', importedBy: 4 });
      const format = answer.files
        .find((f: { filePath: string }) => f.filePath === 'lib/geometry.ts')
        .symbols.find((s: { name: string }) => s.name === 'format');
      expect(format.overloads).toBe(2);
      expect(answer.files[0].filePath).toBe('lib/user.ts');
      const lib = json(await run(['overview', 'lib']));
      expect(lib.files.every((f: { filePath: string }) => f.filePath.startsWith('lib/'))).toBe(true);
      const text = (await run(['overview', '--format', 'compact'])).stdout;
      expect(text).toMatch(/^\.: 7 files, \d+ top-level declarations/);
      expect(text).toContain(' 2:14 *Class User [4] │ export class User { … }');
      const small = json(await run(['overview', '--max-tokens', '120']));
      expect(small.budget.stage).toMatch(/^(cut|totals)$/);
      expect(small.truncated).toBe(true);
    });

    it('guide prints a block for AGENTS.md, and every command has examples in --help', async () => {
      const guide = await cn(['guide']);
      expect(guide.exitCode).toBe(0);
      expect(guide.stdout).toMatch(/cn find X --format compact/);
      for (const command of ['overview', 'map', 'find', 'inspect', 'guide']) {
        const help = await cn([command, '--help']);
        const examples = help.stdout.slice(help.stdout.indexOf('Examples:'));
        expect(examples.match(/^cn /gm)?.length ?? 0).toBeGreaterThanOrEqual(2);
      }
    });
  });
});
