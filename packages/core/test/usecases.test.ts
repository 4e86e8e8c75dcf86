import { describe, expect, it } from 'vitest';
import { CnError, ProjectPaths, findSymbol, inspectCode, mapFile } from '../src/index.js';
import { FakeEngine, FakeFiles, FakeReferenceSyntax, ROOT, at, node } from './fakes.js';

const userSource = [
  '/** A user. */',
  'export class User {',
  '  name = "";',
  '  save(): void {',
  '    store(this);',
  '  }',
  '}',
  '',
].join('\n');
const indexSource = ["export { User } from './user.js';", 'const user = new User();', ''].join('\n');

function setup() {
  const engine = new FakeEngine();
  const files = new FakeFiles({ 'src/user.ts': userSource, 'src/index.ts': indexSource, 'README.md': '# hi' });
  const referenceSyntax = new FakeReferenceSyntax();
  const deps = { engine, symbols: engine, files, paths: new ProjectPaths(ROOT), referenceSyntax };
  return { engine, files, deps, referenceSyntax };
}

async function failure(promise: Promise<unknown>): Promise<CnError> {
  try {
    await promise;
  } catch (error) {
    return error as CnError;
  }
  throw new Error('expected a failure');
}

describe('findSymbol', () => {
  it('chooses the class, asks references at its name (not at `export`), and counts other spellings as candidates', async () => {
    const { engine, deps } = setup();
    engine.symbols = [
      {
        name: 'user',
        kind: 'Variable',
        filePath: `${ROOT}/src/index.ts`,
        range: { start: { line: 2, character: 1 }, end: { line: 2, character: 24 } },
      },
      {
        name: 'User',
        kind: 'Class',
        filePath: `${ROOT}/src/user.ts`,
        range: { start: { line: 2, character: 1 }, end: { line: 7, character: 2 } },
      },
    ];
    engine.referencesAt[`${ROOT}/src/user.ts:2:14`] = [
      at('src/index.ts', 2, 18),
      at('src/user.ts', 2, 14),
      at('src/index.ts', 1, 10),
    ];

    const response = await findSymbol(deps, { query: 'User' });

    expect(response.definition).toMatchObject({
      id: 'src/user.ts::2::14',
      name: 'User',
      kind: 'Class',
      preview: 'export class User {',
    });
    expect(response.references.map((r) => r.id)).toEqual([
      'src/index.ts::1::10',
      'src/index.ts::2::18',
      'src/user.ts::2::14',
    ]);
    expect(response.totalReferences).toBe(3);
    // `user` is another name in JavaScript: counted, not listed, once `User` matched exactly.
    expect(response.candidates).toEqual([]);
    expect(response.totalCandidates).toBe(1);
  });

  it('cuts references at --limit but still counts them all', async () => {
    const { engine, deps } = setup();
    engine.symbols = [
      {
        name: 'User',
        kind: 'Class',
        filePath: `${ROOT}/src/user.ts`,
        range: { start: { line: 2, character: 1 }, end: { line: 7, character: 2 } },
      },
    ];
    engine.referencesAt[`${ROOT}/src/user.ts:2:14`] = [at('src/index.ts', 2, 18), at('src/user.ts', 2, 14)];
    const response = await findSymbol(deps, { query: 'User', limit: 1 });
    expect(response.references).toHaveLength(1);
    expect(response.totalReferences).toBe(2);
  });

  it('filters by kind and by container for qualified names', async () => {
    const { engine, deps } = setup();
    engine.symbols = [
      {
        name: 'save',
        kind: 'Method',
        containerName: 'User',
        filePath: `${ROOT}/src/user.ts`,
        range: { start: { line: 4, character: 3 }, end: { line: 6, character: 4 } },
      },
      {
        name: 'save',
        kind: 'Function',
        containerName: 'Other',
        filePath: `${ROOT}/src/index.ts`,
        range: { start: { line: 1, character: 1 }, end: { line: 1, character: 4 } },
      },
    ];
    const qualified = await findSymbol(deps, { query: 'User.save' });
    expect(qualified.definition).toMatchObject({ id: 'src/user.ts::4::3', container: 'User' });
    expect(qualified.candidates).toEqual([]);
    const none = await findSymbol(deps, { query: 'save', kind: 'class' });
    expect(none.definition).toBeNull();
  });

  it('answers an id at that exact position', async () => {
    const { engine, deps } = setup();
    engine.definitionsAt[`${ROOT}/src/index.ts:2:18`] = [at('src/user.ts', 2, 14)];
    engine.referencesAt[`${ROOT}/src/index.ts:2:18`] = [at('src/user.ts', 2, 14), at('src/index.ts', 2, 18)];
    engine.outlines[`${ROOT}/src/user.ts`] = [node('User', 'Class', [2, 7], [2, 14])];
    const response = await findSymbol(deps, { query: 'src/index.ts::2::18' });
    expect(response.definition).toMatchObject({ id: 'src/user.ts::2::14', name: 'User', kind: 'Class' });
    expect(response.references).toHaveLength(2);
  });

  it.each([
    ['', /empty query/],
    ['x'.repeat(10_000), /too long/],
    ['two words', /not a symbol name/],
    ['src/index.ts::99::1', /past the end/],
    ['../etc/passwd::1::1', /outside the project root/],
  ])('refuses %j as bad input', async (query, message) => {
    const { deps } = setup();
    const error = await failure(findSymbol(deps, { query }));
    expect(error.kind).toBe('bad-input');
    expect(error.message).toMatch(message);
  });
});

