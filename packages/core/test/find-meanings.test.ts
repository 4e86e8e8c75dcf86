import { describe, expect, it } from 'vitest';
import { ProjectPaths, findSymbol } from '../src/index.js';
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
