import { describe, expect, it } from 'vitest';
import { ProjectPaths, findSymbol, fitFind, presentAnswer } from '../src/index.js';
import { FakeEngine, FakeFiles, FakeReferenceSyntax, ROOT, at, key, node } from './fakes.js';

// An interface and a const of one name (zod's `$ZodType`): one symbol with a type and a value meaning.
const schemas = [
  'export interface $ZodType {', // 1
  '  readonly def: string;', // 2
  '}', // 3
  'export const $ZodType = {', // 4
  '  init(inst: $ZodType): void {},', // 5
  '};', // 6
  '',
].join('\n');
const uses = [
  "import { $ZodType } from './schemas';", // 1
  'const inst = {} as $ZodType;', // 2
  '$ZodType.init(inst);', // 3
  '',
].join('\n');

const SCHEMAS = `${ROOT}/src/schemas.ts`;
const USES = `${ROOT}/src/uses.ts`;
const INTERFACE = at('src/schemas.ts', 1, 18, 1, 26);
const CONST = at('src/schemas.ts', 4, 14, 4, 22);

function setup() {
  const engine = new FakeEngine();
  const referenceSyntax = new FakeReferenceSyntax();
  const files = new FakeFiles({ 'src/schemas.ts': schemas, 'src/uses.ts': uses });
  const deps = { engine, symbols: engine, files, paths: new ProjectPaths(ROOT), referenceSyntax };
  engine.outlines[SCHEMAS] = [
    node('$ZodType', 'Interface', [1, 3], [1, 18], [node('def', 'Property', [2, 2], [2, 12])]),
    node('$ZodType', 'Constant', [4, 6], [4, 14], [node('init', 'Method', [5, 5], [5, 3])]),
  ];
  // The engine's definition of a merged symbol lists every declaration, the interface first, wherever it is asked.
  for (const [filePath, line, character] of [
    [SCHEMAS, 1, 18],
    [SCHEMAS, 4, 14],
    [USES, 2, 20],
    [USES, 3, 1],
  ] as const)
    engine.definitionsAt[key(filePath, { line, character })] = [INTERFACE, CONST];
  engine.referencesAt[key(SCHEMAS, { line: 4, character: 14 })] = [CONST, at('src/uses.ts', 3, 1)];
  engine.referencesAt[key(SCHEMAS, { line: 1, character: 18 })] = [INTERFACE, at('src/uses.ts', 2, 20)];
  referenceSyntax.sites[key(USES, { line: 2, character: 20 })] = { role: 'type' };
  referenceSyntax.sites[key(USES, { line: 3, character: 1 })] = { role: 'read' };
  referenceSyntax.sites[key(SCHEMAS, { line: 4, character: 14 })] = { role: 'declaration' };
  referenceSyntax.sites[key(SCHEMAS, { line: 1, character: 18 })] = { role: 'declaration' };
  return { engine, deps };
}

describe('find by id: the symbol at that place, not the first declaration of its name', () => {
  it("the const's id answers the const, with or without references", async () => {
    const { deps } = setup();
    const answer = await findSymbol(deps, { query: 'src/schemas.ts::4::14' });
    expect(answer.definition).toMatchObject({ id: 'src/schemas.ts::4::14', kind: 'Constant', name: '$ZodType' });
    expect(answer.references.map((ref) => ref.id)).toEqual(['src/schemas.ts::4::14', 'src/uses.ts::3::1']);
    const alone = await findSymbol(deps, { query: 'src/schemas.ts::4::14', refs: 'none' });
    expect(alone.definition).toMatchObject({ id: 'src/schemas.ts::4::14', kind: 'Constant', endLine: 6 });
  });

  it("the interface's id answers the interface", async () => {
    const { deps } = setup();
    const answer = await findSymbol(deps, { query: 'src/schemas.ts::1::18', refs: 'none' });
    expect(answer.definition).toMatchObject({ id: 'src/schemas.ts::1::18', kind: 'Interface' });
  });

  it("a use's id answers the meaning used there: a type use the interface, a value use the const", async () => {
    const { deps } = setup();
    const typeUse = await findSymbol(deps, { query: 'src/uses.ts::2::20', refs: 'none' });
    expect(typeUse.definition).toMatchObject({ id: 'src/schemas.ts::1::18', kind: 'Interface' });
    const valueUse = await findSymbol(deps, { query: 'src/uses.ts::3::1', refs: 'none' });
    expect(valueUse.definition).toMatchObject({ id: 'src/schemas.ts::4::14', kind: 'Constant' });
  });
});

