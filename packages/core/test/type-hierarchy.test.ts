import { describe, expect, it } from 'vitest';
import {
  ProjectPaths,
  findImplementations,
  fitImpl,
  estimateJsonTokens,
  type EngineStatus,
  type HierarchyEntry,
  type Position,
  type TypeDeclaration,
  type TypeSyntax,
} from '../src/index.js';
import { FakeEngine, FakeFiles, ROOT, at, key, node } from './fakes.js';
import { FakeNavigation } from './navigation-fakes.js';

const FILES: Record<string, string> = {
  'src/shape.ts': [
    'export interface Shape {',
    '  area(): number;',
    '}',
    'export abstract class Figure implements Shape {',
    '  abstract area(): number;',
    '}',
  ].join('\n'),
  'src/circle.ts': [
    "import { Figure as Base, type Shape } from './shape';",
    'export class Circle extends Base {',
    '  area() { return 1; }',
    '}',
    'export const unit = {} as Shape;',
    'export class Oops extends Error {}',
  ].join('\n'),
  'test/circle.test.ts': ["import { Circle } from '../src/circle';", 'class TestCircle extends Circle {}'].join('\n'),
  'src/widget.ts': ["import { Component } from 'ui';", 'export class Widget extends Component {}'].join('\n'),
  'node_modules/ui/index.d.ts': ['export declare class Component extends Base {}'].join('\n'),
  'src/query.ts': [
    'export interface QueryBase extends Tagged {}',
    'export class QueryBase implements Runnable {}',
    'export interface Tagged {}',
    'export interface Runnable {}',
    'export class Stamped extends mixin(QueryBase) {}',
  ].join('\n'),
};

/** Where `word` starts on a line of a fixture file (1-based), so the test never hard-codes a column wrongly. */
function pos(file: string, line: number, word: string): Position {
  const character = FILES[file].split('\n')[line - 1].indexOf(word);
  if (character < 0) throw new Error(`${word} not on ${file}:${line}`);
  return { line, character: character + 1 };
}
const abs = (file: string) => `${ROOT}/${file}`;
const loc = (file: string, line: number, word: string) =>
  at(file, pos(file, line, word).line, pos(file, line, word).character);

/** The syntax a parser would give for FILES: each class/interface with the names in its heritage clauses. */
class FakeTypeSyntax implements TypeSyntax {
  parsed: string[] = [];
  async typeDeclarations(fileName: string): Promise<TypeDeclaration[]> {
    this.parsed.push(fileName);
    const declarations: Record<string, TypeDeclaration[]> = {
      [abs('src/shape.ts')]: [
        { name: 'Shape', kind: 'Interface', position: pos('src/shape.ts', 1, 'Shape'), heritage: [] },
        {
          name: 'Figure',
          kind: 'Class',
          position: pos('src/shape.ts', 4, 'Figure'),
          heritage: [{ clause: 'implements', text: 'Shape', position: pos('src/shape.ts', 4, 'Shape') }],
        },
      ],
      [abs('src/circle.ts')]: [
        {
          name: 'Circle',
          kind: 'Class',
          position: pos('src/circle.ts', 2, 'Circle'),
          heritage: [{ clause: 'extends', text: 'Base', position: pos('src/circle.ts', 2, 'Base') }],
        },
        {
          name: 'Oops',
          kind: 'Class',
          position: pos('src/circle.ts', 6, 'Oops'),
          heritage: [{ clause: 'extends', text: 'Error', position: pos('src/circle.ts', 6, 'Error') }],
        },
      ],
      [abs('src/widget.ts')]: [
        {
          name: 'Widget',
          kind: 'Class',
          position: pos('src/widget.ts', 2, 'Widget'),
          heritage: [{ clause: 'extends', text: 'Component', position: pos('src/widget.ts', 2, 'Component') }],
        },
      ],
      [abs('node_modules/ui/index.d.ts')]: [
        {
          name: 'Component',
          kind: 'Class',
          position: pos('node_modules/ui/index.d.ts', 1, 'Component'),
          heritage: [{ clause: 'extends', text: 'Base', position: pos('node_modules/ui/index.d.ts', 1, 'Base') }],
        },
      ],
      [abs('test/circle.test.ts')]: [
        {
          name: 'TestCircle',
          kind: 'Class',
          position: pos('test/circle.test.ts', 2, 'TestCircle'),
          heritage: [{ clause: 'extends', text: 'Circle', position: pos('test/circle.test.ts', 2, 'Circle') }],
        },
      ],
    };
    const query = (line: number, word: string) => pos('src/query.ts', line, word);
    declarations[abs('src/query.ts')] = [
      {
        name: 'QueryBase',
        kind: 'Interface',
        position: query(1, 'QueryBase'),
        heritage: [{ clause: 'extends', text: 'Tagged', position: query(1, 'Tagged') }],
      },
      {
        name: 'QueryBase',
        kind: 'Class',
        position: query(2, 'QueryBase'),
        heritage: [{ clause: 'implements', text: 'Runnable', position: query(2, 'Runnable') }],
      },
      { name: 'Tagged', kind: 'Interface', position: query(3, 'Tagged'), heritage: [] },
      { name: 'Runnable', kind: 'Interface', position: query(4, 'Runnable'), heritage: [] },
      {
        name: 'Stamped',
        kind: 'Class',
        position: query(5, 'Stamped'),
        heritage: [
          { clause: 'extends', text: 'QueryBase', position: query(5, 'QueryBase'), mixin: 'mixin(QueryBase)' },
        ],
      },
    ];
    return declarations[fileName] ?? [];
  }
}

