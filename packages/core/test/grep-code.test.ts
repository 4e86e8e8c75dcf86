import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  GREP_TIME_BUDGET_MS,
  LinePattern,
  ProjectPaths,
  SearchIndex,
  grepCode,
  grepPreview,
  type GrepRequest,
} from '../src/index.js';
import { FakeFiles, ROOT } from './fakes.js';
import { FakeDeclarationSyntax, FakeSources, FakeTimer } from './search-fakes.js';

const FILES = {
  'src/retry.ts': [
    '// How long to wait: doubles with each retry',
    'export function retryDelay(attempt) {',
    "  const label = 'retry'",
    '  return 100 * 2 ** attempt // retry later',
    '}',
    'export class Client {',
    '  send(request) {',
    '    return retryDelay(1)',
    '  }',
    '}',
  ].join('\n'),
  'src/main.ts': ["import { retryDelay } from './retry'", 'console.log(retryDelay(3))'].join('\n'),
  'test/retry.test.ts': 'retryDelay(0)\n',
};

function setup(files: Record<string, string> = FILES, clock: () => number = () => 0, paused = { count: 0 }) {
  const fake = new FakeFiles({ ...files });
  const sources = new FakeSources(fake);
  const syntax = new FakeDeclarationSyntax();
  const paths = new ProjectPaths(ROOT);
  const searchIndex = new SearchIndex({
    sources,
    files: fake,
    paths,
    declarationSyntax: syntax,
    sleep: new FakeTimer().sleep,
  });
  const pause = () => {
    paused.count++;
    return new Promise<void>((resolve) => setImmediate(resolve));
  };
  const grep = (request: GrepRequest) =>
    grepCode({ sources, files: fake, paths, searchIndex, now: clock, pause }, request);
  return { fake, grep, searchIndex };
}

