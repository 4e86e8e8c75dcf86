import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, json } from '../helpers/cn.js';

type Entry = {
  name: string;
  id: string;
  depth: number;
  via: string;
  relation: string;
  container?: string;
  outsideRoot?: boolean;
};
const lines = (entries: Entry[]) =>
  entries.map(
    (entry) =>
      `${entry.depth} ${entry.relation} ${entry.container ? `${entry.container}.` : ''}${entry.name} ${entry.id} via ${entry.via}`,
  );

const SHAPE = 'src/shape.ts::2::18';
const SUBTYPES_OF_SHAPE = [
  `1 implements Figure src/shape.ts::6::23 via ${SHAPE}`,
  '2 extends Circle src/circle.ts::4::14 via src/shape.ts::6::23',
  '3 extends Ring src/circle.ts::13::14 via src/circle.ts::4::14',
  '3 extends TestCircle test/circle.test.ts::4::14 via src/circle.ts::4::14',
];

// The hierarchy fixture: an interface in the src project, a subclass through an alias export, a
// class expression, casts and typed fields that are no heritage, and a subclass only the test project sees.
describe('cn impl / cn hierarchy end to end on the hierarchy fixture', () => {
  let root: string;
  beforeAll(() => {
    root = copyProject('test/fixtures/hierarchy');
  });
  afterAll(() => cleanUp(root));

  it('gives the same complete answer first thing after start and after other queries', async () => {
    const first = await cn(['impl', 'Shape', '--root', root]);
    expect(first.stderr).toBe('');
    expect(first.exitCode).toBe(0);
    const answer = json(first);
    expect(answer.target).toMatchObject({ id: SHAPE, name: 'Shape', kind: 'Interface' });
    expect(lines(answer.implementations)).toEqual(SUBTYPES_OF_SHAPE);
    expect(answer).toMatchObject({ direction: 'sub', depth: 10, supertypes: [], projects: 2, complete: true });
    expect(answer.incomplete).toBeUndefined();
    for (const other of [
      ['find', 'Circle'],
      ['map', 'test/circle.test.ts'],
      ['impl', 'TestCircle', '--direction', 'super'],
      ['calls', 'Circle.area'],
    ]) {
      await cn([...other, '--root', root]);
    }
    expect(json(await cn(['impl', 'Shape', '--root', root]))).toEqual(answer);
  });

  it('walks supertypes through the alias and to a type alias, and marks a library type outside the root', async () => {
    const ring = json(await cn(['hierarchy', 'Ring', '--direction', 'super', '--root', root]));
    expect(ring.target).toMatchObject({ name: 'Ring', kind: 'Class' });
    expect(lines(ring.supertypes)).toEqual([
      '1 extends Circle src/circle.ts::4::14 via src/circle.ts::13::14',
      '2 extends Figure src/shape.ts::6::23 via src/circle.ts::4::14',
      `3 implements Shape ${SHAPE} via src/shape.ts::6::23`,
    ]);
    const tag = json(await cn(['impl', 'Tag', '--direction', 'super', '--root', root]));
    expect(lines(tag.supertypes)).toEqual(['1 implements Labelled src/circle.ts::24::13 via src/circle.ts::25::14']);
    expect(tag.supertypes[0].kind).toBe('TypeAlias');
    const labelled = json(await cn(['impl', 'Labelled', '--root', root]));
    expect(lines(labelled.implementations)).toEqual([
      '1 implements Tag src/circle.ts::25::14 via src/circle.ts::24::13',
    ]);
    const error = json(await cn(['impl', 'ShapeError', '--direction', 'both', '--root', root]));
    expect(error.implementations).toEqual([]);
    expect(error.supertypes).toHaveLength(1);
    // A library type: named as the project writes it, at its clause (no path into the installation), with its kind.
    expect(error.supertypes[0]).toMatchObject({
      name: 'Error',
      id: 'src/circle.ts::22::33',
      kind: 'Class',
      library: true,
      preview: 'export class ShapeError extends Error {}',
      depth: 1,
    });
    expect(error.supertypes[0].outsideRoot).toBeUndefined();
    const text = await cn(['impl', 'ShapeError', '--direction', 'super', '--format', 'compact', '--root', root]);
    expect(text.stdout.split('\n')[1]).toBe('it extends Error (Class, library) [src/circle.ts::22::33]');
  });

  it('--depth 1 keeps the direct subtypes; text indents each under the type it extends', async () => {
    const direct = json(await cn(['impl', 'Figure', '--depth', '1', '--root', root]));
    expect(lines(direct.implementations)).toEqual(['1 extends Circle src/circle.ts::4::14 via src/shape.ts::6::23']);
    // The name of the alias export stands for the class. Two places bind that name (the re-export and an import of
    // it), both the one class: one meaning, answered as certain.
    const { otherMatches, ...viaAlias } = json(await cn(['hierarchy', 'BaseFigure', '--depth', '1', '--root', root]));
    const { otherMatches: directMatches, ...directAnswer } = direct;
    expect(viaAlias).toEqual(directAnswer);
    // Each name says what a word search for it would also hit.
    expect([otherMatches.word, directMatches.word]).toEqual(['BaseFigure', 'Figure']);
    const text = await cn(['impl', 'Shape', '--format', 'text', '--root', root]);
    expect(text.stdout.trimEnd().split('\n')).toEqual([
      `Shape (Interface) [${SHAPE}]`,
      'implementations  4',
      '  implements Figure (Class) [src/shape.ts::6::23]',
      '    extends Circle (Class) [src/circle.ts::4::14]',
      '      extends Ring (Class, class-expression) [src/circle.ts::13::14]',
      '      extends TestCircle (Class) [test/circle.test.ts::4::14]',
      'rg -w Shape would hit nothing else: every occurrence is a reference',
      // What was read, so "did it miss a class expression?" has an answer.
      'examined 3 files, each one that references a type of the walk (a subtype names its supertype): 6 classes, 1 class expression, 1 interface, 2 type aliases',
      'projects: 2, complete: true',
    ]);
    // A class expression is named by its variable and says what it is.
    const shape = json(await cn(['impl', 'Shape', '--root', root]));
    expect(shape.implementations.find((entry: { name: string }) => entry.name === 'Ring')).toMatchObject({
      kind: 'Class',
      declaration: 'class-expression',
    });
    const ids = await cn(['impl', 'Shape', '--format', 'ids', '--root', root]);
    expect(ids.stdout.trim().split('\n')).toEqual([
      'src/shape.ts::6::23',
      'src/circle.ts::4::14',
      'src/circle.ts::13::14',
      'test/circle.test.ts::4::14',
    ]);
  });

  it('--limit and --max-tokens keep the nearest entries and say how many there are', async () => {
    const limited = json(await cn(['impl', 'Shape', '--limit', '2', '--root', root]));
    expect(lines(limited.implementations)).toEqual(SUBTYPES_OF_SHAPE.slice(0, 2));
    expect(limited).toMatchObject({ total: 4, truncated: true, complete: true });
    const small = await cn(['impl', 'Shape', '--max-tokens', '80', '--format', 'compact', '--root', root]);
    expect(small.exitCode).toBe(0);
    const shown = small.stdout.trim().split('\n');
    // The target once, then the nearest entries, each saying `it` for the target.
    expect(shown[0]).toMatch(/^Shape \(Interface\) \[src\/shape\.ts::/);
    expect(shown.length).toBeGreaterThan(1);
    expect(shown.length).toBeLessThan(5);
    expect(shown[1]).toMatch(/^Figure \(Class\) .* it$/);
    const budget = json(await cn(['impl', 'Shape', '--max-tokens', '120', '--root', root]));
    expect(budget.budget).toMatchObject({ maxTokens: 120, stage: 'cut' });
    expect(budget.budget.tokens).toBeLessThanOrEqual(120);
    expect(budget.total).toBe(4);
  });

  it('members: every override in the subtypes of every project, none from a cast', async () => {
    const area = json(await cn(['impl', 'Shape.area', '--root', root]));
    expect(lines(area.implementations)).toEqual([
      '1 implements Figure.area src/shape.ts::7::12 via src/shape.ts::3::3',
      '2 extends Circle.area src/circle.ts::8::3 via src/shape.ts::7::12',
      '3 extends TestCircle.area test/circle.test.ts::5::12 via src/circle.ts::8::3',
    ]);
  });

  it('a file is the declarations in it: the hierarchy of each class and interface, in one answer', async () => {
    // Run from src/: the path is the shell's, relative to the working directory.
    const answer = json(await cn(['impl', 'shape.ts', '--direction', 'both', '--root', root], { cwd: `${root}/src` }));
    expect(answer.target).toMatchObject({ id: 'src/shape.ts', kind: 'File' });
    expect(answer.declarations.map((type: Entry) => `${type.name} ${type.id}`)).toEqual([
      'Shape src/shape.ts::2::18',
      'Figure src/shape.ts::6::23',
    ]);
    expect(lines(answer.implementations)).toEqual([
      '1 extends Circle src/circle.ts::4::14 via src/shape.ts::6::23',
      '1 implements Figure src/shape.ts::6::23 via src/shape.ts::2::18',
      '2 extends Ring src/circle.ts::13::14 via src/circle.ts::4::14',
      '2 extends TestCircle test/circle.test.ts::4::14 via src/circle.ts::4::14',
    ]);
    expect(lines(answer.supertypes)).toEqual(['1 implements Shape src/shape.ts::2::18 via src/shape.ts::6::23']);
    const text = await cn(['impl', 'src/shape.ts', '--format', 'text', '--root', root]);
    expect(text.stdout.split('\n').slice(0, 3)).toEqual([
      'src/shape.ts (File) [src/shape.ts]',
      'implementations  4',
      '  Shape (Interface) [src/shape.ts::2::18]',
    ]);
    const none = await cn(['impl', 'test/tsconfig.json', '--root', root]);
    expect(none.exitCode).toBe(2);
  });

  it('bad input: one line on stderr, exit 2', async () => {
    for (const args of [
      ['impl', 'Shape', '--direction', 'sideways'],
      ['hierarchy', 'Shape.area', '--direction', 'super'],
      ['impl', 'Shape', '--depth', '0'],
    ]) {
      const result = await cn([...args, '--root', root]);
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(result.stdout).toBe('');
    }
    expect((await cn(['impl', 'Ring', '--root', root])).exitCode).toBe(1);
  });
});