describe('find by name: every declaration that fits, each with its references, never a silent pick', () => {
  function byName() {
    const { engine, deps } = setup();
    const hit = (kind: string, line: number, end: number) => ({
      name: '$ZodType',
      kind,
      filePath: SCHEMAS,
      range: { start: { line, character: 1 }, end: { line: end, character: 3 } },
    });
    engine.symbols = [hit('Interface', 1, 3), hit('Constant', 4, 6)];
    return { engine, deps };
  }

  it('an interface and a const of one name: both meanings, each with its own references; not ambiguous', async () => {
    const { deps } = byName();
    const answer = await findSymbol(deps, { query: '$ZodType' });
    expect(answer.definition).toMatchObject({ id: 'src/schemas.ts::1::18', kind: 'Interface' });
    expect(answer.references.map((ref) => ref.id)).toEqual(['src/schemas.ts::1::18', 'src/uses.ts::2::20']);
    expect(answer.moreDefinitions).toEqual([
      expect.objectContaining({
        relation: 'merged',
        definition: expect.objectContaining({ id: 'src/schemas.ts::4::14', kind: 'Constant' }),
        totalReferences: 2,
        totalReferenceFiles: 2,
        references: [
          expect.objectContaining({ id: 'src/schemas.ts::4::14' }),
          expect.objectContaining({ id: 'src/uses.ts::3::1' }),
        ],
      }),
    ]);
    expect(answer.ambiguous).toBeUndefined();
    expect(answer).toMatchObject({ candidates: [], totalCandidates: 0 });
    const compact = presentAnswer('find', answer, 'compact').output.split('\n');
    expect(compact).toEqual([
      "'$ZodType' names 2 declarations (one symbol: Interface, Constant), each with its references:",
      'src/schemas.ts:1:18  Interface  $ZodType  1-3  │ export interface $ZodType {  ┆ 3: }',
      '2 refs in 2 files',
      'src/schemas.ts (1)',
      ' 1:18 declaration │ export interface $ZodType {',
      'src/uses.ts (1)',
      ' 2:20 type │ const inst = {} as $ZodType;',
      'src/schemas.ts:4:14  Constant  $ZodType  4-6  │ export const $ZodType = {  ┆ 6: };',
      '2 refs in 2 files',
      'src/schemas.ts (1)',
      ' 4:14 declaration │ export const $ZodType = {',
      'src/uses.ts (1)',
      ' 3:1 read │ $ZodType.init(inst);',
    ]);
    const ids = presentAnswer('find', answer, 'ids').output.split('\n');
    expect(ids).toEqual(['src/schemas.ts::1::18', 'src/uses.ts::2::20', 'src/schemas.ts::4::14', 'src/uses.ts::3::1']);
  });

  it('a budget shapes every declaration answered alike: previews, then counts per file, then totals', async () => {
    const { deps } = byName();
    const answer = await findSymbol(deps, { query: '$ZodType' });
    const bare = fitFind(answer, 450);
    expect(bare.budget?.stage).toBe('no-previews');
    expect(bare.moreDefinitions?.[0].references[0]).not.toHaveProperty('preview');
    const grouped = fitFind(answer, 300);
    expect(grouped.budget?.stage).toBe('grouped');
    expect(grouped.moreDefinitions?.[0]).toMatchObject({
      references: [],
      referenceFiles: [
        { filePath: 'src/schemas.ts', count: 1 },
        { filePath: 'src/uses.ts', count: 1 },
      ],
      totalReferences: 2,
    });
    const totals = fitFind(answer, 100);
    expect(totals.moreDefinitions?.[0]).toMatchObject({ references: [], totalReferences: 2 });
    expect(totals.moreDefinitions?.[0].referenceFiles).toBeUndefined();
  });

  it('two declarations that rank alike are both answered, ambiguous said; the tie is no candidate', async () => {
    const engine = new FakeEngine();
    const files = new FakeFiles({
      'src/a/url.ts': 'export function mergePath() {}\n',
      'src/b/url.ts': 'export function mergePath() {}\n',
    });
    const deps = {
      engine,
      symbols: engine,
      files,
      paths: new ProjectPaths(ROOT),
      referenceSyntax: new FakeReferenceSyntax(),
    };
    engine.symbols = ['src/a/url.ts', 'src/b/url.ts'].map((file) => ({
      name: 'mergePath',
      kind: 'Function',
      filePath: `${ROOT}/${file}`,
      range: { start: { line: 1, character: 1 }, end: { line: 1, character: 31 } },
    }));
    for (const file of ['src/a/url.ts', 'src/b/url.ts'])
      engine.outlines[`${ROOT}/${file}`] = [node('mergePath', 'Function', [1, 1], [1, 17])];
    engine.referencesAt[`${ROOT}/src/a/url.ts:1:17`] = [at('src/a/url.ts', 1, 17)];
    engine.referencesAt[`${ROOT}/src/b/url.ts:1:17`] = [at('src/b/url.ts', 1, 17)];
    const answer = await findSymbol(deps, { query: 'mergePath' });
    expect(answer.definition).toMatchObject({ id: 'src/a/url.ts::1::17' });
    expect(answer.moreDefinitions).toEqual([
      expect.objectContaining({
        relation: 'alike',
        definition: expect.objectContaining({ id: 'src/b/url.ts::1::17' }),
        totalReferences: 1,
      }),
    ]);
    expect(answer).toMatchObject({ ambiguous: true, candidates: [], totalCandidates: 0 });
    expect(presentAnswer('find', answer, 'compact').output.split('\n')[0]).toBe(
      "'mergePath' names 2 declarations that rank alike, each with its references:",
    );
    expect(presentAnswer('find', answer, 'text').output.split('\n')).toEqual([
      "'mergePath' names 2 declarations that rank alike, each with its references:",
      'definition  Function mergePath  src/a/url.ts:1:17  (lines 1-1)',
      '  export function mergePath() {}',
      'references  1 in 1 file',
      '  src/a/url.ts',
      '    1:17  read         export function mergePath() {}',
      'definition  Function mergePath  src/b/url.ts:1:17  (lines 1-1)',
      '  export function mergePath() {}',
      'references  1 in 1 file',
      '  src/b/url.ts',
      '    1:17  read         export function mergePath() {}',
    ]);
    // Qualified, a name is certain: no second answer.
    expect((await findSymbol(deps, { query: 'src/b/url.ts::mergePath' })).moreDefinitions).toBeUndefined();
  });

  it('overload signatures and a get/set pair are one declaration each, not a tie', async () => {
    const engine = new FakeEngine();
    const text = [
      'export function pick(value: string): string;',
      'export function pick(value: number): number;',
      'export function pick(value: unknown) {',
      '  return value;',
      '}',
      'export class Box {',
      '  get size() { return 1; }',
      '  set size(value: number) {}',
      '}',
      '',
    ].join('\n');
    const files = new FakeFiles({ 'src/pick.ts': text });
    const deps = {
      engine,
      symbols: engine,
      files,
      paths: new ProjectPaths(ROOT),
      referenceSyntax: new FakeReferenceSyntax(),
    };
    const hit = (name: string, kind: string, line: number, end: number, containerName?: string) => ({
      name,
      kind,
      filePath: `${ROOT}/src/pick.ts`,
      range: { start: { line, character: 1 }, end: { line: end, character: 2 } },
      ...(containerName ? { containerName } : {}),
    });
    engine.symbols = [
      hit('pick', 'Function', 1, 1),
      hit('pick', 'Function', 2, 2),
      hit('pick', 'Function', 3, 5),
      hit('size', 'Method', 7, 7, 'Box'),
      hit('size', 'Method', 8, 8, 'Box'),
    ];
    const pick = await findSymbol(deps, { query: 'pick', refs: 'none' });
    expect(pick.definition).toMatchObject({ id: 'src/pick.ts::3::17', endLine: 5 });
    expect(pick).toMatchObject({ candidates: [], totalCandidates: 0 });
    expect(pick.ambiguous).toBeUndefined();
    expect(pick.moreDefinitions).toBeUndefined();
    const size = await findSymbol(deps, { query: 'size', refs: 'none' });
    expect(size.definition).toMatchObject({ id: 'src/pick.ts::7::7', kind: 'Getter' });
    expect(size).toMatchObject({ candidates: [], totalCandidates: 0 });
    expect(size.ambiguous).toBeUndefined();
  });

  it('--limit is shared out among the declarations answered; totals count everything', async () => {
    const { engine, deps } = byName();
    engine.referencesAt[key(SCHEMAS, { line: 1, character: 18 })] = [
      INTERFACE,
      at('src/uses.ts', 2, 20),
      at('src/uses.ts', 1, 10),
    ];
    const answer = await findSymbol(deps, { query: '$ZodType', limit: 2 });
    expect(answer.references).toHaveLength(1);
    expect(answer.moreDefinitions?.[0].references).toHaveLength(1);
    expect(answer).toMatchObject({ totalReferences: 3, truncated: true });
    expect(answer.moreDefinitions?.[0].totalReferences).toBe(2);
  });
});
