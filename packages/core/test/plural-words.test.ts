import { describe, expect, it } from 'vitest';
import {
  presentAnswer,
  type CallsResponse,
  type FindResponse,
  type GrepResponse,
  type ImpactResponse,
  type MapResponse,
  type OverviewResponse,
  type SearchResponse,
  type UnusedResponse,
} from '../src/index.js';
import { plural } from '../src/format/notes.js';

/**
 * Issue 24, item 14: 'declarationss', 'liness', '1 files affected', 'other matches (1 of 11)' and columns that did not
 * line up. Every count an answer prints goes through one helper (format/notes.ts `plural`), so each answer here,
 * counting one of everything (or cut by one), reads as English.
 */
const place = (line: number, character: number) => ({
  id: `src/a.ts::${line}::${character}`,
  filePath: 'src/a.ts',
  line,
  character,
});

const search: SearchResponse = {
  query: 'retry',
  words: ['retry'],
  results: [{ ...place(3, 17), kind: 'Function', name: 'retry', preview: 'function retry() {', score: 1, matched: {} }],
  total: 3,
  truncated: true,
  files: 1,
  complete: true,
};

const grep: GrepResponse = {
  pattern: 'x',
  groups: [
    {
      filePath: 'src/a.ts',
      in: { name: 'f', kind: 'Function', id: 'src/a.ts::1::17' },
      matches: [{ line: 2, character: 3, preview: 'x' }],
      count: 2,
    },
  ],
  totalMatches: 2,
  totalGroups: 1,
  filesSearched: 1,
  filesMatched: 1,
  truncated: true,
  complete: true,
};

const impact: ImpactResponse = {
  root: 'src/a.ts::1::17',
  direction: 'in',
  depth: 1,
  nodes: [{ id: 'src/a.ts::1::17', name: 'f', kind: 'Function', depth: 0 }],
  edges: [],
  totalEdges: 1,
  files: [{ filePath: 'src/b.ts', depth: 1, reasons: ['calls'] }],
  tests: ['src/b.test.ts'],
  changedFiles: 1,
  projects: 1,
  complete: true,
};

const calls: CallsResponse = {
  root: 'src/a.ts::1::17',
  direction: 'in',
  depth: 1,
  nodes: [{ id: 'src/a.ts::1::17', name: 'f', kind: 'Function', depth: 0 }],
  edges: [],
  nonCallSites: 1,
  filteredCallSites: 1,
} as CallsResponse;

const map: MapResponse = {
  filePath: 'src/a.ts',
  symbols: [
    { id: 'src/a.ts::1::14', name: 'A', kind: 'Class', line: 1, endLine: 9 },
    { id: 'src/a.ts::2::3', name: 'T', kind: 'TypeParameter', line: 2, endLine: 2, container: 'A' },
    { id: 'src/a.ts::3::3', name: 'constructor', kind: 'Constructor', line: 3, endLine: 3, container: 'A' },
  ],
  total: 3,
};

const find = (over: Partial<FindResponse>): FindResponse => ({
  query: 'f',
  definition: { ...place(1, 17), kind: 'Function', name: 'f', preview: 'function f() {' },
  references: [],
  totalReferences: 0,
  candidates: [],
  ...over,
});

const reference = (line: number, character: number, role: 'import' | 'declaration' | 'call') => ({
  ...place(line, character),
  role,
  preview: 'f()',
  in: { name: '<module>', kind: 'Module', id: 'src/a.ts' },
});

const overview: OverviewResponse = {
  dir: '.',
  counts: { files: 1, symbols: 1, byKind: { Function: 1 } },
  mostImported: [],
  files: [
    {
      filePath: 'src/a.ts',
      symbols: [
        {
          id: 'src/a.ts::1::17',
          name: 'f',
          kind: 'Function',
          exported: true,
          signature: 'f()',
          importedBy: 1,
          overloads: 1,
        },
      ],
      omitted: 1,
    },
  ],
  total: 1,
};

const unused: UnusedResponse = {
  path: 'src',
  filesChecked: 1,
  checked: 2,
  files: [
    {
      filePath: 'src/a.ts',
      unused: [
        { id: 'src/a.ts::1::6', name: 'T', kind: 'TypeAlias', line: 1, exported: true },
        { id: 'src/a.ts::120::7', name: 'Parameter', kind: 'TypeParameter', line: 120, exported: false },
      ],
    },
  ],
  total: 2,
  usedOnlyByTests: 0,
  projects: 1,
  complete: true,
} as UnusedResponse;