describe('mapFile', () => {
  it('flattens the outline in document order with containers and name ids', async () => {
    const { engine, deps } = setup();
    engine.outlines[`${ROOT}/src/user.ts`] = [
      node(
        'User',
        'Class',
        [2, 7],
        [2, 14],
        [node('save', 'Method', [4, 6], [4, 3]), node('name', 'Property', [3, 3], [3, 3])],
      ),
    ];
    const response = await mapFile(deps, { file: 'src/user.ts' });
    expect(response).toEqual({
      filePath: 'src/user.ts',
      symbols: [
        { id: 'src/user.ts::2::14', name: 'User', kind: 'Class', line: 2, endLine: 7, modifiers: ['export'] },
        { id: 'src/user.ts::3::3', name: 'name', kind: 'Property', line: 3, endLine: 3, container: 'User' },
        { id: 'src/user.ts::4::3', name: 'save', kind: 'Method', line: 4, endLine: 6, container: 'User' },
      ],
      total: 3,
    });
  });

  it('leaves out what functions and methods declare inside, unless locals are asked for', async () => {
    const { engine, deps } = setup();
    const local = node('saved', 'Constant', [5, 5], [5, 11]);
    engine.outlines[`${ROOT}/src/user.ts`] = [
      node('User', 'Class', [2, 7], [2, 14], [node('save', 'Method', [4, 6], [4, 3], [local])]),
    ];
    const names = async (locals?: boolean) =>
      (await mapFile(deps, { file: 'src/user.ts', ...(locals ? { locals } : {}) })).symbols.map((s) => s.name);
    expect(await names()).toEqual(['User', 'save']);
    expect(await names(true)).toEqual(['User', 'save', 'saved']);
  });

  it('refuses files that are not TypeScript/JavaScript sources', async () => {
    const { deps } = setup();
    const error = await failure(mapFile(deps, { file: 'README.md' }));
    expect(error.kind).toBe('bad-input');
    expect(error.message).toMatch(/not a TypeScript\/JavaScript source file/);
  });
});

describe('inspectCode', () => {
  it('returns the enclosing block with its closing brace and related symbols', async () => {
    const { engine, deps } = setup();
    const file = `${ROOT}/src/user.ts`;
    engine.outlines[file] = [node('User', 'Class', [2, 7], [2, 14], [node('save', 'Method', [4, 6], [4, 3])])];
    engine.folds[file] = [
      { startLine: 2, endLine: 6 },
      { startLine: 4, endLine: 5 },
    ];
    const response = await inspectCode(deps, { id: 'ref::src/user.ts::5::5' });
    expect(response.result).toEqual({
      // The block is save(): its id is where save names itself, not the place asked.
      id: 'src/user.ts::4::3',
      filePath: 'src/user.ts',
      range: { startLine: 4, endLine: 6 },
      expand: 'block',
      code: '  save(): void {\n    store(this);\n  }',
      relatedSymbols: ['store'],
    });
  });

  it('gives only the range when asked for no code, and refuses a code flag that is not a boolean', async () => {
    const { engine, deps } = setup();
    engine.outlines[`${ROOT}/src/user.ts`] = [
      node('User', 'Class', [2, 7], [2, 14], [node('save', 'Method', [4, 6], [4, 3])]),
    ];
    expect((await inspectCode(deps, { id: 'src/user.ts::4::3', code: false })).result).toEqual({
      id: 'src/user.ts::4::3',
      filePath: 'src/user.ts',
      range: { startLine: 4, endLine: 6 },
      expand: 'block',
    });
    const error = await failure(inspectCode(deps, { id: 'src/user.ts::4::3', code: 'no' as unknown as boolean }));
    expect(error.kind).toBe('bad-input');
  });

  it('gives N lines either side for surround, clamped to the file', async () => {
    const { deps } = setup();
    const response = await inspectCode(deps, { id: 'src/user.ts:2', expand: 'surround', context: 1 });
    expect(response.result.range).toEqual({ startLine: 1, endLine: 3 });
  });

  it('refuses a line past the end instead of showing the wrong code', async () => {
    const { deps } = setup();
    const error = await failure(inspectCode(deps, { id: 'src/user.ts::8::1' }));
    expect(error.kind).toBe('bad-input');
    expect(error.message).toBe('line 8 is past the end of src/user.ts (7 lines)');
  });
});