describe('grepCode: matching lines grouped by the declaration they are in', () => {
  it('groups each matching line under its innermost declaration, top-level code under <module>', async () => {
    const { grep } = setup();
    const answer = await grep({ pattern: 'retryDelay\\(' });
    expect(
      answer.groups.map((group) => [group.filePath, group.in.name, group.in.kind, group.in.id, group.count]),
    ).toEqual([
      ['src/main.ts', '<module>', 'Module', 'src/main.ts', 1],
      ['src/retry.ts', 'retryDelay', 'Function', 'src/retry.ts::2::17', 1],
      ['src/retry.ts', 'send', 'Method', 'src/retry.ts::7::3', 1],
      ['test/retry.test.ts', '<module>', 'Module', 'test/retry.test.ts', 1],
    ]);
    expect(answer.groups[2].in.container).toBe('Client');
    expect(answer.groups[2].matches).toEqual([{ line: 8, character: 12, preview: 'return retryDelay(1)' }]);
    expect(answer).toMatchObject({
      totalMatches: 4,
      totalGroups: 4,
      filesSearched: 3,
      filesMatched: 3,
      complete: true,
    });
  });

  it('a line counts once, at its first match; a doc comment belongs to what it documents', async () => {
    const { grep } = setup();
    const answer = await grep({ pattern: 'retry', paths: ['src/retry.ts'] });
    const retryDelay = answer.groups.find((group) => group.in.name === 'retryDelay')!;
    expect(retryDelay.matches.map((match) => [match.line, match.character])).toEqual([
      [1, 40],
      [2, 17],
      [3, 18],
      [4, 32],
    ]);
  });

  it('--code-only skips matches in comments and strings but not code on the same line', async () => {
    const { grep } = setup();
    const answer = await grep({ pattern: 'retry', paths: ['src/retry.ts'], codeOnly: true });
    expect(answer.groups.flatMap((group) => group.matches.map((match) => [match.line, match.character]))).toEqual([
      [2, 17],
      [8, 12],
    ]);
  });

  it('paths and --in narrow the files; --kind the declarations', async () => {
    const { grep } = setup();
    expect((await grep({ pattern: 'retryDelay', paths: ['src'] })).filesSearched).toBe(2);
    expect((await grep({ pattern: 'retryDelay', paths: ['test', 'src/main.ts'] })).filesMatched).toBe(2);
    expect((await grep({ pattern: 'retryDelay', in: '**/*.test.ts' })).filesSearched).toBe(1);
    const methods = await grep({ pattern: 'retryDelay', kind: 'method' });
    expect(methods.groups.map((group) => group.in.name)).toEqual(['send']);
    const topLevel = await grep({ pattern: 'retryDelay', kind: 'module' });
    expect(topLevel.groups.map((group) => group.filePath)).toEqual(['src/main.ts', 'test/retry.test.ts']);
  });

  it('refuses a path that names no source file, or one outside the root, as rg refuses a missing path', async () => {
    const { grep } = setup();
    await expect(grep({ pattern: 'x', paths: ['lib'] })).rejects.toThrow(/no source file of the project under lib/);
    await expect(grep({ pattern: 'x', paths: ['../elsewhere'] })).rejects.toThrow(
      /\.\.\/elsewhere is outside the project root/,
    );
    await expect(grep({ pattern: 'x', paths: ['/etc'] })).rejects.toThrow(/\/etc is outside the project root/);
    await expect(grep({ pattern: 'a(' })).rejects.toThrow(/bad pattern/);
  });

  it('--limit lists the first matches; counts and totals still count all', async () => {
    const { grep } = setup();
    const answer = await grep({ pattern: 'retry', limit: 1 });
    expect(answer.groups).toEqual([
      {
        filePath: 'src/main.ts',
        in: { name: '<module>', kind: 'Module', id: 'src/main.ts' },
        matches: [{ line: 1, character: 10, preview: "import { retryDelay } from './retry'" }],
        count: 2,
      },
    ]);
    expect(answer).toMatchObject({ truncated: true, totalMatches: 8, totalGroups: 4 });
  });

  it('stops when its time is up, inside a file too, and says where', async () => {
    let now = 0;
    const { grep } = setup(FILES, () => (now += GREP_TIME_BUDGET_MS / 2 + 1));
    const answer = await grep({ pattern: 'retry' });
    expect(answer.complete).toBe(false);
    expect(answer.incomplete).toBe('stopped after 10 s at line 1 of src/main.ts, 1 of 3 files searched');
  });

  it('lets other questions in while it runs: it pauses once it has run a slice', async () => {
    let now = 0;
    const paused = { count: 0 };
    const many = {
      'src/many.ts': Array.from({ length: 200 }, (_, index) => `const retry${index} = ${index};`).join('\n'),
    };
    const { grep } = setup(many, () => now++, paused);
    expect((await grep({ pattern: 'retry' })).totalMatches).toBe(200);
    expect(paused.count).toBeGreaterThan(2);
  });

  it('reads no file outside the root (a symlink out is skipped)', async () => {
    const { fake, grep } = setup();
    fake.linkedOut.add('src/main.ts');
    const answer = await grep({ pattern: 'console' });
    expect(answer.totalMatches).toBe(0);
  });
});

describe('grepCode on long lines: one search per line, never one per match', () => {
  afterEach(() => vi.restoreAllMocks());

  /** How many searches of a line (or of a long line's window) the grep made. */
  const countSearches = () => {
    const firstMatch = LinePattern.prototype.firstMatch;
    const calls = { count: 0 };
    vi.spyOn(LinePattern.prototype, 'firstMatch').mockImplementation(function (this: LinePattern, line, from) {
      calls.count++;
      return firstMatch.call(this, line, from);
    });
    return calls;
  };

  it('a line of a million matches is found once, its preview cut (`…`) and its length said', async () => {
    const line = `const data = "${'a'.repeat(1_000_000)}";`;
    const { grep } = setup({ 'src/data.ts': line });
    const calls = countSearches();
    const answer = await grep({ pattern: 'a' });
    expect(answer).toMatchObject({ totalMatches: 1, complete: true });
    const [match] = answer.groups[0].matches;
    expect(match).toMatchObject({ line: 1, character: 8, lineLength: line.length });
    expect(match.preview).toHaveLength(100);
    expect(match.preview!.endsWith('…')).toBe(true);
    expect(calls.count).toBe(1);
  });

  it('x* with --code-only skips a whole string at once, not one empty match per character', async () => {
    const line = `"${'y'.repeat(200_000)}"; const code = 1; // ${'z'.repeat(200_000)}`;
    const { grep } = setup({ 'src/data.ts': line });
    const calls = countSearches();
    const answer = await grep({ pattern: 'x*', codeOnly: true });
    expect(answer.groups[0].matches[0]).toMatchObject({ line: 1, character: 200_003 });
    // The string, then the code after it: two searches, each of one window.
    expect(calls.count).toBe(2);
  });

  it('gives up a line after 1000 matches in strings, and says so', async () => {
    const line = `const words = [${Array.from({ length: 1500 }, () => "'a'").join(', ')}]; const a = 1;`;
    const { grep } = setup({ 'src/data.ts': line });
    const answer = await grep({ pattern: 'a', codeOnly: true });
    expect(answer.totalMatches).toBe(0);
    expect(answer.complete).toBe(false);
    expect(answer.incomplete).toBe(
      '1 line holds over 1000 matches in comments and strings: the rest of it was not searched',
    );
  });
});