/** `1 files`, `2 liness`: a count of one with a plural noun, or a plural made twice. */
function badPlurals(text: string): string[] {
  const one = [...text.matchAll(/(?<![\d.,])\b1 (?:more |other )?([a-z][a-z-]*s)\b/g)]
    .map((match) => match[0])
    .filter((phrase) => !/\b(class|process|alias|address|this|is|was|has|matches)$/.test(phrase));
  const twice = [...text.matchAll(/\b[a-z]+ss\b/g)]
    .map((match) => match[0])
    .filter((word) => !/(class|process|less|access)$/.test(word));
  return [...one, ...twice];
}

describe('every count reads as English (one plural helper)', () => {
  it('plural: the noun as given for one, its plural (regular or named) otherwise', () => {
    expect(plural(1, 'file')).toBe('1 file');
    expect(plural(0, 'file')).toBe('0 files');
    expect(plural(2, 'process', 'processes')).toBe('2 processes');
    expect(plural(1, 'process', 'processes')).toBe('1 process');
  });

  const answers: Array<[string, () => string[]]> = [
    ['search', () => ['text', 'compact'].map((format) => presentAnswer('search', search, format as 'text').output)],
    ['grep', () => ['text', 'compact'].map((format) => presentAnswer('grep', grep, format as 'text').output)],
    // (compact's `src/b.ts 1 calls` is a file, its depth and its reasons: no count)
    ['impact', () => [presentAnswer('impact', impact, 'text').output]],
    ['calls', () => ['text', 'compact'].map((format) => presentAnswer('calls', calls, format as 'text').output)],
    ['map', () => ['text', 'compact'].map((format) => presentAnswer('map', map, format as 'text').output)],
    [
      'overview',
      () => ['text', 'compact'].map((format) => presentAnswer('overview', overview, format as 'text').output),
    ],
    ['unused', () => ['text', 'compact'].map((format) => presentAnswer('unused', unused, format as 'text').output)],
    [
      'find',
      () =>
        ['text', 'compact'].map(
          (format) =>
            presentAnswer(
              'find',
              find({
                totalReferences: 1,
                references: [],
                truncated: true,
                candidates: [{ ...place(9, 3), kind: 'Method', name: 'f' }],
                totalCandidates: 1,
              }),
              format as 'text',
            ).output,
        ),
    ],
  ];
  it.each(answers)('%s: no "1 files", no "liness"', (_command, outputs) => {
    for (const output of outputs()) expect(badPlurals(output), output).toEqual([]);
  });

  it('search and grep name what a cut left out in the singular noun made plural once', () => {
    expect(presentAnswer('search', search, 'compact').output).toContain('… 2 more declarations (');
    expect(presentAnswer('grep', grep, 'compact').output).toContain('… 1 more line (');
  });

  it('impact says 1 file and 1 test', () => {
    expect(presentAnswer('impact', impact, 'text').output).toContain('1 file affected to depth 1, 1 test');
  });

  it('find text: other matches say how many there are and how many are shown', () => {
    const answer = find({
      candidates: [{ ...place(9, 3), kind: 'Method', name: 'f' }],
      totalCandidates: 11,
      truncated: true,
    });
    const text = presentAnswer('find', answer, 'text').output;
    expect(text).toContain('11 other matches, 1 shown (re-ask with cn find <id>)');
    expect(text).not.toContain('(1 of 11)');
  });

  it('text columns line up whatever the widest value', () => {
    const refs = find({
      references: [reference(6, 10, 'import'), reference(130, 18, 'call'), reference(40, 14, 'declaration')],
      totalReferences: 3,
    });
    const rows = presentAnswer('find', refs, 'text')
      .output.split('\n')
      .filter((line) => /^\s+\d+:\d+/.test(line));
    // Each reference's preview starts in the same column.
    expect(new Set(rows.map((row) => row.indexOf('f()'))).size).toBe(1);
    // The name after each kind starts in one column (map: among the members, nested one level).
    const nameColumns = (lines: string[]) =>
      new Set(lines.map((line) => /^(\s*[\d-]+\s+\S+\s+)\S/.exec(line)?.[1].length));
    const mapRows = presentAnswer('map', map, 'text')
      .output.split('\n')
      .filter((line) => /(TypeParameter|Constructor) /.test(line));
    expect(mapRows).toHaveLength(2);
    expect(nameColumns(mapRows).size).toBe(1);
    const unusedRows = presentAnswer('unused', unused, 'text')
      .output.split('\n')
      .filter((line) => /^\s+\d+ /.test(line));
    expect(unusedRows).toHaveLength(2);
    expect(nameColumns(unusedRows).size).toBe(1);
  });
});
