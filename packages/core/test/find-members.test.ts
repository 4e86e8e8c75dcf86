import { describe, expect, it } from 'vitest';
import {
  ProjectPaths,
  findSymbol,
  presentAnswer,
  type Position,
  type TypeDeclaration,
  type TypeSyntax,
  type WorkspaceSymbolHit,
} from '../src/index.js';
import { FakeEngine, FakeFiles, FakeReferenceSyntax, ROOT, at, key, node } from './fakes.js';

// A three-level hierarchy: Sub extends Middle extends Base; `member` and `shared` are declared on Base only.
const FILES: Record<string, string> = {
  'src/base.ts': ['export class Base {', '  shared = 1;', '  member(): string {', "    return 'b';", '  }', '}'].join(
    '\n',
  ),
  'src/middle.ts': [
    "import { Base } from './base';",
    'export class Middle extends Base {',
    '  middle(): number {',
    '    return 1;',
    '  }',
    '}',
  ].join('\n'),
  'src/sub.ts': [
    "import { Middle } from './middle';",
    'export class Sub extends Middle {',
    '  own(): void {}',
    '}',
    'new Sub().member();',
  ].join('\n'),
};

const abs = (file: string) => `${ROOT}/${file}`;
function pos(file: string, line: number, word: string): Position {
  const character = FILES[file].split('\n')[line - 1].indexOf(word);
  if (character < 0) throw new Error(`${word} not on ${file}:${line}`);
  return { line, character: character + 1 };
}

class HeritageSyntax implements TypeSyntax {
  async typeDeclarations(fileName: string): Promise<TypeDeclaration[]> {
    const declared: Record<string, TypeDeclaration[]> = {
      [abs('src/base.ts')]: [{ name: 'Base', kind: 'Class', position: pos('src/base.ts', 1, 'Base'), heritage: [] }],
      [abs('src/middle.ts')]: [
        {
          name: 'Middle',
          kind: 'Class',
          position: pos('src/middle.ts', 2, 'Middle'),
          heritage: [{ clause: 'extends', text: 'Base', position: pos('src/middle.ts', 2, 'Base {') }],
        },
      ],
      [abs('src/sub.ts')]: [
        {
          name: 'Sub',
          kind: 'Class',
          position: pos('src/sub.ts', 2, 'Sub'),
          heritage: [{ clause: 'extends', text: 'Middle', position: pos('src/sub.ts', 2, 'Middle {') }],
        },
      ],
    };
    return declared[fileName] ?? [];
  }
}

function hit(
  name: string,
  kind: string,
  file: string,
  lines: [number, number],
  container?: string,
): WorkspaceSymbolHit {
  return {
    name,
    kind,
    filePath: abs(file),
    range: { start: { line: lines[0], character: 1 }, end: { line: lines[1], character: 2 } },
    ...(container ? { containerName: container } : {}),
  };
}