function setup(status: Partial<EngineStatus> = {}) {
  const engine = new FakeEngine();
  const base = engine.status();
  engine.status = () => ({ ...base, projects: ['test/tsconfig.json', 'tsconfig.json'], ...status });
  engine.outlines[abs('src/shape.ts')] = [
    node('Shape', 'Interface', [1, 3], [1, 18], [node('area', 'Method', [2, 2], [2, 3])]),
    node('Figure', 'Class', [4, 6], [4, 23], [node('area', 'Method', [5, 5], [5, 12])]),
  ];
  engine.outlines[abs('src/circle.ts')] = [
    node('Circle', 'Class', [2, 4], [2, 14], [node('area', 'Method', [3, 3], [3, 3])]),
    node('unit', 'Constant', [5, 5], [5, 14]),
  ];
  engine.outlines[abs('test/circle.test.ts')] = [node('TestCircle', 'Class', [2, 2], [2, 7])];
  // References as the engine finds them across both projects: the alias `Base`, the cast, the import.
  engine.referencesAt[key(abs('src/shape.ts'), pos('src/shape.ts', 1, 'Shape'))] = [
    loc('src/shape.ts', 4, 'Shape'),
    loc('src/circle.ts', 1, 'Shape'),
    loc('src/circle.ts', 5, 'Shape'),
  ];
  engine.referencesAt[key(abs('src/shape.ts'), pos('src/shape.ts', 4, 'Figure'))] = [
    loc('src/circle.ts', 1, 'Figure'),
    loc('src/circle.ts', 2, 'Base'),
  ];
  engine.referencesAt[key(abs('src/circle.ts'), pos('src/circle.ts', 2, 'Circle'))] = [
    loc('test/circle.test.ts', 1, 'Circle'),
    loc('test/circle.test.ts', 2, 'Circle'),
  ];
  engine.definitionsAt[key(abs('test/circle.test.ts'), pos('test/circle.test.ts', 2, 'Circle'))] = [
    loc('src/circle.ts', 2, 'Circle'),
  ];
  engine.definitionsAt[key(abs('src/circle.ts'), pos('src/circle.ts', 2, 'Base'))] = [loc('src/shape.ts', 4, 'Figure')];
  engine.definitionsAt[key(abs('src/shape.ts'), pos('src/shape.ts', 4, 'Shape'))] = [loc('src/shape.ts', 1, 'Shape')];
  engine.definitionsAt[key(abs('src/circle.ts'), pos('src/circle.ts', 6, 'Error'))] = [
    {
      filePath: '/usr/lib/typescript/lib.es5.d.ts',
      range: { start: { line: 1075, character: 11 }, end: { line: 1075, character: 16 } },
    },
    {
      filePath: '/usr/lib/typescript/lib.es5.d.ts',
      range: { start: { line: 1087, character: 13 }, end: { line: 1087, character: 18 } },
    },
  ];
  engine.definitionsAt[key(abs('src/widget.ts'), pos('src/widget.ts', 2, 'Component'))] = [
    loc('node_modules/ui/index.d.ts', 1, 'Component'),
  ];
  engine.outlines[abs('node_modules/ui/index.d.ts')] = [node('Component', 'Class', [1, 1], [1, 22])];
  const typeSyntax = new FakeTypeSyntax();
  const deps = {
    engine,
    symbols: engine,
    navigation: new FakeNavigation(),
    files: new FakeFiles(FILES),
    paths: new ProjectPaths(ROOT),
    typeSyntax,
  };
  return { engine, deps, typeSyntax };
}

