import { describe, expect, it } from 'vitest';
import { ProjectPaths, describeType, findImplementations, presentAnswer } from '../src/index.js';
import { FakeEngine, FakeFiles, ROOT, at, node } from './fakes.js';
import { FakeNavigation } from './navigation-fakes.js';

const shapes = [
  'export interface Shape {',
  '  area(): number;',
  '}',
  'export class Circle implements Shape {',
  '  area() { return this.r; }',
  '}',
  'export class Square implements Shape {',
  '  area() { return 1; }',
  '}',
  'const shape: Shape = new Square();',
  '',
].join('\n');

function setup() {
  const engine = new FakeEngine();
  engine.outlines[`${ROOT}/src/shapes.ts`] = [
    node('Shape', 'Interface', [1, 3], [1, 18], [node('area', 'Method', [2, 2], [2, 3])]),
    node('Circle', 'Class', [4, 6], [4, 14], [node('area', 'Method', [5, 5], [5, 3])]),
    node('Square', 'Class', [7, 9], [7, 14], [node('area', 'Method', [8, 8], [8, 3])]),
    node('shape', 'Variable', [10, 10], [10, 7]),
  ];
  engine.symbols = [
    {
      name: 'Shape',
      kind: 'Interface',
      filePath: `${ROOT}/src/shapes.ts`,
      range: { start: { line: 1, character: 1 }, end: { line: 3, character: 2 } },
    },
  ];
  const navigation = new FakeNavigation();
  // No class or interface to the syntax: implementations come from the engine, as for members of an object type.
  const typeSyntax = { typeDeclarations: async () => [] };
  const deps = {
    engine,
    symbols: engine,
    navigation,
    files: new FakeFiles({ 'src/shapes.ts': shapes }),
    paths: new ProjectPaths(ROOT),
    typeSyntax,
  };
  return { engine, navigation, deps };
}

describe('findImplementations of what is no class or interface: the engine', () => {
  it('names each implementation through the outline, whether the engine points at the name or the declaration', async () => {
    const { navigation, deps } = setup();
    // One at the class name, one at the start of the whole declaration, and `this` (tsserver adds those).
    navigation.implementationsAt[`${ROOT}/src/shapes.ts:1:18`] = [
      at('src/shapes.ts', 7, 1),
      at('src/shapes.ts', 4, 14),
      at('src/shapes.ts', 5, 19),
    ];
    const response = await findImplementations(deps, { target: 'Shape' });
    expect(response.target).toMatchObject({ id: 'src/shapes.ts::1::18', name: 'Shape', kind: 'Interface' });
    expect(response.implementations.map((impl) => `${impl.name} ${impl.kind} ${impl.id}`)).toEqual([
      'Circle Class src/shapes.ts::4::14',
      'Square Class src/shapes.ts::7::14',
    ]);
  });

  it('gives members with their container', async () => {
    const { navigation, deps } = setup();
    // The third is a place the outline names nothing at (a cast): left out.
    navigation.implementationsAt[`${ROOT}/src/shapes.ts:2:3`] = [
      at('src/shapes.ts', 5, 3),
      at('src/shapes.ts', 8, 3),
      at('src/shapes.ts', 10, 22),
    ];
    const response = await findImplementations(deps, { target: 'src/shapes.ts::2::3' });
    expect(response.target).toMatchObject({ name: 'area', container: 'Shape' });
    expect(response.implementations.map((impl) => `${impl.container}.${impl.name}`)).toEqual([
      'Circle.area',
      'Square.area',
    ]);
  });

  it('says the engine searched one project when there are more', async () => {
    const { engine, navigation, deps } = setup();
    const base = engine.status();
    engine.status = () => ({ ...base, projects: ['a/tsconfig.json', 'b/tsconfig.json'] });
    navigation.implementationsAt[`${ROOT}/src/shapes.ts:2:3`] = [at('src/shapes.ts', 5, 3)];
    const response = await findImplementations(deps, { target: 'src/shapes.ts::2::3' });
    expect(response).toMatchObject({
      projects: 2,
      complete: false,
      incomplete: 'the engine searched the project of the target only',
    });
  });
});

describe('describeType', () => {
  it('returns the hover signature and doc, and where the type is declared', async () => {
    const { navigation, deps } = setup();
    navigation.hovers[`${ROOT}/src/shapes.ts:10:7`] = { signature: 'const shape: Shape', documentation: '' };
    navigation.typeDefinitionsAt[`${ROOT}/src/shapes.ts:10:7`] = [at('src/shapes.ts', 1, 18)];
    const response = await describeType(deps, { target: 'src/shapes.ts::10::7' });
    expect(response).toMatchObject({
      signature: 'const shape: Shape',
      documentation: '',
      target: { name: 'shape', kind: 'Variable' },
    });
    expect(response.typeDefinitions.map((definition) => `${definition.name} ${definition.id}`)).toEqual([
      'Shape src/shapes.ts::1::18',
    ]);
  });

  it('does not list a declaration as its own type definition, and says not-found without hover', async () => {
    const { navigation, deps } = setup();
    navigation.hovers[`${ROOT}/src/shapes.ts:1:18`] = {
      signature: 'interface Shape',
      documentation: 'Something with an area.',
    };
    navigation.typeDefinitionsAt[`${ROOT}/src/shapes.ts:1:18`] = [at('src/shapes.ts', 1, 1)];
    expect((await describeType(deps, { target: 'Shape' })).typeDefinitions).toEqual([]);
    await expect(describeType(deps, { target: 'src/shapes.ts::3::1' })).rejects.toMatchObject({ kind: 'not-found' });
  });
});

