import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanUp, cn, copyProject, json } from '../helpers/cn.js';

/** The occurrences of a word in a project's sources, as `rg -ow` counts them (no word character on either side). */
function wordCount(root: string, word: string): number {
  const files = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.ts'),
  );
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}\\p{M}_])${word}(?![\\p{L}\\p{N}\\p{M}_])`, 'gu');
  return files.reduce(
    (sum, file) => sum + (readFileSync(path.join(root, 'src', file), 'utf8').match(pattern)?.length ?? 0),
    0,
  );
}

type Listed = { id: string; kind: string; name: string };

/** The const `$ZodType` (its id), beside an interface of the same name. */
const ZOD_CONST = 'src/schemas.ts::7::14';

// The same-names fixture: interface+const pairs, two functions `mergePath`, an `export *` chain through a path alias,
// a three-level class hierarchy, and `raw` as a function, a property, `String.raw`, a string and a comment.
describe('cn find: answers that account for the whole name', () => {
  let root: string;
  const run = (args: string[]) => cn([...args, '--root', root]);
  beforeAll(() => {
    root = copyProject('test/fixtures/same-names');
  });
  afterAll(() => cleanUp(root));

  it('totals count every reference and every file, whatever --limit shows', async () => {
    const answer = json(await run(['find', ZOD_CONST, '--limit', '2']));
    expect(answer.references).toHaveLength(2);
    expect(answer).toMatchObject({ totalReferences: 5, totalReferenceFiles: 2, truncated: true });
    const text = await run(['find', ZOD_CONST, '--limit', '2', '--format', 'text']);
    expect(text.stdout).toContain('references  5 in 2 files (showing 2)');
    const compact = await run(['find', ZOD_CONST, '--limit', '2', '--format', 'compact']);
    expect(compact.stdout).toContain('5 refs in 2 files, showing 2');
  });

  it("an id answers its own symbol: the const's id the const, a use the meaning used there", async () => {
    const byId = json(await run(['find', ZOD_CONST]));
    expect(byId.definition).toMatchObject({ id: ZOD_CONST, kind: 'Constant', name: '$ZodType', endLine: 11 });
    expect(byId.references.map((ref: { id: string }) => ref.id)).toContain('src/use-schemas.ts::7::3');
    const alone = json(await run(['find', ZOD_CONST, '--no-refs']));
    expect(alone.definition).toMatchObject({ id: ZOD_CONST, kind: 'Constant' });
    const valueUse = json(await run(['find', 'src/use-schemas.ts::7::3', '--no-refs']));
    expect(valueUse.definition).toMatchObject({ id: ZOD_CONST, kind: 'Constant' });
    const typeUse = json(await run(['find', 'src/use-schemas.ts::6::22', '--no-refs']));
    expect(typeUse.definition).toMatchObject({ id: 'src/schemas.ts::2::18', kind: 'Interface' });
  });

  it('path::Name follows export * chains, through a path alias, and ns.Name through export * as ns', async () => {
    const barrel = await run(['find', 'src/helper/index.ts::getConnInfo', '--no-refs', '--format', 'json']);
    expect([barrel.exitCode, barrel.stderr]).toEqual([0, '']);
    expect(json(barrel).definition).toMatchObject({ id: 'src/lib/conninfo.ts::5::17', kind: 'Function' });
    // The statements followed, so the barrels need no reading to believe the answer.
    expect(json(barrel).reachedThrough).toEqual([
      { site: 'src/helper/index.ts:1', statement: "export * from './conninfo';" },
      { site: 'src/helper/conninfo.ts:1', statement: "export * from '@lib/conninfo';" },
    ]);
    const compact = await run(['find', 'src/helper/index.ts::getConnInfo', '--no-refs', '--format', 'compact']);
    expect(compact.stdout.split('\n')[1]).toBe(
      "via src/helper/index.ts:1 export * from './conninfo'; → src/helper/conninfo.ts:1 export * from '@lib/conninfo';",
    );
    const namespaced = json(await run(['find', 'src/helper/all.ts::info.getConnInfo', '--no-refs']));
    expect(namespaced.definition).toMatchObject({ id: 'src/lib/conninfo.ts::5::17' });
    expect(namespaced.reachedThrough).toEqual([
      { site: 'src/helper/all.ts:1', statement: "export * as info from '../lib/conninfo';" },
    ]);
    // Declared in the file named: nothing was followed.
    expect(json(await run(['find', 'src/lib/conninfo.ts::getConnInfo', '--no-refs'])).reachedThrough).toBeUndefined();
    const impl = await run(['inspect', 'src/helper/index.ts::ConnInfo', '--no-code', '--format', 'json']);
    expect(json(impl).result).toMatchObject({ filePath: 'src/lib/conninfo.ts', range: { startLine: 1, endLine: 3 } });
    const missing = await run(['find', 'src/helper/index.ts::getConn']);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toMatch(/no declaration named 'getConn' in src\/helper\/index.ts or what it re-exports/);
  });

  it('one kind per symbol: search, map and find name each declaration alike; re-exports and renamed imports say so', async () => {
    const map = json(await run(['map', 'src/kinds.ts']));
    const mapKinds = new Map(map.symbols.map((symbol: Listed) => [symbol.id, symbol.kind]));
    const words = 'space inner zod object like counter handler box size make field color red id crate';
    const search = json(await run(['search', words, '--in', 'src/kinds.ts', '--limit', '50']));
    const searchKinds = search.results.map((result: Listed) => `${result.id} ${result.kind}`);
    expect(searchKinds.length).toBeGreaterThan(10);
    expect(searchKinds).toEqual(search.results.map((result: Listed) => `${result.id} ${mapKinds.get(result.id)}`));
    expect(searchKinds).toEqual(expect.arrayContaining(['src/kinds.ts::4::14 Constant', 'src/kinds.ts::8::7 Getter']));
    const listed = json(await run(['find', '*', '--in', 'src/kinds.ts']));
    for (const candidate of listed.candidates)
      expect([candidate.id, candidate.kind]).toEqual([candidate.id, mapKinds.get(candidate.id)]);
    const crate = json(await run(['find', 'Crate', '--no-refs']));
    expect(crate.definition).toMatchObject({ id: 'src/kinds.ts::21::17', kind: 'Export' });
    const carton = json(await run(['find', 'Carton', '--no-refs']));
    expect(carton.definition).toMatchObject({ id: 'src/kind-uses.ts::1::17', kind: 'Import' });
  });

  it('Sub.member answers the member a class two levels up declares, and says the subclass inherits it', async () => {
    const answer = json(await run(['find', 'Sub.member']));
    expect(answer.definition).toMatchObject({
      id: 'src/shapes/base.ts::5::3',
      name: 'member',
      container: 'Base',
      kind: 'Method',
      inheritedBy: 'Sub',
    });
    expect(answer.references.map((ref: Listed) => ref.id)).toEqual(
      expect.arrayContaining(['src/shapes/sub.ts::5::17', 'src/shapes/sub.ts::9::31']),
    );
    const text = await run(['find', 'Sub.member', '--no-refs', '--format', 'text']);
    expect(text.stdout.split('\n')[0]).toBe(
      'definition  Method member (in Base; Sub inherits it)  src/shapes/base.ts:5:3  (lines 5-7; doc 4-4)',
    );
  });

  it('"Sub.*" lists the class\'s members, inherited ones marked, within --limit', async () => {
    const answer = json(await run(['find', 'Sub.*']));
    expect(
      answer.candidates.map(
        (c: Listed & { container: string; inheritedBy?: string }) =>
          `${c.kind} ${c.container}.${c.name}${c.inheritedBy ? ` (${c.inheritedBy} inherits it)` : ''}`,
      ),
    ).toEqual([
      'Method Sub.own',
      'Method Middle.middle (Sub inherits it)',
      'Property Base.shared (Sub inherits it)',
      'Method Base.member (Sub inherits it)',
    ]);
    // A get/set pair is one member, as find answers it.
    const box = json(await run(['find', 'Box.s*']));
    expect(box.candidates.map((c: Listed) => `${c.kind} ${c.name}`)).toEqual(['Getter size']);
    const compact = await run(['find', 'Sub.*', '--limit', '2', '--format', 'compact']);
    expect(compact.stdout.trimEnd().split('\n')).toEqual([
      "4 symbols match 'Sub.*' (showing 2); refs not searched (cn find <id> for one)",
      'src/shapes/sub.ts:4:3  Method  Sub.own  4-6  │ own(): string {',
      'src/shapes/middle.ts:4:3  Method  Middle.middle  4-6  (Sub inherits it)  │ middle(): number {',
      '… 2 more symbols (raise --limit or --max-tokens)',
    ]);
  });

  it('a name with an interface and a const answers both meanings, each with its references', async () => {
    const answer = json(await run(['find', '$ZodType']));
    expect(answer.definition).toMatchObject({ id: 'src/schemas.ts::2::18', kind: 'Interface' });
    expect(answer.references.map((ref: Listed) => ref.id)).toContain('src/use-schemas.ts::6::22');
    expect(answer.moreDefinitions).toHaveLength(1);
    const [value] = answer.moreDefinitions;
    expect(value).toMatchObject({ relation: 'merged', definition: { id: ZOD_CONST, kind: 'Constant' } });
    expect(value.references.map((ref: Listed) => ref.id)).toEqual([
      ZOD_CONST,
      'src/schemas.ts::19::5',
      'src/use-schemas.ts::1::10',
      'src/use-schemas.ts::7::3',
      'src/use-schemas.ts::14::3',
    ]);
    expect(answer.ambiguous).toBeUndefined();
    const compact = await run(['find', '$ZodType', '--format', 'compact']);
    expect(compact.stdout.split('\n')[0]).toBe(
      "'$ZodType' names 2 declarations (one symbol: Interface, Constant), each with its references:",
    );
  });

  it('two functions of one name are both answered, each with its references; overloads are one', async () => {
    const answer = json(await run(['find', 'mergePath']));
    const definitions = [
      answer.definition,
      ...answer.moreDefinitions.map((group: { definition: Listed }) => group.definition),
    ];
    expect(definitions.map((definition: Listed) => definition.id).sort()).toEqual([
      'src/client/utils.ts::1::14',
      'src/utils/url.ts::2::14',
    ]);
    expect(answer).toMatchObject({ ambiguous: true, candidates: [] });
    const url = answer.definition.id === 'src/utils/url.ts::2::14' ? answer : answer.moreDefinitions[0];
    expect(url.totalReferences).toBe(4);
    const pick = json(await run(['find', 'pick', '--no-refs']));
    expect(pick.definition).toMatchObject({ id: 'src/decorated.ts::23::17', endLine: 25 });
    expect(pick.ambiguous).toBeUndefined();
    expect(pick.moreDefinitions).toBeUndefined();
    const size = json(await run(['find', 'Box.size', '--no-refs']));
    expect(size.definition).toMatchObject({ id: 'src/kinds.ts::8::7', kind: 'Getter' });
    expect([size.ambiguous, size.candidates]).toEqual([undefined, []]);
  });

  it('says what rg -w raw would also hit: a property of another class, String.raw, an object key, a string, comments', async () => {
    const answer = json(await run(['find', 'raw']));
    expect(answer.definition).toMatchObject({ id: 'src/html.ts::2::14' });
    const { declarations, ...counts } = answer.otherMatches;
    expect(counts).toEqual({
      word: 'raw',
      total: 8,
      strings: 1,
      comments: 2,
      other: 0,
      otherFiles: ['src/request.ts'],
      otherFilesWhat: ['Property Req.raw ×1'],
    });
    // What `rg -ow raw` counts: every reference (all in the project's files here) and every other match.
    expect(answer.totalReferences + counts.total).toBe(wordCount(root, 'raw'));
    const named = declarations.map(
      (declaration: { container?: string; name: string; kind: string; count: number; library?: true }) =>
        `${declaration.container ?? ''}.${declaration.name} ${declaration.kind} ×${declaration.count}${declaration.library ? ' library' : ''}`,
    );
    expect(named).toEqual([
      'Req.raw Property ×3',
      'StringConstructor.raw Method ×1 library',
      'options.raw Property ×1',
    ]);
    const compact = await run(['find', 'raw', '--format', 'compact']);
    expect(compact.stdout).toContain(
      'rg -w raw would also hit 8: Req.raw ×3 (Property), StringConstructor.raw ×1 (library Method), options.raw ×1 (Property), 1 string, 2 comments',
    );
    // The answer's path filters choose the files, and are said.
    const scoped = json(await run(['find', 'raw', '--refs-in', 'src/use-raw.ts']));
    expect(scoped.otherMatches).toMatchObject({ total: 6, strings: 1, comments: 1, scope: 'refs in src/use-raw.ts' });
    // Nothing to add: every occurrence of getConnInfo is a reference.
    const all = await run(['find', 'getConnInfo', '--format', 'compact']);
    expect(all.stdout).toContain('rg -w getConnInfo would hit nothing else: every occurrence is a reference');
  });

  it('asked by path::Name or by id, find says the same line; ids and files, which feed pipes, say it on stderr', async () => {
    const byPath = json(await run(['find', 'src/html.ts::raw']));
    expect(byPath.definition).toMatchObject({ id: 'src/html.ts::2::14' });
    expect(byPath.otherMatches).toMatchObject({ word: 'raw', total: 8, strings: 1, comments: 2 });
    const byId = json(await run(['find', 'src/html.ts::2::14', '--refs-in', 'src/use-raw.ts']));
    expect(byId.otherMatches).toMatchObject({ word: 'raw', total: 6, scope: 'refs in src/use-raw.ts' });
    expect(json(await run(['find', 'src/html.ts::raw', '--no-refs'])).otherMatches).toBeUndefined();
    const files = await run(['find', 'src/html.ts::raw', '--refs-only', '--format', 'files']);
    expect(files.stdout.split('\n')).not.toContainEqual(expect.stringContaining('rg -w'));
    // Beside a list of files, the files rg -lw raw would add, each with what the word is there: Req.raw alone.
    expect(files.stderr).toBe('cn: rg -lw raw would also list 1 file: src/request.ts (Property Req.raw ×1)\n');
    const ids = await run(['find', 'raw', 'getConnInfo', '--format', 'ids']);
    expect(ids.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^cn: rg -w raw would also hit 8: /),
      'cn: rg -w getConnInfo would hit nothing else: every occurrence is a reference',
    ]);
  });

  it('calls, impl and type asked by a name or an id say the same line', async () => {
    for (const command of ['calls', 'type']) {
      const answer = await run([command, 'raw', '--format', 'compact']);
      expect([command, answer.stdout]).toEqual([
        command,
        expect.stringContaining('rg -w raw would also hit 8: Req.raw ×3'),
      ]);
    }
    const impl = json(await run(['impl', 'Base']));
    expect(impl.otherMatches).toMatchObject({ word: 'Base', total: 0 });
    // By id: the name at it, as find by id says it.
    expect(json(await run(['type', 'src/html.ts::2::14'])).otherMatches).toMatchObject({ word: 'raw', total: 8 });
  });

  it('a line range runs from the line with the name (JSDoc and decorators above it out) to the closing line', async () => {
    // decorated.ts: JSDoc on 5-8, `@logged` on 9, `export class Decorated {` on 10, its `}` on 16; the method's JSDoc
    // on 11, decorator on 12, name on 13, `}` on 15; pick's overloads on 21-22, its implementation on 23-25.
    // The doc comment above is said apart, decorators between skipped: no need to look above the first line.
    const decorated = json(await run(['find', 'Decorated', '--no-refs']));
    expect(decorated.definition).toMatchObject({ line: 10, endLine: 16, docLines: [5, 8], endPreview: '}' });
    const run13 = json(await run(['find', 'Decorated.run', '--no-refs']));
    expect(run13.definition).toMatchObject({ line: 13, endLine: 15, docLines: [11, 11] });
    const map = await run(['map', 'src/decorated.ts', '--format', 'compact']);
    expect(map.stdout).toContain('10:14  export Class  Decorated  10-16');
    expect(map.stdout).toContain('13:3  Method  Decorated.run  13-15');
    const url = await run(['find', 'src/utils/url.ts::mergePath', '--no-refs', '--format', 'text']);
    expect(url.stdout.split('\n')[0]).toBe(
      'definition  Function mergePath  src/utils/url.ts:2:14  (lines 2-2; doc 1-1)',
    );
  });
});
