import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, json } from '../helpers/cn.js';

const ERRORS = 'src/errors.ts';
const TEST = 'src/errors.test.ts';
const APP_ERROR = `${ERRORS}::2::14`;

/** The callers fixture is solution-style: src and its tests are two tsconfig projects, as on hono. */
describe('cn calls: callers that are really callers', () => {
  let root: string;
  beforeAll(() => {
    root = copyProject('test/fixtures/callers');
  });
  afterAll(() => cleanUp(root));

  it('references and callers are the same first thing after start as after other queries (both projects)', async () => {
    const fresh = copyProject('test/fixtures/callers');
    try {
      const ask = async () => ({
        references: json(await cn(['find', APP_ERROR, '--refs-only', '--root', fresh])),
        callers: json(await cn(['calls', APP_ERROR, '--root', fresh])),
      });
      // No `cn start`: the very first question starts the daemon and must wait for the test project too.
      const first = await ask();
      expect(first.references.references.map((ref: { filePath: string }) => ref.filePath)).toContain(TEST);
      expect(first.callers.nodes.map((node: { id: string }) => node.id)).toContain(TEST);
      for (const other of [
        ['map', TEST],
        ['find', 'fail'],
        ['inspect', `${TEST}::4::20`],
      ])
        await cn([...other, '--root', fresh]);
      expect(await ask()).toEqual(first);
    } finally {
      cleanUp(fresh);
    }
    // A cold start and eight questions: more than the default minute on a busy machine.
  }, 180_000);

  it('callbacks in another project are <module> callers through them, a module-level const its own; instanceof and imports counted', async () => {
    const answer = json(await cn(['calls', 'AppError', '--root', root]));
    expect(answer.root).toBe(APP_ERROR);
    expect(answer.nodes).toEqual([
      { id: APP_ERROR, name: 'AppError', kind: 'Class', depth: 0 },
      { id: TEST, name: '<module>', kind: 'Module', depth: 1 },
      { id: `${TEST}::4::7`, name: 'shared', kind: 'Constant', depth: 1 },
      { id: `${ERRORS}::6::17`, name: 'fail', kind: 'Function', depth: 1 },
    ]);
    expect(answer.edges).toEqual([
      // `new AppError()` inside the describe and it callbacks at the top level.
      {
        from: TEST,
        to: APP_ERROR,
        kind: 'calls',
        callSites: [`${TEST}::8::23`],
        through: { [`${TEST}::8::23`]: ['arrow@6', 'arrow@7'] },
      },
      // `const shared = new AppError()` belongs to shared, as cn find's `in` and cn grep say.
      { from: `${TEST}::4::7`, to: APP_ERROR, kind: 'calls', callSites: [`${TEST}::4::20`] },
      { from: `${ERRORS}::6::17`, to: APP_ERROR, kind: 'calls', callSites: [`${ERRORS}::7::13`] },
    ]);
    // The import, `error instanceof AppError` in the test and `value instanceof AppError` in errors.ts.
    expect(answer).toMatchObject({ nonCallSites: 3, nonCalls: { import: 1, read: 2 } });
    // Callers live in the test project too: the answer says both projects were searched.
    expect(answer).toMatchObject({ projects: 2, complete: true });
    expect(json(await cn(['calls', 'AppError', '--direction', 'out', '--root', root])).projects).toBeUndefined();
  });

  it('tree and compact name both ends and show the call sites, and the callbacks they sit in', async () => {
    const tree = await cn(['calls', 'AppError', '--format', 'tree', '--root', root]);
    expect(tree.exitCode).toBe(0);
    expect(tree.stdout.trimEnd().split('\n')).toEqual([
      `AppError (Class) [${APP_ERROR}]`,
      `├─[called by]→ <module> (Module) [${TEST}] @ › arrow@6 › arrow@7: 8:23`,
      `├─[called by]→ shared (Constant) [${TEST}::4::7] @ 4:20`,
      `└─[called by]→ fail (Function) [${ERRORS}::6::17] @ 7:13`,
      '3 references that do not call, left out: 2 reads, 1 import',
      'rg -w AppError would hit nothing else: every occurrence is a reference',
      'new AppError(…) and bare calls of other symbols: none',
    ]);
    const compact = await cn(['calls', 'AppError', '--format', 'compact', '--root', root]);
    expect(compact.stdout.trimEnd().split('\n')).toEqual([
      `<module> › arrow@6 › arrow@7 [${TEST}] → AppError [${APP_ERROR}] @ 8:23`,
      `shared [${TEST}::4::7] → AppError [${APP_ERROR}] @ 4:20`,
      `fail [${ERRORS}::6::17] → AppError [${APP_ERROR}] @ 7:13`,
      '3 references that do not call, left out: 2 reads, 1 import',
      'rg -w AppError would hit nothing else: every occurrence is a reference',
      'new AppError(…) and bare calls of other symbols: none',
    ]);
    const limited = await cn(['calls', 'AppError', '--limit', '1', '--format', 'compact', '--root', root]);
    expect(limited.stdout.trimEnd().split('\n')).toEqual([
      `<module> › arrow@6 › arrow@7 [${TEST}] → AppError [${APP_ERROR}] @ 8:23`,
      '… 2 more edges (raise --limit or --max-tokens)',
      '3 references that do not call, left out: 2 reads, 1 import',
      'rg -w AppError would hit nothing else: every occurrence is a reference',
      'new AppError(…) and bare calls of other symbols: none',
    ]);
    const small = await cn(['calls', 'AppError', '--max-tokens', '40', '--format', 'compact', '--root', root]);
    expect(small.exitCode).toBe(0);
    expect(small.stdout).toMatch(
      /… \d more edges? \(raise --limit or --max-tokens\)\nbudget: (cut from the end|only totals kept) to fit ~40 tokens/,
    );
  });

  it('answers every target of cn calls a b, filters callers by path, and takes a file for its top-level calls', async () => {
    const both = json(await cn(['calls', 'AppError', 'isAppError', '--refs-not-in', '**/*.test.ts', '--root', root]));
    expect(both.roots).toEqual([APP_ERROR, `${ERRORS}::10::17`]);
    expect(both.edges.map((edge: { from: string; to: string }) => `${edge.from} → ${edge.to}`)).toEqual([
      `${ERRORS}::6::17 → ${APP_ERROR}`,
    ]);
    // Two constructions and one isAppError call in the test file.
    expect(both.filteredCallSites).toBe(3);
    const file = json(await cn(['calls', TEST, '--direction', 'out', '--root', root]));
    expect(file.nodes[0]).toEqual({ id: TEST, name: '<module>', kind: 'Module', depth: 0 });
    expect(file.nodes.map((node: { name: string }) => node.name).sort()).toEqual([
      '<module>',
      'AppError',
      'describe',
      'fail',
      'isAppError',
      'it',
    ]);
    const bad = await cn(['calls', 'AppError', '--refs-in', '../outside', '--root', root]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^cn: --refs-in '\.\.\/outside' must be relative to the project root/),
    ]);
  });

  it('a name two callables share is answered for each, grouped with its counts (type still flags the guess)', async () => {
    const answer = json(await cn(['calls', 'mergePath', '--root', root]));
    expect(answer.ambiguous).toBeUndefined();
    // In the order cn find ranks them.
    expect(answer.roots).toEqual(['src/client/paths.ts::2::14', `${ERRORS}::4::14`]);
    expect(
      answer.meanings.map((meaning: { id: string; edges: number; callSites: number }) =>
        [meaning.id, meaning.edges, meaning.callSites].join(' '),
      ),
    ).toEqual(['src/client/paths.ts::2::14 0 0', `${ERRORS}::4::14 1 1`]);
    const compact = await cn(['calls', 'mergePath', '--format', 'compact', '--root', root]);
    expect(compact.stdout.trimEnd().split('\n')).toEqual([
      '2 declarations named mergePath, each answered (re-ask with an id for one)',
      'mergePath [src/client/paths.ts::2::14]: 0 callers, 0 call sites',
      `mergePath [${ERRORS}::4::14]: 1 caller, 1 call site`,
      `  fail [${ERRORS}::6::17] → mergePath [${ERRORS}::4::14] @ 7:22`,
      // The JSDoc of the second one names it: the word search over both meanings' references.
      'rg -w mergePath would also hit 1: 1 comment',
      'bare calls mergePath(…) of other symbols: none',
    ]);
    // An id, or the file and the name, is certain.
    const one = json(await cn(['calls', 'src/client/paths.ts::mergePath', '--root', root]));
    expect(one).toMatchObject({ root: 'src/client/paths.ts::2::14', edges: [] });
    // The other mergePath's call is what a grep for the call shape adds: said, with whose it is and where.
    const oneCompact = await cn(['calls', 'src/client/paths.ts::mergePath', '--format', 'compact', '--root', root]);
    expect(oneCompact.stdout).toContain(
      `\nbare calls mergePath(…) of other symbols: 1: mergePath ×1 (Function in ${ERRORS}) at ${ERRORS}:7:22\n`,
    );
    expect(one.meanings).toBeUndefined();
    const type = json(await cn(['type', 'mergePath', '--root', root]));
    expect(type.ambiguous).toBe(true);
    const typeText = await cn(['type', 'mergePath', '--format', 'compact', '--root', root]);
    expect(typeText.stdout).toMatch(
      /\nambiguous: the name was a guess; re-ask with an id: cn type <id>\n {2}also mergePath \(Function\) \[/,
    );
    const typo = json(await cn(['type', 'mergePat', '--root', root]));
    expect(typo).toMatchObject({ ambiguous: true, target: { name: 'mergePath' } });
  });

  it('a misspelt name: find exits 1 with did you mean, calls exits 1 with it in one stderr line', async () => {
    const find = await cn(['find', 'mergPath', '--format', 'compact', '--root', root]);
    expect(find.exitCode).toBe(1);
    expect(find.stdout.split('\n')[0]).toBe("no definition for 'mergPath' — did you mean mergePath?");
    const calls = await cn(['calls', 'AppErorr', '--root', root]);
    expect(calls.exitCode).toBe(1);
    expect(calls.stderr).toBe("cn: no symbol named 'AppErorr' (did you mean AppError?)\n");
  });
});