function setup() {
  const engine = new FakeEngine();
  engine.symbols = [
    hit('Base', 'Class', 'src/base.ts', [1, 6]),
    hit('shared', 'Property', 'src/base.ts', [2, 2], 'Base'),
    hit('member', 'Method', 'src/base.ts', [3, 5], 'Base'),
    hit('Middle', 'Class', 'src/middle.ts', [2, 6]),
    hit('middle', 'Method', 'src/middle.ts', [3, 5], 'Middle'),
    hit('Sub', 'Class', 'src/sub.ts', [2, 4]),
    hit('own', 'Method', 'src/sub.ts', [3, 3], 'Sub'),
  ];
  engine.outlines[abs('src/base.ts')] = [
    node(
      'Base',
      'Class',
      [1, 6],
      [1, 14],
      [node('shared', 'Property', [2, 2], [2, 3]), node('member', 'Method', [3, 5], [3, 3])],
    ),
  ];
  engine.outlines[abs('src/middle.ts')] = [
    node('Middle', 'Class', [2, 6], [2, 14], [node('middle', 'Method', [3, 5], [3, 3])]),
  ];
  engine.outlines[abs('src/sub.ts')] = [node('Sub', 'Class', [2, 4], [2, 14], [node('own', 'Method', [3, 3], [3, 3])])];
  const middleBase = pos('src/middle.ts', 2, 'Base {');
  const subMiddle = pos('src/sub.ts', 2, 'Middle {');
  engine.definitionsAt[key(abs('src/middle.ts'), middleBase)] = [at('src/base.ts', 1, 14, 1, 18)];
  engine.definitionsAt[key(abs('src/sub.ts'), subMiddle)] = [at('src/middle.ts', 2, 14, 2, 20)];
  engine.referencesAt[key(abs('src/base.ts'), { line: 3, character: 3 })] = [
    at('src/base.ts', 3, 3),
    at('src/sub.ts', 5, 11),
  ];
  const deps = {
    engine,
    symbols: engine,
    files: new FakeFiles(FILES),
    paths: new ProjectPaths(ROOT),
    referenceSyntax: new FakeReferenceSyntax(),
    typeSyntax: new HeritageSyntax(),
    importGraph: { projectFiles: async () => Object.keys(FILES).map(abs) },
  };
  return { deps };
}

describe('find Class.member: members a class inherits', () => {
  it('answers a member declared two levels up, says it is inherited, and lists its references', async () => {
    const { deps } = setup();
    const answer = await findSymbol(deps, { query: 'Sub.member' });
    expect(answer.definition).toMatchObject({
      id: 'src/base.ts::3::3',
      name: 'member',
      container: 'Base',
      kind: 'Method',
      inheritedBy: 'Sub',
      endLine: 5,
      endPreview: '}',
    });
    expect(answer.references.map((ref) => ref.id)).toEqual(['src/base.ts::3::3', 'src/sub.ts::5::11']);
    expect(presentAnswer('find', answer, 'compact').output.split('\n')[0]).toBe(
      // Both ends of the range, the last line's text beside the first (agents ran sed around both to see them).
      'src/base.ts:3:3  Method  Base.member  3-5  (Sub inherits it)  │ member(): string {  ┆ 5: }',
    );
    expect(presentAnswer('find', answer, 'text').output.split('\n')[0]).toBe(
      'definition  Method member (in Base; Sub inherits it)  src/base.ts:3:3  (lines 3-5)',
    );
  });

  it('still says not found for a member no class of the chain declares', async () => {
    const { deps } = setup();
    const answer = await findSymbol(deps, { query: 'Sub.missing' });
    expect(answer.definition).toBeNull();
  });
});

describe('find "Class.*": a class\'s members by pattern, inherited ones marked', () => {
  it("lists own members first, then each supertype's in order, within --limit, counting all", async () => {
    const { deps } = setup();
    const answer = await findSymbol(deps, { query: 'Sub.*' });
    expect(answer.candidates.map((c) => `${c.container}.${c.name}${c.inheritedBy ? ' inherited' : ''}`)).toEqual([
      'Sub.own',
      'Middle.middle inherited',
      'Base.shared inherited',
      'Base.member inherited',
    ]);
    expect(answer).toMatchObject({ pattern: true, totalCandidates: 4, definition: null, refs: 'none' });
    const cut = await findSymbol(deps, { query: 'Sub.*', limit: 2 });
    expect(cut).toMatchObject({ totalCandidates: 4, truncated: true });
    expect(cut.candidates).toHaveLength(2);
    const m = await findSymbol(deps, { query: 'Sub.m*' });
    expect(m.candidates.map((c) => c.name)).toEqual(['middle', 'member']);
  });

  it('refuses a pattern in the class name', async () => {
    const { deps } = setup();
    await expect(findSymbol(deps, { query: 'S*.member' })).rejects.toThrow(/class name/);
  });
});
