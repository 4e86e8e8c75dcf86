import { describe, expect, it } from 'vitest';
import {
  PRESENTERS,
  estimateTokens,
  formatsOf,
  presentAnswer,
  type CallsResponse,
  type ImplResponse,
  type FindResponse,
  type InspectManyResponse,
  type OverviewResponse,
  type TypeResponse,
} from '../src/index.js';
import { TEST_REFS_WITH_LINES } from '../src/format/compact.js';

/** The answers as the daemon sends them, small enough to read whole (issue 16: help and formats). */
const isStaff = {
  id: 'src/domain/user.ts::32::17',
  filePath: 'src/domain/user.ts',
  line: 32,
  character: 17,
  kind: 'Function',
  name: 'isStaff',
  preview: 'export function isStaff(user: User): boolean {',
};

const typeAnswer: TypeResponse = {
  target: isStaff,
  signature: 'function isStaff(user: User): boolean',
  documentation: 'Whether the user works for the shop.\n\n@param user the customer',
  // boolean: a primitive, declared nowhere.
  typeDefinitions: [],
};

const findAnswer = (over: Partial<FindResponse> = {}): FindResponse => ({
  query: 'isStaff',
  definition: isStaff,
  references: [
    {
      id: 'src/api/routes.ts::19::10',
      filePath: 'src/api/routes.ts',
      line: 19,
      character: 10,
      kind: 'Function',
      role: 'call',
      preview: 'return isStaff(user);',
      in: { name: 'canSeeAdmin', kind: 'Function', id: 'src/api/routes.ts::18::17' },
    },
  ],
  totalReferences: 1,
  candidates: [],
  totalCandidates: 0,
  ...over,
});

const overviewAnswer: OverviewResponse = {
  dir: '.',
  counts: { files: 1, symbols: 1, byKind: { Function: 1 } },
  mostImported: [{ ...isStaff, importedBy: 2 }],
  files: [
    {
      filePath: 'src/domain/user.ts',
      symbols: [
        {
          id: isStaff.id,
          name: 'isStaff',
          kind: 'Function',
          exported: true,
          signature: 'export function isStaff(user: User): boolean { … }',
          importedBy: 2,
        },
      ],
    },
  ],
  total: 1,
};

