import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, json } from '../helpers/cn.js';

const BASE = 'src/base.ts::1::14';
const QUERY_INTERFACE = 'src/kinds.ts::8::18';
const QUERY_CLASS = 'src/kinds.ts::12::14';

const compact = (result: { stdout: string }) => result.stdout.trimEnd().split('\n');

/**
 * The type-evidence fixture: subclasses of Base as a class declaration, through a mixin (`extends
 * Timestamped(Base)`), as a class expression held by a const and as one passed to a function; an interface merged
 * with a class of the same name, each with its own supertype; library supertypes; two classes named Widget and two
 * functions named mergePath in two files.
 */
describe('cn impl: what it found, what it read, and every meaning of a name', () => {
  let root: string;
  beforeAll(() => {
    root = copyProject('test/fixtures/type-evidence');
  });
  afterAll(() => cleanUp(root));

  it('finds class expressions and classes a mixin was applied to, and says what it examined', async () => {
    const answer = json(await cn(['impl', 'Base', '--root', root]));
    expect(answer.implementations.map((entry: { name: string; id: string }) => `${entry.name} ${entry.id}`)).toEqual([
      'Widget src/a/widget.ts::4::14',
      'Stamped src/kinds.ts::4::14',
      'Anonymous src/kinds.ts::6::14',
      'class src/mixins.ts::15::36',
    ]);
    expect(answer.implementations[1]).toMatchObject({ relation: 'extends', mixin: 'Timestamped(Base)' });
    expect(answer.implementations[3]).toMatchObject({ declaration: 'class-expression', container: 'Registered' });
    expect(answer.examined).toEqual({
      files: 4,
      classes: 7,
      classExpressions: 3,
      interfaces: 3,
      typeAliases: 1,
      mixins: 1,
      merged: 1,
    });
    // The target once, then `it` (issue 24, item 16).
    expect(compact(await cn(['impl', 'Base', '--format', 'compact', '--root', root]))).toEqual([
      // Each with its header as written: the heritage, seen without a grep.
      `Base (Class) [${BASE}]  │ export class Base {`,
      'Widget (Class) [src/a/widget.ts::4::14] extends it  │ export class Widget extends Base {',
      'Stamped (Class) [src/kinds.ts::4::14] through Timestamped(Base) extends it  │ export class Stamped extends Timestamped(Base) {',
      'Anonymous (Class, class-expression) [src/kinds.ts::6::14] extends it  │ export const Anonymous = class extends Base {',
      'class (Class, class-expression) (in Registered) [src/mixins.ts::15::36] extends it  │ export const Registered = register(class extends Base {});',
      'examined 4 files, each one that references a type of the walk (a subtype names its supertype): 7 classes, 3 class expressions, 3 interfaces, 1 type alias, 1 mixin application, 1 interface+class merge',
      'rg -w Base would hit nothing else: every occurrence is a reference',
    ]);
    // And upwards: the class the mixin was applied to is the supertype.
    expect(
      compact(await cn(['impl', 'Stamped', '--direction', 'super', '--format', 'compact', '--root', root]))[1],
    ).toBe(`it extends Base (Class) [${BASE}] through Timestamped(Base)  │ export class Base {`);
  });

  it('a class merged with an interface: the supertypes of both, asked by name or at either declaration', async () => {
    const byName = json(await cn(['impl', 'QueryBase', '--direction', 'both', '--root', root]));
    expect(byName.ambiguous).toBeUndefined();
    expect(byName.declarations.map((type: { kind: string; id: string }) => `${type.kind} ${type.id}`)).toEqual([
      `Interface ${QUERY_INTERFACE}`,
      `Class ${QUERY_CLASS}`,
    ]);
    const supertypes = (answer: { supertypes: Array<{ via: string; relation: string; name: string }> }) =>
      answer.supertypes.map((entry) => `${entry.via} ${entry.relation} ${entry.name}`).sort();
    expect(supertypes(byName)).toEqual([`${QUERY_CLASS} implements Runnable`, `${QUERY_INTERFACE} extends Tagged`]);
    expect(
      byName.implementations.map((entry: { name: string; via: string }) => `${entry.name} via ${entry.via}`),
    ).toEqual([`Select via ${QUERY_CLASS}`]);
    for (const id of [QUERY_INTERFACE, QUERY_CLASS])
      expect(supertypes(json(await cn(['impl', id, '--direction', 'super', '--root', root])))).toEqual(
        supertypes(byName),
      );
  });

  it('library supertypes are named as written, with their kind, at the clause: no path into the installation', async () => {
    expect(
      compact(await cn(['impl', 'Failure', '--direction', 'super', '--format', 'compact', '--root', root]))[1],
    ).toBe('it extends Error (Class, library) [src/kinds.ts::20::30]');
    const listing = json(await cn(['impl', 'Listing', '--direction', 'super', '--root', root]));
    expect(listing.supertypes).toEqual([
      {
        id: 'src/kinds.ts::22::33',
        filePath: 'src/kinds.ts',
        line: 22,
        character: 33,
        kind: 'Interface',
        preview: 'export class Listing implements Iterable<number> {',
        name: 'Iterable',
        library: true,
        depth: 1,
        via: 'src/kinds.ts::22::14',
        relation: 'implements',
      },
    ]);
  });

  it('a name two classes share: each hierarchy answered, grouped with its counts; an id or path::Name is certain', async () => {
    const answer = json(await cn(['impl', 'Widget', '--direction', 'both', '--root', root]));
    expect(answer.ambiguous).toBeUndefined();
    expect(
      answer.meanings.map(
        (meaning: { id: string; implementations: number; supertypes: number }) =>
          `${meaning.id} ${meaning.implementations} ${meaning.supertypes}`,
      ),
    ).toEqual(['src/a/widget.ts::4::14 0 1', 'src/b/widget.ts::4::14 0 1']);
    expect(compact(await cn(['impl', 'Widget', '--direction', 'both', '--format', 'compact', '--root', root]))).toEqual(
      [
        '2 declarations named Widget, each answered (re-ask with an id for one)',
        'Widget (Class) [src/a/widget.ts::4::14]: 0 implementations, 1 supertype',
        'Widget (Class) [src/b/widget.ts::4::14]: 0 implementations, 1 supertype',
        `src/a/widget.ts::4::14 extends Base (Class) [${BASE}]  │ export class Base {`,
        'src/b/widget.ts::4::14 implements Runnable (Interface) [src/base.ts::7::18]  │ export interface Runnable {',
        'examined 3 files, each one that references a type of the walk (a subtype names its supertype): 3 classes, 2 interfaces',
        'rg -w Widget would also hit 2: 2 comments',
      ],
    );
    const one = json(await cn(['impl', 'src/b/widget.ts::Widget', '--direction', 'super', '--root', root]));
    expect(one.meanings).toBeUndefined();
    expect(one.supertypes.map((entry: { name: string }) => entry.name)).toEqual(['Runnable']);
  });

  it('cn calls answers each of two functions of one name, each with its callers', async () => {
    expect(compact(await cn(['calls', 'mergePath', '--format', 'compact', '--root', root]))).toEqual([
      '2 declarations named mergePath, each answered (re-ask with an id for one)',
      'mergePath [src/a/widget.ts::6::17]: 1 caller, 1 call site',
      '  joined [src/a/widget.ts::10::14] → mergePath [src/a/widget.ts::6::17] @ 10:23',
      'mergePath [src/b/widget.ts::8::17]: 1 caller, 2 call sites',
      '  twice [src/b/widget.ts::12::17] → mergePath [src/b/widget.ts::8::17] @ 13:10 13:20',
      'rg -w mergePath would hit nothing else: every occurrence is a reference',
      'bare calls mergePath(…) of other symbols: none',
    ]);
  });
});
