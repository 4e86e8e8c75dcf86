import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, json } from '../helpers/cn.js';

const PARSE = 'src/base.ts::6::3';
const DEFINE_LAZY = 'src/lazy.ts::1::17';
const CORE_RAW = 'src/core/raw.ts::1::17';

/**
 * The call-evidence fixture: overrides, an interface signature, an object-literal method and an assignment of a
 * method name (none a call), calls inside callbacks of a module-level const and of a method, and a package that
 * re-exports core with `export *` beside its own `raw` (the engines list calls of that `raw` as core's).
 */
describe('cn calls and cn impact: only calls, credited where they are written', () => {
  let root: string;
  beforeAll(() => {
    root = copyProject('test/fixtures/call-evidence');
  });
  afterAll(() => cleanUp(root));

  it('overrides, signatures, object-literal methods and assignments are no calls: counted by what they are', async () => {
    const answer = json(await cn(['calls', 'ZodType._parse', '--root', root]));
    expect(answer.root).toBe(PARSE);
    expect(answer.edges).toEqual([
      { from: 'src/base.ts::9::3', to: PARSE, kind: 'calls', callSites: ['src/base.ts::10::17'] },
      // `super._parse(input)` inside the override calls it; the override's own name does not.
      { from: 'src/base.ts::15::12', to: PARSE, kind: 'calls', callSites: ['src/base.ts::16::18'] },
    ]);
    expect(answer).toMatchObject({ nonCallSites: 4, nonCalls: { declaration: 3, write: 1 } });
    // Outwards, `this._parse(input)` and `super._parse(input)` are calls (the engine's site starts at this / super).
    const out = await cn(['calls', 'ZodType.parse', '--direction', 'out', '--format', 'compact', '--root', root]);
    expect(out.stdout.trimEnd().split('\n')).toEqual([
      `ZodType.parse [src/base.ts::9::3] → ZodType._parse [${PARSE}] @ 10:12`,
      'rg -w parse would hit nothing else: every occurrence is a reference',
    ]);
    const fromOverride = await cn([
      'calls',
      'src/base.ts::15::12',
      '--direction',
      'out',
      '--format',
      'compact',
      '--root',
      root,
    ]);
    expect(fromOverride.stdout.trimEnd().split('\n')).toEqual([
      `ZodString._parse [src/base.ts::15::12] → ZodType._parse [${PARSE}] @ 16:12`,
      // Asked by id, the name at it is accounted for too (an override's references hold its base's).
      'rg -w _parse would hit nothing else: every occurrence is a reference',
    ]);
    const compact = await cn(['calls', 'ZodType._parse', '--format', 'compact', '--root', root]);
    expect(compact.stdout.trimEnd().split('\n')).toEqual([
      `ZodType.parse [src/base.ts::9::3] → ZodType._parse [${PARSE}] @ 10:17`,
      `ZodString._parse [src/base.ts::15::12] → ZodType._parse [${PARSE}] @ 16:18`,
      '4 references that do not call, left out: 3 declarations (overrides, signatures), 1 write',
      'rg -w _parse would hit nothing else: every occurrence is a reference',
      // A method's calls are written after a dot: that is the shape whose other hits are accounted for.
      'calls ._parse(…) of other symbols: none',
    ]);
  });

  it('a call in a callback belongs to the declaration it is written in, the callbacks between named', async () => {
    const answer = json(await cn(['calls', 'defineLazy', '--root', root]));
    expect(answer.nodes).toEqual([
      { id: DEFINE_LAZY, name: 'defineLazy', kind: 'Function', depth: 0 },
      { id: 'src/lazy.ts::9::14', name: '$ZodObject', kind: 'Constant', depth: 1 },
      { id: 'src/lazy.ts::15::3', name: 'mount', kind: 'Method', container: 'Mounter', depth: 1 },
    ]);
    expect(answer.edges).toEqual([
      {
        from: 'src/lazy.ts::9::14',
        to: DEFINE_LAZY,
        kind: 'calls',
        callSites: ['src/lazy.ts::10::3', 'src/lazy.ts::11::3'],
        through: { 'src/lazy.ts::10::3': ['arrow@9'], 'src/lazy.ts::11::3': ['arrow@9'] },
      },
      {
        from: 'src/lazy.ts::15::3',
        to: DEFINE_LAZY,
        kind: 'calls',
        callSites: ['src/lazy.ts::17::7'],
        through: { 'src/lazy.ts::17::7': ['arrow@16'] },
      },
    ]);
    const compact = await cn(['calls', 'defineLazy', '--format', 'compact', '--root', root]);
    expect(compact.stdout.trimEnd().split('\n')).toEqual([
      `$ZodObject › arrow@9 [src/lazy.ts::9::14] → defineLazy [${DEFINE_LAZY}] @ 10:3 11:3`,
      `Mounter.mount › arrow@16 [src/lazy.ts::15::3] → defineLazy [${DEFINE_LAZY}] @ 17:7`,
      'rg -w defineLazy would hit nothing else: every occurrence is a reference',
      'bare calls defineLazy(…) of other symbols: none',
    ]);
    // The same rule as cn grep's: the lines of the callback are grouped under $ZodObject there too.
    const grep = json(await cn(['grep', 'defineLazy\\(inst', '--root', root]));
    expect(grep.groups.map((group: { in: { name: string; id: string } }) => `${group.in.name} ${group.in.id}`)).toEqual(
      ['$ZodObject src/lazy.ts::9::14'],
    );
  });

  it('impact follows the callers of a callback-made const: depth 2 reaches the file that uses it', async () => {
    const answer = json(await cn(['impact', 'defineLazy', '--depth', '2', '--root', root]));
    expect(answer.files).toEqual([{ filePath: 'src/use.ts', depth: 2, reasons: ['imports', 'references'] }]);
    expect(answer.edges.map((edge: { from: string }) => edge.from)).toEqual([
      'src/lazy.ts::9::14',
      'src/lazy.ts::15::3',
    ]);
  });

  it('calls of a namesake the engine lists among the references are left out, and counted', async () => {
    const answer = json(await cn(['calls', CORE_RAW, '--root', root]));
    expect(answer.edges).toEqual([
      // `raw(1)` on the same line calls sql's raw (imported from ./sql, which re-exports core with `export *`).
      { from: 'src/app.ts::4::17', to: CORE_RAW, kind: 'calls', callSites: ['src/app.ts::5::19'] },
      // sql's raw calls core's through its import alias.
      { from: 'src/sql/raw.ts::3::17', to: CORE_RAW, kind: 'calls', callSites: ['src/sql/raw.ts::4::10'] },
    ]);
    expect(answer.namesakeCallSites).toBe(1);
    const compact = await cn(['calls', CORE_RAW, '--format', 'compact', '--root', root]);
    expect(compact.stdout).toContain(
      '\n1 call of a namesake (the definition there is another declaration of the name): left out',
    );
    const impact = json(await cn(['impact', CORE_RAW, '--root', root]));
    expect(impact.namesakeCallSites).toBe(1);
    expect(impact.edges.flatMap((edge: { callSites: string[] }) => edge.callSites)).toEqual([
      'src/app.ts::5::19',
      'src/sql/raw.ts::4::10',
    ]);
  });

  it('cn unused: a function only its own body calls is unused (the call belongs to it)', async () => {
    const answer = json(await cn(['unused', 'src/walk.ts', '--root', root]));
    // Each with what rg -w would hit besides it: nothing here, every occurrence is the function's own; and no import
    // of another symbol of the name.
    const nothingElse = (word: string) => ({
      word,
      total: 0,
      declarations: [],
      strings: 0,
      comments: 0,
      other: 0,
      otherImports: { total: 0, modules: [] },
    });
    expect(answer.files).toEqual([
      {
        filePath: 'src/walk.ts',
        unused: [
          {
            id: 'src/walk.ts::2::10',
            name: 'countdown',
            kind: 'Function',
            line: 2,
            exported: false,
            otherMatches: nothingElse('countdown'),
          },
          {
            id: 'src/walk.ts::6::17',
            name: 'walk',
            kind: 'Function',
            line: 6,
            exported: true,
            otherMatches: nothingElse('walk'),
          },
        ],
      },
    ]);
  });
});