const lines = (entries: HierarchyEntry[]) =>
  entries.map(
    (entry) =>
      `${entry.depth} ${entry.relation} ${entry.container ? `${entry.container}.` : ''}${entry.name} ${entry.id} via ${entry.via}`,
  );

describe('findImplementations: the type hierarchy', () => {
  it('finds subtypes at every level through an alias and in the test project, and no cast', async () => {
    const { deps } = setup();
    const response = await findImplementations(deps, { target: 'src/shape.ts::1::18' });
    expect(response.target).toMatchObject({ id: 'src/shape.ts::1::18', name: 'Shape', kind: 'Interface' });
    expect(lines(response.implementations)).toEqual([
      '1 implements Figure src/shape.ts::4::23 via src/shape.ts::1::18',
      '2 extends Circle src/circle.ts::2::14 via src/shape.ts::4::23',
      '3 extends TestCircle test/circle.test.ts::2::7 via src/circle.ts::2::14',
    ]);
    expect(response).toMatchObject({ direction: 'sub', depth: 10, supertypes: [], projects: 2, complete: true });
  });

  it('a name that resolves to an import alias stands for the type it aliases', async () => {
    const { deps, engine } = setup();
    const alias = pos('src/circle.ts', 1, 'Base');
    engine.symbols = [
      {
        name: 'Base',
        kind: 'Variable',
        filePath: abs('src/circle.ts'),
        range: { start: alias, end: { line: 1, character: alias.character + 4 } },
      },
    ];
    engine.definitionsAt[key(abs('src/circle.ts'), alias)] = [loc('src/shape.ts', 4, 'Figure')];
    const response = await findImplementations(deps, { target: 'Base', depth: 1 });
    expect(response.target).toMatchObject({ id: 'src/shape.ts::4::23', name: 'Figure', kind: 'Class' });
    expect(lines(response.implementations)).toEqual(['1 extends Circle src/circle.ts::2::14 via src/shape.ts::4::23']);
  });

  it('stops at the requested depth', async () => {
    const { deps, engine } = setup();
    const response = await findImplementations(deps, { target: 'src/shape.ts::1::18', depth: 1 });
    expect(lines(response.implementations)).toEqual([
      '1 implements Figure src/shape.ts::4::23 via src/shape.ts::1::18',
    ]);
    // Figure, at the last level, is listed but its own subtypes are not searched.
    expect(engine.asked).toEqual([key(abs('src/shape.ts'), pos('src/shape.ts', 1, 'Shape'))]);
  });

  it('follows supertypes through the alias up to the interface', async () => {
    const { deps } = setup();
    const response = await findImplementations(deps, { target: 'test/circle.test.ts::2::7', direction: 'super' });
    expect(response.implementations).toEqual([]);
    expect(lines(response.supertypes)).toEqual([
      '1 extends Circle src/circle.ts::2::14 via test/circle.test.ts::2::7',
      '2 extends Figure src/shape.ts::4::23 via src/circle.ts::2::14',
      '3 implements Shape src/shape.ts::1::18 via src/shape.ts::4::23',
    ]);
  });

  it('names a library supertype as the project writes it, at that clause, with the kind the engine gives', async () => {
    const { deps } = setup();
    const clause = pos('src/circle.ts', 6, 'Error');
    deps.navigation.hovers[key(abs('src/circle.ts'), clause)] = {
      signature: 'var Error: ErrorConstructor',
      documentation: '',
    };
    const response = await findImplementations(deps, { target: 'src/circle.ts::6::14', direction: 'both' });
    expect(response.supertypes).toEqual([
      {
        id: `src/circle.ts::6::${clause.character}`,
        filePath: 'src/circle.ts',
        line: 6,
        character: clause.character,
        // The standard library declares a class as an interface and a var of a constructor type.
        kind: 'Class',
        preview: 'export class Oops extends Error {}',
        name: 'Error',
        library: true,
        depth: 1,
        via: 'src/circle.ts::6::14',
        relation: 'extends',
      },
    ]);
  });

  it('parses a file once per version of its text: the next question parses only the file that changed', async () => {
    const { deps, typeSyntax } = setup();
    const files = new FakeFiles({ ...FILES });
    deps.files = files;
    const question = { target: 'src/shape.ts::1::18' };
    const first = await findImplementations(deps, question);
    const parsedFirst = [...typeSyntax.parsed].sort();
    expect(parsedFirst).toEqual([abs('src/circle.ts'), abs('src/shape.ts'), abs('test/circle.test.ts')]);

    expect(await findImplementations(deps, question)).toEqual(first);
    expect(typeSyntax.parsed).toHaveLength(parsedFirst.length);

    files.files['src/circle.ts'] += '\n// edited';
    expect(await findImplementations(deps, question)).toEqual(first);
    expect(typeSyntax.parsed.slice(parsedFirst.length)).toEqual([abs('src/circle.ts')]);

    // Another parser (another daemon's, a test's) is never handed this one's declarations.
    const other = new FakeTypeSyntax();
    expect(await findImplementations({ ...deps, typeSyntax: other }, question)).toEqual(first);
    expect([...other.parsed].sort()).toEqual(parsedFirst);
  });

  it('a parse that failed is tried again by the next question', async () => {
    const { deps, typeSyntax } = setup();
    deps.files = new FakeFiles({ ...FILES });
    const question = { target: 'src/shape.ts::1::18' };
    const parse = typeSyntax.typeDeclarations.bind(typeSyntax);
    let failures = 1;
    typeSyntax.typeDeclarations = async (fileName: string) => {
      if (fileName === abs('src/circle.ts') && failures-- > 0) throw new Error('parser crashed');
      return parse(fileName);
    };
    await expect(findImplementations(deps, question)).rejects.toThrow('parser crashed');
    const response = await findImplementations(deps, question);
    expect(lines(response.implementations)).toContain('2 extends Circle src/circle.ts::2::14 via src/shape.ts::4::23');
  });

  it('names a type in a package under the root but does not follow it', async () => {
    const { deps, typeSyntax } = setup();
    const response = await findImplementations(deps, { target: 'src/widget.ts::2::14', direction: 'super' });
    expect(lines(response.supertypes)).toEqual([
      '1 extends Component node_modules/ui/index.d.ts::1::22 via src/widget.ts::2::14',
    ]);
    expect(typeSyntax.parsed).not.toContain(abs('node_modules/ui/index.d.ts'));
  });

  it('lists the members of that name in the subtypes, each under the one it implements', async () => {
    const { deps } = setup();
    const response = await findImplementations(deps, { target: 'src/shape.ts::2::3' });
    expect(lines(response.implementations)).toEqual([
      '1 implements Figure.area src/shape.ts::5::12 via src/shape.ts::2::3',
      '2 extends Circle.area src/circle.ts::3::3 via src/shape.ts::5::12',
    ]);
  });

  it('--limit keeps the nearest entries and counts all; --max-tokens drops previews before entries', async () => {
    const { deps } = setup();
    const limited = await findImplementations(deps, { target: 'src/shape.ts::1::18', limit: 2 });
    expect(limited.implementations.map((entry) => entry.name)).toEqual(['Figure', 'Circle']);
    expect(limited).toMatchObject({ total: 3, truncated: true });
    const all = await findImplementations(deps, { target: 'src/shape.ts::1::18' });
    // The whole answer and its budget report are over this; without previews it fits.
    const withoutPreviews = fitImpl(all, estimateJsonTokens(all));
    expect(withoutPreviews.budget?.stage).toBe('no-previews');
    expect(withoutPreviews.implementations).toHaveLength(3);
    const cut = fitImpl(all, 150);
    expect(cut.budget).toMatchObject({ stage: 'cut', maxTokens: 150 });
    expect(cut.budget!.tokens).toBeLessThanOrEqual(150);
    expect(cut).toMatchObject({ total: 3, truncated: true });
  });

  it('says the answer is incomplete when a project could not be loaded', async () => {
    const { deps } = setup({
      configErrors: [{ file: 'bad/tsconfig.json', line: 1, character: 1, code: 'TS1005', message: "'}' expected." }],
    });
    const response = await findImplementations(deps, { target: 'src/shape.ts::1::18' });
    expect(response.complete).toBe(false);
    expect(response.incomplete).toMatch(/1 tsconfig\/jsconfig file\(s\) could not be read/);
  });

  it('refuses an unknown direction, and supertypes of a member', async () => {
    const { deps } = setup();
    await expect(findImplementations(deps, { target: 'Shape', direction: 'sideways' as 'sub' })).rejects.toMatchObject({
      kind: 'bad-input',
    });
    await expect(findImplementations(deps, { target: 'src/shape.ts::2::3', direction: 'super' })).rejects.toMatchObject(
      { kind: 'bad-input' },
    );
  });
});