describe('presenters: every format of every command says what it means', () => {
  it('type: ids and compact start with the symbol and its id, even for a primitive type', () => {
    expect(presentAnswer('type', typeAnswer, 'ids').output).toBe('src/domain/user.ts::32::17');
    expect(presentAnswer('type', typeAnswer, 'compact').output.split('\n')).toEqual([
      'isStaff (Function) [src/domain/user.ts::32::17]',
      'function isStaff(user: User): boolean',
    ]);
  });

  it('type --max-tokens drops the doc comment first and says so', () => {
    const { answer, output } = presentAnswer('type', typeAnswer, 'text', 20);
    expect(answer.documentation).toBe('');
    expect(answer.budget).toMatchObject({ stage: 'cut', maxTokens: 20 });
    expect(output).toMatch(/^budget: cut from the end to fit ~20 tokens \(this answer ~\d+\)$/m);
  });

  it('inspect --format ids prints ids (path::line::char), not path:line', () => {
    const many: InspectManyResponse = {
      results: [
        {
          id: 'src/domain/user.ts::19::3',
          filePath: 'src/domain/user.ts',
          range: { startLine: 19, endLine: 24 },
          expand: 'block',
          ids: ['src/domain/user.ts:20'],
        },
      ],
      failures: [],
      total: 1,
    };
    expect(presentAnswer('inspect', many, 'ids').output).toBe('src/domain/user.ts::19::3');
  });

  it('find: one ref in one file, and the same words for an ambiguous name in text and compact', () => {
    const compact = presentAnswer('find', findAnswer({ ambiguous: true }), 'compact').output;
    expect(compact).toContain('1 ref in 1 file');
    expect(compact).toContain('other matches rank as high');
    expect(presentAnswer('find', findAnswer({ ambiguous: true }), 'text').output).toContain(
      'other matches rank as high',
    );
  });

  it(`find compact: past ${TEST_REFS_WITH_LINES} refs in test files beside others, theirs are placed without lines`, () => {
    const source = findAnswer().references[0];
    const inTest = (line: number) => ({
      ...source,
      id: `src/api/routes.test.ts::${line}::5`,
      filePath: 'src/api/routes.test.ts',
      line,
      character: 5,
      preview: `expect(isStaff(user${line})).toBe(true);`,
    });
    const tests = Array.from({ length: TEST_REFS_WITH_LINES + 1 }, (_, index) => inTest(10 + index));
    const many = findAnswer({ references: [source, ...tests], totalReferences: 1 + tests.length });
    const lines = presentAnswer('find', many, 'compact').output.split('\n');
    // The source's reference keeps its line; every test reference is still placed.
    expect(lines).toContain(' 19:10 call │ return isStaff(user);');
    expect(lines).toContain(
      `src/api/routes.test.ts (${tests.length}) ${tests.map((ref) => `${ref.line}:5`).join(' ')}`,
    );
    expect(lines).toContain(
      `the ${tests.length} refs in test files are placed without their lines (--refs-in <test files> shows them)`,
    );
    expect(lines.some((line) => line.includes('expect(isStaff'))).toBe(false);
    // As many as the limit, or only test files (the answer is theirs): each with its line.
    const few = findAnswer({ references: [source, ...tests.slice(1)], totalReferences: tests.length });
    expect(presentAnswer('find', few, 'compact').output).toContain('expect(isStaff(user11))');
    const onlyTests = findAnswer({ references: tests, totalReferences: tests.length });
    expect(presentAnswer('find', onlyTests, 'compact').output).toContain('expect(isStaff(user10))');
  });

  it("find: the definition's line range in compact and text, so where it ends takes no second call", () => {
    const ranged = findAnswer({ definition: { ...isStaff, endLine: 36 } });
    expect(presentAnswer('find', ranged, 'compact').output.split('\n')[0]).toBe(
      'src/domain/user.ts:32:17  Function  isStaff  32-36  │ export function isStaff(user: User): boolean {',
    );
    expect(presentAnswer('find', ranged, 'text').output.split('\n')[0]).toBe(
      'definition  Function isStaff  src/domain/user.ts:32:17  (lines 32-36)',
    );
  });

  it.each(['text', 'compact'] as const)(
    'find, calls, deps in %s say an incomplete search and why; a complete one says nothing',
    (format) => {
      const why = 'packages/app/tsconfig.json could not be read';
      const partial = { projects: 1, complete: false, incomplete: why };
      expect(presentAnswer('find', findAnswer(partial), format).output).toMatch(
        new RegExp(`^incomplete: ${why}$`, 'm'),
      );
      expect(presentAnswer('find', findAnswer({ projects: 2, complete: true }), format).output).not.toContain(
        'incomplete',
      );
      const graph = { direction: 'in' as const, depth: 1, nodes: [], edges: [], ...partial };
      const calls = presentAnswer('calls', { root: 'src/a.ts::1::1', ...graph }, format).output;
      expect(calls).toMatch(new RegExp(`^incomplete: ${why}$`, 'm'));
      const deps = presentAnswer('deps', { root: 'src/a.ts', ...graph }, format).output;
      expect(deps).toMatch(new RegExp(`^incomplete: ${why}$`, 'm'));
    },
  );

  it('deps says once what counts as an import, so dynamic imports and re-exports need no grep', () => {
    const deps = { root: 'src/a.ts', direction: 'in' as const, depth: 1, nodes: [], edges: [] };
    for (const format of ['text', 'compact'] as const)
      expect(presentAnswer('deps', deps, format).output).toContain(
        "imports counted: import, import type, export … from (* as ns too), import('…'), require('…')",
      );
  });

  it('deps prints each import statement: compact one a line, text after its edge, the tree without them', () => {
    const deps = {
      root: 'src/html.ts',
      direction: 'both' as const,
      depth: 1,
      nodes: [
        { id: 'src/html.ts', name: 'html.ts', kind: 'File', depth: 0 },
        { id: 'src/page.ts', name: 'page.ts', kind: 'File', depth: 1 },
        { id: 'entities', name: 'entities', kind: 'Package', depth: 1 },
      ],
      edges: [
        {
          from: 'src/page.ts',
          to: 'src/html.ts',
          kind: 'imports' as const,
          importSites: ['src/page.ts::1::21', 'src/page.ts::4::27'],
          statements: [
            { line: 1, text: "import { raw } from './html';" },
            { line: 4, text: "import type { Html } from '~/html';", via: { paths: '~/*', config: 'tsconfig.json' } },
          ],
        },
        {
          from: 'src/html.ts',
          to: 'entities',
          kind: 'imports' as const,
          importSites: ['src/html.ts::1::24'],
          statements: [{ line: 1, text: "import { encode } from 'entities';" }],
        },
      ],
    };
    expect(presentAnswer('deps', deps, 'compact').output.split('\n').slice(0, 3)).toEqual([
      "src/page.ts:1  import { raw } from './html';",
      "src/page.ts:4  import type { Html } from '~/html';  via paths ~/* (tsconfig.json)",
      "src/html.ts:1  import { encode } from 'entities';  → entities (package)",
    ]);
    expect(presentAnswer('deps', deps, 'text').output.split('\n').slice(0, 3)).toEqual([
      'src/html.ts (File)',
      "├─[imported by]→ src/page.ts (File) @ 1  import { raw } from './html'; @ 4  import type { Html } from '~/html';  via paths ~/* (tsconfig.json)",
      "└─[imports]→ entities (Package) @ 1  import { encode } from 'entities';",
    ]);
    expect(presentAnswer('deps', deps, 'tree').output).not.toContain('import {');
    // --max-tokens drops the statements before it drops an edge.
    const fitted = PRESENTERS.deps.fit!(deps, estimateTokens(JSON.stringify(deps)) - 20);
    expect(fitted).toMatchObject({ budget: { stage: 'no-previews' } });
    expect('edges' in fitted && fitted.edges.map((edge) => [edge.to, edge.statements])).toEqual([
      ['src/html.ts', undefined],
      ['entities', undefined],
    ]);
  });

  it('overview: compact explains its marks once; text says them in words', () => {
    const compact = presentAnswer('overview', overviewAnswer, 'compact').output;
    const text = presentAnswer('overview', overviewAnswer, 'text').output;
    expect(compact).not.toBe(text);
    expect(compact).toContain('per file: line:col, * if exported, kind, name, [files importing it] │ signature');
    expect(compact).toContain(' 32:17 *Function isStaff [2] │ export function isStaff');
    expect(text).toContain('32:17  Function isStaff  (exported, imported by 2 files)');
    expect(text).not.toMatch(/\*Function|\[2\]/);
    expect(text).toMatch(/^most imported \(files importing it\): isStaff 2$/m);
  });

  it('a budget note says what the stage did, in words', () => {
    const cut = presentAnswer('overview', { ...overviewAnswer, files: [], truncated: true }, 'compact', 20).output;
    expect(cut).toMatch(/^… 1 more file \(raise --limit or --max-tokens\)$/m);
    expect(cut).toMatch(/^budget: (cut from the end|only totals kept) to fit ~20 tokens/m);
    expect(cut).not.toContain('stage');
  });

  it('calls: a budget that kept no edge does not read as "no calls"', () => {
    const calls: CallsResponse = {
      root: 'src/domain/user.ts::19::3',
      direction: 'in',
      depth: 1,
      nodes: [{ id: 'src/domain/user.ts::19::3', name: 'placeOrder', kind: 'Method', depth: 0 }],
      edges: [],
      truncated: true,
      totalEdges: 3,
      budget: { maxTokens: 20, stage: 'totals', tokens: 30 },
    };
    const compact = presentAnswer('calls', calls, 'compact').output;
    expect(compact).not.toMatch(/no calls/);
    expect(compact).toMatch(/^… 3 more edges \(raise --limit or --max-tokens\)$/m);
    expect(presentAnswer('calls', { ...calls, truncated: undefined, totalEdges: undefined }, 'compact').output).toMatch(
      /^no calls \(roots: /,
    );
  });

  it("calls name the callbacks all of an edge's sites share, and what the references left out do", () => {
    const node = (id: string, name: string, depth: number) => ({ id, name, kind: 'Function', depth });
    const calls = {
      root: 'src/a.ts::1::17',
      direction: 'in' as const,
      depth: 1,
      nodes: [
        node('src/a.ts::1::17', 'defineLazy', 0),
        node('src/b.ts::3::3', 'mount', 1),
        node('src/b.test.ts', '<module>', 1),
      ],
      edges: [
        {
          from: 'src/b.ts::3::3',
          to: 'src/a.ts::1::17',
          kind: 'calls' as const,
          callSites: ['src/b.ts::5::7', 'src/b.ts::6::7'],
          through: { 'src/b.ts::5::7': ['arrow@4', 'arrow@5'], 'src/b.ts::6::7': ['arrow@4'] },
        },
        {
          from: 'src/b.test.ts',
          to: 'src/a.ts::1::17',
          kind: 'calls' as const,
          callSites: ['src/b.test.ts::3::5', 'src/b.test.ts::9::5'],
          through: { 'src/b.test.ts::3::5': ['arrow@2'], 'src/b.test.ts::9::5': ['arrow@8'] },
        },
      ],
      nonCallSites: 39,
      nonCalls: { declaration: 36, import: 2, read: 1 },
    };
    expect(presentAnswer('calls', calls, 'compact').output.split('\n')).toEqual([
      'mount › arrow@4 [src/b.ts::3::3] → defineLazy [src/a.ts::1::17] @ 5:7 6:7',
      '<module> [src/b.test.ts] → defineLazy [src/a.ts::1::17] @ 3:5 9:5',
      '39 references that do not call, left out: 36 declarations (overrides, signatures), 2 imports, 1 read',
    ]);
    expect(presentAnswer('calls', calls, 'tree').output.split('\n').slice(1, 3)).toEqual([
      '├─[called by]→ mount (Function) [src/b.ts::3::3] @ › arrow@4: 5:7 6:7',
      '└─[called by]→ <module> (Function) [src/b.test.ts] @ 3:5 9:5',
    ]);
  });

  it('a fitted answer is measured as printed: its format fits the budget', () => {
    const many = findAnswer({
      references: Array.from({ length: 40 }, (_, index) => ({
        ...findAnswer().references[0],
        id: `src/api/routes.ts::${index + 1}::10`,
        line: index + 1,
      })),
      totalReferences: 40,
    });
    for (const format of ['json', 'compact', 'ids'] as const) {
      const { answer, output } = presentAnswer('find', many, format, 120);
      expect(answer.budget?.stage, format).not.toBe('full');
      if (answer.budget?.stage !== 'totals') expect(estimateTokens(output), format).toBeLessThanOrEqual(120);
    }
  });

  it('offers tree only for graphs, and files for every command that lists places or files (issue 23, item 4)', () => {
    const withTree = Object.entries(PRESENTERS)
      .filter(([, presenter]) => formatsOf(presenter).includes('tree'))
      .map(([command]) => command);
    expect(withTree.sort()).toEqual(['calls', 'deps', 'impact', 'impl']);
    const withoutFiles = Object.entries(PRESENTERS)
      .filter(([, presenter]) => !formatsOf(presenter).includes('files'))
      .map(([command]) => command);
    expect(withoutFiles).toEqual(['status']);
    expect(formatsOf(PRESENTERS.find)).toEqual(['json', 'text', 'compact', 'ids', 'files']);
  });

  it('impl compact names the target once, not on every line (issue 24, item 16), each with its header', () => {
    const target = {
      ...isStaff,
      id: 'src/r.ts::3::18',
      filePath: 'src/r.ts',
      kind: 'Interface',
      name: 'Repository',
      header: 'export interface Repository<…> {',
    };
    const entry = (name: string, line: number, via: string, relation: 'implements' | 'extends', level = 1) => ({
      ...target,
      id: `src/r.ts::${line}::14`,
      line,
      kind: 'Class',
      name,
      via,
      relation,
      level,
      header: name === 'Memory' ? undefined : `export class ${name} {`,
    });
    const answer = {
      target,
      direction: 'both',
      implementations: [
        entry('Memory', 8, target.id, 'implements'),
        entry('Cached', 20, 'src/r.ts::8::14', 'extends', 2),
      ],
      supertypes: [entry('Base', 1, target.id, 'extends')],
      projects: 1,
      complete: true,
    } as unknown as ImplResponse;
    expect(presentAnswer('impl', answer, 'compact').output.split('\n')).toEqual([
      'Repository (Interface) [src/r.ts::3::18]  │ export interface Repository<…> {',
      // No header (a library type, or one past the budget): the line's preview stands for it.
      'Memory (Class) [src/r.ts::8::14] implements it  │ export function isStaff(user: User): boolean {',
      'Cached (Class) [src/r.ts::20::14] extends src/r.ts::8::14  │ export class Cached {',
      'it extends Base (Class) [src/r.ts::1::14]  │ export class Base {',
    ]);
  });

  it('files: each file once, in the order of the answer', () => {
    const calls: CallsResponse = {
      root: 'src/a.ts::1::17',
      direction: 'in',
      depth: 2,
      nodes: [
        { id: 'src/a.ts::1::17', name: 'f', kind: 'Function', depth: 0 },
        { id: 'src/b.ts::3::3', name: 'g', kind: 'Function', depth: 1 },
        { id: 'src/c.test.ts', name: '<module>', kind: 'Module', depth: 2 },
        { id: 'src/b.ts::9::3', name: 'h', kind: 'Function', depth: 2 },
      ],
      edges: [],
    } as CallsResponse;
    expect(presentAnswer('calls', calls, 'files').output).toBe('src/b.ts\nsrc/c.test.ts');
    expect(presentAnswer('overview', overviewAnswer, 'files').output).toBe('src/domain/user.ts');
    expect(presentAnswer('type', typeAnswer, 'files').output).toBe('src/domain/user.ts');
  });
});
