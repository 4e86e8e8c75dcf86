import { describe, expect, it } from 'vitest';
import {
  ProjectPaths,
  SearchIndex,
  fitGrep,
  fitSearch,
  searchCode,
  BEST_CODE_LINES,
  SHORT_CODE_LINES,
  type GrepResponse,
  type SearchRequest,
} from '../src/index.js';
import { FakeFiles, ROOT } from './fakes.js';
import { FakeDeclarationSyntax, FakeSources, FakeTimer } from './search-fakes.js';

const FILES = {
  'src/backoff.ts': [
    '// How long to wait before the next attempt: doubles each time',
    'export function computeRetryDelay(attempt) {',
    '  return 100 * 2 ** attempt',
    '}',
    'export class RetryPolicy {',
    '  shouldRetry(status) {',
    "    return status === 503 || status === 'timeout'",
    '  }',
    '}',
  ].join('\n'),
  'src/http.ts': ['export function send(request) {', '  const wait = computeRetryDelay(1)', '}'].join('\n'),
  'src/cookie.ts': ['export function serializeCookie(name, value) {', "  return name + '=' + value", '}'].join('\n'),
};

function setup(files: Record<string, string> = FILES) {
  const fake = new FakeFiles({ ...files });
  const paths = new ProjectPaths(ROOT);
  const searchIndex = new SearchIndex({
    sources: new FakeSources(fake),
    files: fake,
    paths,
    declarationSyntax: new FakeDeclarationSyntax(),
    sleep: new FakeTimer().sleep,
  });
  return { fake, search: (request: SearchRequest) => searchCode({ searchIndex, files: fake, paths }, request) };
}

describe('searchCode: declarations ranked by the words of a question', () => {
  it('ranks the declaration whose name and doc say it first, with its place, preview and what matched', async () => {
    const { search } = setup();
    const answer = await search({ query: 'where is the retry delay computed?' });
    expect(answer.words).toEqual(['retry', 'delay', 'computed']);
    expect(answer.results[0]).toMatchObject({
      id: 'src/backoff.ts::2::17',
      name: 'computeRetryDelay',
      kind: 'Function',
      preview: 'export function computeRetryDelay(attempt) {',
      endLine: 4,
      matched: { name: ['retry', 'delay', 'computed'] },
    });
    expect(answer.results.map((hit) => hit.name).slice(0, 2)).toEqual(['computeRetryDelay', 'send']);
    expect(answer).toMatchObject({ total: 4, complete: true, files: 3, declarations: 5 });
  });

  it('narrows by kind and path, cuts by limit with the total kept', async () => {
    const { search } = setup();
    expect((await search({ query: 'retry', kind: 'method' })).results.map((hit) => hit.name)).toEqual(['shouldRetry']);
    expect((await search({ query: 'retry', in: 'src/http.ts' })).results.map((hit) => hit.name)).toEqual(['send']);
    const cut = await search({ query: 'retry', limit: 1 });
    expect([cut.results.length, cut.total, cut.truncated]).toEqual([1, 4, true]);
  });

  it('adds each result’s code at the level asked (fold: the signature)', async () => {
    const { search } = setup();
    const [hit] = (await search({ query: 'serialize cookie', snippet: 'fold' })).results;
    expect(hit.snippet).toBe('export function serializeCookie(name, value) { … }');
  });

  it(`gives the best match's code when at most ${BEST_CODE_LINES} lines, the next two's at most ${SHORT_CODE_LINES}`, async () => {
    const { search } = setup();
    const answer = await search({ query: 'where is the retry delay computed?' });
    expect(answer.results[0].snippet).toBe(
      ['export function computeRetryDelay(attempt) {', '  return 100 * 2 ** attempt', '}'].join('\n'),
    );
    expect(answer.results[1].snippet).toBe(
      ['export function send(request) {', '  const wait = computeRetryDelay(1)', '}'].join('\n'),
    );
    const four = await search({ query: 'retry' });
    expect(four.results.length).toBe(4);
    expect(four.results[3].snippet).toBeUndefined();
    // A longer best match is only placed: its lines are there to read with cn inspect.
    const body = Array.from({ length: BEST_CODE_LINES }, (_, index) => `  const step${index} = ${index}`);
    const long = setup({ 'src/long.ts': ['export function computeRetryDelay() {', ...body, '}'].join('\n') });
    expect((await long.search({ query: 'retry delay' })).results[0].snippet).toBeUndefined();
  });

  it('a one-line best match is whole in its preview: the next one gets the best allowance (hono, SmartRouter.match)', async () => {
    const body = Array.from({ length: 30 }, (_, index) => `  const step${index} = ${index}`);
    const { search } = setup({
      'src/errors.ts': 'export class RetryDelayError extends Error {}',
      'src/long.ts': ['export function retryWithDelay() {', ...body, '}'].join('\n'),
    });
    const answer = await search({ query: 'retry delay error' });
    expect(answer.results.map((hit) => hit.name)).toEqual(['RetryDelayError', 'retryWithDelay']);
    expect(answer.results[0].snippet).toBeUndefined();
    expect(answer.results[1].snippet?.split('\n')).toHaveLength(32);
  });

  it('refuses a query of stop words alone, and bad kinds or paths, as bad input', async () => {
    const { search } = setup();
    await expect(search({ query: 'where is the' })).rejects.toThrow(/no words to search for/);
    await expect(search({ query: 'retry', kind: 'gadget' })).rejects.toThrow(/unknown kind/);
    await expect(search({ query: 'retry', in: '/etc' })).rejects.toThrow(/relative to the project root/);
  });

  it('finds what a file says after an edit, in the next answer', async () => {
    const { fake, search } = setup();
    fake.files['src/cookie.ts'] = 'export function parseCookieHeader(header) {\n}\n';
    expect((await search({ query: 'cookie' })).results.map((hit) => hit.name)).toEqual(['parseCookieHeader']);
  });
});