describe('findImplementations: what a name stands for, and what was read to answer', () => {
  /** An interface and a class merged under one name, each with its own supertype; a class applying a mixin to it. */
  function merged() {
    const { deps, engine } = setup();
    const query = (line: number, word: string) => loc('src/query.ts', line, word);
    const names = (line: number, word: string) => key(abs('src/query.ts'), pos('src/query.ts', line, word));
    // The engine lists every declaration of a merged symbol as its definition, and the mixin's argument as a reference.
    for (const line of [1, 2])
      engine.definitionsAt[names(line, 'QueryBase')] = [query(1, 'QueryBase'), query(2, 'QueryBase')];
    engine.definitionsAt[names(1, 'Tagged')] = [query(3, 'Tagged')];
    engine.definitionsAt[names(2, 'Runnable')] = [query(4, 'Runnable')];
    for (const line of [1, 2])
      engine.referencesAt[names(line, 'QueryBase')] = [
        query(1, 'QueryBase'),
        query(2, 'QueryBase'),
        query(5, 'QueryBase'),
      ];
    return deps;
  }

  it('a class merged with an interface: the supertypes of both declarations, its subtypes once', async () => {
    const response = await findImplementations(merged(), { target: 'src/query.ts::1::18', direction: 'both' });
    expect(response.declarations?.map((type) => `${type.kind} ${type.name} ${type.id}`)).toEqual([
      'Interface QueryBase src/query.ts::1::18',
      'Class QueryBase src/query.ts::2::14',
    ]);
    expect(lines(response.supertypes)).toEqual([
      '1 extends Tagged src/query.ts::3::18 via src/query.ts::1::18',
      '1 implements Runnable src/query.ts::4::18 via src/query.ts::2::14',
    ]);
    // Asked at the class, the same answer: before, only the interface's `extends Tagged` was found from one, only
    // the class's `implements Runnable` from the other.
    const fromClass = await findImplementations(merged(), { target: 'src/query.ts::2::14', direction: 'super' });
    expect(lines(fromClass.supertypes)).toEqual(lines(response.supertypes));
  });

  it('a class extending a mixin applied to the type is its subtype, said so; the answer counts what it read', async () => {
    const response = await findImplementations(merged(), { target: 'src/query.ts::1::18' });
    expect(response.implementations).toEqual([
      expect.objectContaining({ name: 'Stamped', relation: 'extends', mixin: 'mixin(QueryBase)', depth: 1 }),
    ]);
    expect(response.examined).toEqual({
      files: 1,
      classes: 2,
      classExpressions: 0,
      interfaces: 3,
      typeAliases: 0,
      mixins: 1,
      merged: 1,
    });
  });
});