describe('grepCode once the search index has read the files (their trigram signatures computed)', () => {
  afterEach(() => vi.restoreAllMocks());

  /** The texts scanned for a literal: the first offset asked of each. */
  function spyScans() {
    const scanned: string[] = [];
    const nextCandidate = LinePattern.prototype.nextCandidate;
    vi.spyOn(LinePattern.prototype, 'nextCandidate').mockImplementation(function (this: LinePattern, text, from) {
      if (from === 0) scanned.push(text);
      return nextCandidate.call(this, text, from);
    });
    return scanned;
  }

  it('scans only the texts that may hold a literal every match needs, and answers as a full scan does', async () => {
    const { grep, searchIndex } = setup();
    const unindexed = await grep({ pattern: 'console\\.log' });
    await searchIndex.fresh(1000);
    const scanned = spyScans();
    const answer = await grep({ pattern: 'console\\.log' });
    expect(answer).toEqual(unindexed);
    expect(answer.totalMatches).toBe(1);
    expect(scanned).toEqual([FILES['src/main.ts']]);
  });

  it('an edit since the index read the file is scanned, not judged by the old signature', async () => {
    const { fake, grep, searchIndex } = setup();
    await searchIndex.fresh(1000);
    fake.files['test/retry.test.ts'] = 'retryDelay(0)\nconsole.log(retryDelay(1))\n';
    const answer = await grep({ pattern: 'console\\.log' });
    expect(answer.groups.map((group) => group.filePath)).toEqual(['src/main.ts', 'test/retry.test.ts']);
  });

  it('-i finds what case folding reaches (the Kelvin sign for k), -w and alternatives too', async () => {
    const files = {
      'src/units.ts': 'export const \u212aELVIN_SCALE = 1\n',
      'src/other.ts': 'export const celsius = 2\n',
    };
    const { grep, searchIndex } = setup(files);
    await searchIndex.fresh(1000);
    expect((await grep({ pattern: 'kelvin', ignoreCase: true })).totalMatches).toBe(1);
    expect((await grep({ pattern: 'kelvin' })).totalMatches).toBe(0);
    expect((await grep({ pattern: 'CELSIUS|kelvin_scale', ignoreCase: true })).totalMatches).toBe(2);
    expect((await grep({ pattern: 'celsius', word: true })).totalMatches).toBe(1);
    const scanned = spyScans();
    expect((await grep({ pattern: 'fahrenheit', ignoreCase: true })).totalMatches).toBe(0);
    expect(scanned).toEqual([]);
  });
});

describe('grepPreview', () => {
  it('a long line is shown from a little before its match', () => {
    const line = `${' '.repeat(4)}${'x'.repeat(150)}needle${'y'.repeat(50)}`;
    const preview = grepPreview(line, 155);
    expect(preview.startsWith('…')).toBe(true);
    expect(preview).toContain('needle');
    expect(preview.length).toBe(100);
    expect(grepPreview('  short line  ', 3)).toBe('short line');
  });
});