describe('fitSearch and fitGrep: --max-tokens in stages', () => {
  it('search: previews go first, then results from the end, then all but the totals', async () => {
    const { search } = setup();
    const answer = await search({ query: 'retry', snippet: 'preview' });
    const size = (response: object) => JSON.stringify(response).length;
    const bare = fitSearch(answer, size(answer) / 4 - 40, (response) => size(response) / 4);
    expect(bare.budget!.stage).toBe('no-previews');
    expect(bare.results.every((hit) => hit.preview === undefined && hit.snippet === undefined)).toBe(true);
    const cut = fitSearch(answer, 200, (response) => size(response) / 4);
    expect(cut.budget!.stage).toBe('cut');
    expect(cut.results.length).toBeLessThan(answer.results.length);
    expect(cut.total).toBe(answer.total);
    expect(fitSearch(answer, 20, () => 1000).budget!.stage).toBe('totals');
  });

  it('grep: previews, then lines (each declaration keeps its count), then declarations', () => {
    const answer: GrepResponse = {
      pattern: 'x',
      groups: [1, 2, 3].map((n) => ({
        filePath: `f${n}.ts`,
        in: { name: `f${n}`, kind: 'Function', id: `f${n}.ts::1::1` },
        matches: [{ line: n, character: 1, preview: 'x'.repeat(80) }],
        count: 1,
      })),
      totalMatches: 3,
      totalGroups: 3,
      filesSearched: 3,
      filesMatched: 3,
      complete: true,
    };
    const size = (response: object) => JSON.stringify(response).length / 4;
    const stages = [200, 130, 100, 70, 50].map((tokens) => fitGrep(answer, tokens, size));
    expect(stages.map((fitted) => [fitted.budget!.stage, fitted.groups.length])).toEqual([
      ['no-previews', 3],
      ['grouped', 3],
      ['cut', 2],
      ['cut', 1],
      ['totals', 0],
    ]);
    expect(stages.every((fitted) => fitted.totalMatches === 3)).toBe(true);
    expect(stages[1].groups.map((group) => [group.matches.length, group.count])).toEqual([
      [0, 1],
      [0, 1],
      [0, 1],
    ]);
  });
});