describe('findImplementations of a file: the hierarchy of each class and interface declared in it', () => {
  it('walks every type of the file in one answer, each entry once at its nearest, with the types listed', async () => {
    const { deps } = setup();
    const response = await findImplementations(deps, { target: 'src/shape.ts', direction: 'both' });
    expect(response.target).toMatchObject({ id: 'src/shape.ts', name: 'src/shape.ts', kind: 'File' });
    expect(response.declarations?.map((type) => `${type.kind} ${type.name} ${type.id}`)).toEqual([
      'Interface Shape src/shape.ts::1::18',
      'Class Figure src/shape.ts::4::23',
    ]);
    expect(lines(response.implementations)).toEqual([
      '1 extends Circle src/circle.ts::2::14 via src/shape.ts::4::23',
      '1 implements Figure src/shape.ts::4::23 via src/shape.ts::1::18',
      '2 extends TestCircle test/circle.test.ts::2::7 via src/circle.ts::2::14',
    ]);
    expect(lines(response.supertypes)).toEqual(['1 implements Shape src/shape.ts::1::18 via src/shape.ts::4::23']);
    expect(response).toMatchObject({ projects: 2, complete: true });
  });

  it('a file declaring no class or interface is not-found, naming the file', async () => {
    const { deps } = setup();
    deps.files.files['src/util.ts'] = 'export const x = 1;\n';
    await expect(findImplementations(deps, { target: 'src/util.ts' })).rejects.toMatchObject({
      kind: 'not-found',
      message: 'src/util.ts declares no class or interface',
    });
  });
});