describe("describeType names the engine's library types, never a path into cn's installation (issue 24.7)", () => {
  it('Promise<T> declared in five lib files: one entry, named, marked library, its file by name only', async () => {
    const { navigation, deps } = setup();
    const lib = (file: string, line: number) => ({
      filePath: `/opt/cn/node_modules/typescript/lib/${file}`,
      range: { start: { line, character: 11 }, end: { line, character: 18 } },
    });
    navigation.hovers[`${ROOT}/src/shapes.ts:10:7`] = { signature: 'const shape: Promise<Shape>', documentation: '' };
    navigation.typeDefinitionsAt[`${ROOT}/src/shapes.ts:10:7`] = [
      lib('lib.es5.d.ts', 1548),
      lib('lib.es2015.iterable.d.ts', 244),
      lib('lib.es2015.promise.d.ts', 79),
      lib('lib.es2015.collection.d.ts', 227),
      at('src/shapes.ts', 1, 18),
    ];
    navigation.libraryDeclarations['/opt/cn/node_modules/typescript/lib/lib.es2015.collection.d.ts:227:11'] = {
      library: 'lib.es2015.collection.d.ts',
      name: 'Promise',
      kind: 'Variable',
    };
    for (const [file, line] of [
      ['lib.es5.d.ts', 1548],
      ['lib.es2015.iterable.d.ts', 244],
      ['lib.es2015.promise.d.ts', 79],
    ] as const)
      navigation.libraryDeclarations[`/opt/cn/node_modules/typescript/lib/${file}:${line}:11`] = {
        library: file,
        name: 'Promise',
        kind: 'Interface',
      };
    const response = await describeType(deps, { target: 'src/shapes.ts::10::7' });
    expect(response.typeDefinitions).toEqual([
      expect.objectContaining({ name: 'Shape', id: 'src/shapes.ts::1::18' }),
      {
        id: 'lib.es2015.iterable.d.ts::244::11',
        filePath: 'lib.es2015.iterable.d.ts',
        line: 244,
        character: 11,
        kind: 'Interface',
        preview: '',
        name: 'Promise',
        outsideRoot: true,
        library: true,
      },
    ]);
    const text = presentAnswer('type', response, 'text').output;
    expect(text).toContain('type defined at  Promise (Interface, library)');
    expect(text).not.toContain('/opt/cn');
    expect(presentAnswer('type', response, 'compact').output).toContain('type: Promise (library)');
    expect(presentAnswer('type', response, 'ids').output.split('\n')).toEqual([
      'src/shapes.ts::10::7',
      'src/shapes.ts::1::18',
    ]);
  });
});

describe('describeType names what it points at (issue 13)', () => {
  const options = [
    'export type Options = {',
    '  verbose: boolean;',
    '};',
    'const options: Options = { verbose: true };',
    'setTimeout(() => options, 1);',
  ].join('\n');

  function optionsSetup() {
    const engine = new FakeEngine();
    engine.outlines[`${ROOT}/src/options.ts`] = [
      node('Options', 'Variable', [1, 3], [1, 13], [node('verbose', 'Property', [2, 2], [2, 3])]),
      node('options', 'Variable', [4, 4], [4, 7]),
    ];
    const navigation = new FakeNavigation();
    const files = new FakeFiles({ 'src/options.ts': options });
    return { engine, navigation, deps: { engine, symbols: engine, navigation, files, paths: new ProjectPaths(ROOT) } };
  }

  it("gives an object type alias's name, kind and name position when the engine points at its `{`", async () => {
    const { navigation, deps } = optionsSetup();
    navigation.hovers[`${ROOT}/src/options.ts:4:7`] = { signature: 'const options: Options', documentation: '' };
    navigation.typeDefinitionsAt[`${ROOT}/src/options.ts:4:7`] = [at('src/options.ts', 1, 23)];
    const response = await describeType(deps, { target: 'src/options.ts::4::7' });
    expect(response.typeDefinitions).toMatchObject([
      { id: 'src/options.ts::1::13', name: 'Options', kind: 'TypeAlias' },
    ]);
  });

  it('names the whole identifier when the id points inside it, and not a function as its own type', async () => {
    const { engine, navigation, deps } = optionsSetup();
    // The middle of `setTimeout`, declared in lib.d.ts outside the root: its own type definition.
    const lib = {
      filePath: '/lib/lib.dom.d.ts',
      range: { start: { line: 9, character: 18 }, end: { line: 9, character: 28 } },
    };
    navigation.hovers[`${ROOT}/src/options.ts:5:3`] = { signature: 'function setTimeout(): number', documentation: '' };
    engine.definitionsAt[`${ROOT}/src/options.ts:5:3`] = [lib];
    navigation.typeDefinitionsAt[`${ROOT}/src/options.ts:5:3`] = [lib];
    const response = await describeType(deps, { target: 'src/options.ts::5::3' });
    expect(response.target).toMatchObject({ name: 'setTimeout', kind: 'Function' });
    expect(response.typeDefinitions).toEqual([]);
  });

  it('calls an enum member declared outside the root EnumMember, from the hover, not Unknown', async () => {
    const { engine, navigation, deps } = optionsSetup();
    const lib = {
      filePath: '/lib/enums.d.ts',
      range: { start: { line: 3, character: 5 }, end: { line: 3, character: 9 } },
    };
    navigation.hovers[`${ROOT}/src/options.ts:5:3`] = { signature: '(enum member) Color.Red = 0', documentation: '' };
    engine.definitionsAt[`${ROOT}/src/options.ts:5:3`] = [lib];
    expect((await describeType(deps, { target: 'src/options.ts::5::3' })).target.kind).toBe('EnumMember');
  });
});
