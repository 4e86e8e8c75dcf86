import { readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanUp, cn, copyProject, json } from '../helpers/cn.js';

/** cn search and cn grep as a user runs them, on test/fixtures/search (issue 15). */
describe('cn search and cn grep', () => {
  let root: string;
  const run = (...args: string[]) => cn([...args, '--root', root]);
  /** The index builds in the background once the project is loaded: the first answers may be partial. */
  const searchComplete = (...args: string[]) =>
    vi.waitFor(
      async () => {
        const answer = json(await run('search', ...args));
        expect(answer.complete).toBe(true);
        return answer;
      },
      { timeout: 60_000, interval: 200 },
    );

  beforeAll(async () => {
    root = copyProject('test/fixtures/search');
    await cn(['start', '--root', root]);
  });
  afterAll(() => cleanUp(root));

  it('search ranks the declaration a question describes first, and says what matched', async () => {
    const answer = await searchComplete('how long to wait before the next retry?');
    expect(answer.words).toEqual(['long', 'wait', 'before', 'next', 'retry']);
    expect(answer.results[0]).toMatchObject({
      id: 'src/retry/backoff.ts::2::17',
      name: 'computeRetryDelay',
      kind: 'Function',
      endLine: 4,
      matched: { name: ['retry'], doc: ['long', 'wait', 'before', 'next'] },
    });
    expect(answer).toMatchObject({ files: 3, complete: true });
  });

  it('search narrows by kind and path; compact and ids print one line per result', async () => {
    const methods = await searchComplete('retry', '--kind', 'method');
    expect(methods.results.map((hit: { name: string }) => hit.name)).toEqual(['shouldRetry']);
    const compact = await run('search', 'accept encoding header', '--in', 'src/http', '--format', 'compact');
    expect(compact.exitCode).toBe(0);
    expect(compact.stdout.split('\n')[1]).toMatch(
      /^src\/http\/client\.ts:6:17 {2}Function {2}preferredEncoding {2}6-12 {2}\[.*doc: accept, encoding, header.*\] {2}│ export function preferredEncoding/,
    );
    const ids = await run('search', 'retry', '--limit', '2', '--format', 'ids');
    expect(ids.stdout.trim().split('\n')).toHaveLength(2);
    expect(ids.stdout).toMatch(/^src\/\S+::\d+::\d+$/m);
  });

  it('search: exit 1 when nothing matches, exit 2 with one line for a query of stop words', async () => {
    await searchComplete('retry');
    expect((await run('search', 'zebra', 'quokka')).exitCode).toBe(1);
    const refused = await run('search', 'where', 'is', 'the');
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/^cn: no words to search for in 'where is the' \(.+\)\n$/);
    expect(refused.stdout).toBe('');
  });

  it('search sees an edited, a renamed and a new file in the very next answer', async () => {
    await searchComplete('retry');
    const backoff = path.join(root, 'src/retry/backoff.ts');
    writeFileSync(backoff, 'export function jitteredPause(attempt: number): number {\n  return attempt * 3;\n}\n');
    renameSync(path.join(root, 'src/ui/banner.tsx'), path.join(root, 'src/ui/notice.tsx'));
    writeFileSync(path.join(root, 'src/ui/toast.ts'), 'export function showToast(text: string): void {}\n');
    const [pause, banner, toast] = [
      json(await run('search', 'jittered pause')),
      json(await run('search', 'retry banner')),
      json(await run('search', 'show toast')),
    ];
    expect(pause.results[0]).toMatchObject({ name: 'jitteredPause' });
    expect(banner.results[0]).toMatchObject({ name: 'RetryBanner', filePath: 'src/ui/notice.tsx' });
    expect(toast.results[0]).toMatchObject({ name: 'showToast', filePath: 'src/ui/toast.ts' });
    expect(
      json(await run('search', 'compute retry delay')).results.map((hit: { name: string }) => hit.name),
    ).not.toContain('computeRetryDelay');
  });

  it('grep sees an edit in the very next answer, after the index has read the file as it was', async () => {
    await searchComplete('retry');
    const toast = path.join(root, 'src/ui/toast.ts');
    writeFileSync(toast, 'export function showToast(text: string): void {\n  zebraCrossing(text);\n}\n');
    const found = json(await run('grep', 'ZEBRACROSSING', '-i'));
    expect(
      found.groups.map((group: { filePath: string; in: { name: string } }) => [group.filePath, group.in.name]),
    ).toEqual([['src/ui/toast.ts', 'showToast']]);
    await searchComplete('show toast');
    writeFileSync(toast, 'export function showToast(text: string): void {}\n');
    expect((await run('grep', 'zebraCrossing')).exitCode).toBe(1);
  });
});

describe('cn grep', () => {
  let root: string;
  const run = (...args: string[]) => cn([...args, '--root', root]);
  beforeAll(async () => {
    root = copyProject('test/fixtures/search');
  });
  afterAll(() => cleanUp(root));

  it('groups matching lines by the declaration they are in, top-level code under <module>', async () => {
    const answer = json(await run('grep', 'computeRetryDelay|policy'));
    expect(
      answer.groups.map(
        (group: { filePath: string; in: { name: string; kind: string; id: string }; count: number }) => [
          group.in.name,
          group.in.kind,
          group.in.id,
          group.count,
        ],
      ),
    ).toEqual([
      ['<module>', 'Module', 'src/http/client.ts', 1],
      ['policy', 'Constant', 'src/http/client.ts::3::7', 1],
      ['send', 'Function', 'src/http/client.ts::14::23', 3],
      ['computeRetryDelay', 'Function', 'src/retry/backoff.ts::2::17', 1],
    ]);
    expect(answer.groups[2].matches[0]).toEqual({
      line: 16,
      character: 7,
      preview: 'if (policy.shouldRetry(response.status, attempt)) {',
    });
    expect(answer).toMatchObject({
      totalMatches: 6,
      totalGroups: 4,
      filesMatched: 2,
      filesSearched: 3,
      complete: true,
    });
  });

  it('-F, -i, -w, --code-only and --kind mean what they mean to rg users', async () => {
    const fixed = json(await run('grep', '-F', "split(';q=')"));
    expect(fixed.totalMatches).toBe(1);
    expect(json(await run('grep', 'accept-encoding', '-i')).totalMatches).toBe(2);
    expect(json(await run('grep', 'retry', '-w', '-i')).totalMatches).toBe(3);
    // In code only: `retry` in comments, strings and JSX text is left out.
    const code = json(await run('grep', 'retry', '-i', '--code-only'));
    expect(code.groups.map((group: { in: { name: string } }) => group.in.name)).toEqual([
      '<module>',
      'policy',
      'send',
      'computeRetryDelay',
      'RetryPolicy',
      'shouldRetry',
      'RetryBanner',
    ]);
    expect(json(await run('grep', 'retry', '-i', '--kind', 'method')).groups).toHaveLength(1);
  });

  it('paths and --in narrow the files, from the root or the working directory', async () => {
    expect(json(await run('grep', 'retry', '-i', 'src/ui')).filesSearched).toBe(1);
    expect(json(await run('grep', 'retry', '-i', '--in', '**/*.tsx')).filesSearched).toBe(1);
    const fromSubdirectory = await cn(['grep', 'retry', '-i', 'retry', '--root', root], {
      cwd: path.join(root, 'src'),
    });
    expect(json(fromSubdirectory).filesSearched).toBe(1);
  });

  it('compact names each file once and each declaration on its first line; text adds kinds and ids', async () => {
    const compact = await run('grep', 'computeRetryDelay', '--format', 'compact');
    expect(compact.stdout.trimEnd().split('\n')).toEqual([
      'src/http/client.ts',
      "1 <module>: import { computeRetryDelay, RetryPolicy } from '../retry/backoff';",
      '17 send: // retry after the delay computeRetryDelay gives',
      '18: await new Promise((resolve) => setTimeout(resolve, computeRetryDelay(attempt)));',
      'src/retry/backoff.ts',
      '2 computeRetryDelay: export function computeRetryDelay(attempt: number): number {',
      '4 matching lines in 3 declarations, 2 of 3 files',
    ]);
    const text = await run('grep', 'computeRetryDelay', 'src/retry', '--format', 'text');
    expect(text.stdout).toContain(
      'src/retry/backoff.ts\n  Function computeRetryDelay  src/retry/backoff.ts::2::17\n    2:17  export',
    );
  });

  it('ids feed cn inspect', async () => {
    const ids = await run('grep', 'computeRetryDelay', '--format', 'ids');
    expect(ids.stdout.trim().split('\n')).toEqual([
      'src/http/client.ts:1:10',
      'src/http/client.ts::14::23',
      'src/retry/backoff.ts::2::17',
    ]);
    const inspected = await cn(['inspect', '-', '--root', root, '--format', 'text'], { input: ids.stdout });
    expect(inspected.exitCode).toBe(0);
    expect(inspected.stdout).toContain('export async function send(');
  });

  it('exit 1 when nothing matches; exit 2 with one line for a bad pattern or a path outside the root', async () => {
    const none = await run('grep', 'zebraQuokka');
    expect(none.exitCode).toBe(1);
    expect(json(none).totalMatches).toBe(0);
    const bad = await run('grep', '(retry');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/^cn: bad pattern: missing closing \): '\(retry' \(.+\)\n$/);
    const backreference = await run('grep', '(a)\\1');
    expect(backreference.exitCode).toBe(2);
    // Issue 22, item 17: RE2 called a lookbehind an "invalid named capture".
    const lookbehind = await run('grep', '(?<=a)b');
    expect(lookbehind).toMatchObject({ exitCode: 2, stdout: '' });
    expect(lookbehind.stderr).toMatch(
      /^cn: bad pattern: lookbehind \(\(\?<=…\), \(\?<!…\)\) is not supported \(RE2\) \(.+\)\n$/,
    );
    const outside = await run('grep', 'retry', '/etc');
    expect(outside.exitCode).toBe(2);
    expect(outside.stderr).toMatch(/^cn: \/etc is outside the project root \(.+\)\n$/);
  });

  it('--limit and --max-tokens shrink the answer and say so', async () => {
    const limited = json(await run('grep', 'retry', '-i', '--limit', '2'));
    expect(limited.groups.reduce((sum: number, group: { matches: unknown[] }) => sum + group.matches.length, 0)).toBe(
      2,
    );
    expect(limited).toMatchObject({ truncated: true, totalMatches: 10 });
    const budget = json(await run('grep', 'retry', '-i', '--max-tokens', '60'));
    expect(budget.budget.stage).not.toBe('full');
    expect(budget.budget.tokens).toBeLessThanOrEqual(60);
  });
});

describe('a daemon stopped right after its first answer', () => {
  let root: string;
  const run = (...args: string[]) => cn([...args, '--root', root]);
  afterAll(() => cleanUp(root));

  it('keeps what its find read of the files for the next daemon, its search index never built', async () => {
    root = copyProject('test/fixtures/search');
    expect((await run('find', 'computeRetryDelay', '--format', 'compact')).exitCode).toBe(0);
    const { logFile } = json(await run('status'));
    expect((await run('stop')).exitCode).toBe(0);
    const stateDir = path.dirname(logFile);
    expect(readdirSync(stateDir)).toEqual(expect.arrayContaining(['search-syntax.json', 'reference-sites.json']));
    expect(readFileSync(logFile, 'utf8')).not.toContain('cn: search index started');
  });
});

describe('a second daemon on an unchanged project', () => {
  let root: string;
  const run = (...args: string[]) => cn([...args, '--root', root]);
  afterAll(() => cleanUp(root));

  it('takes what the first read from its private state directory, and answers as the first did', async () => {
    root = copyProject('test/fixtures/search');
    const before = readdirSync(root).sort();
    await run('start');
    const question = ['search', 'how long to wait before the next retry?'];
    const first = await vi.waitFor(
      async () => {
        const answer = json(await run(...question));
        expect(answer.complete).toBe(true);
        return answer;
      },
      { timeout: 60_000, interval: 200 },
    );
    const references = ['find', 'computeRetryDelay', '--format', 'compact'];
    const found = (await run(...references)).stdout;
    expect(found).toContain('src/http/client.ts');
    expect((await run('stop')).exitCode).toBe(0);
    const status = json(await run('start'));
    // Its first answers are whole and the same; the log says where they came from.
    expect(json(await run(...question))).toEqual(first);
    expect((await run(...references)).stdout).toBe(found);
    const log = readFileSync(status.logFile, 'utf8');
    expect(log).toContain('cn: saved search syntax read for 3 files');
    // What the syntax said of each reference (its role, the declaration around it): 2 files, its own and client.ts.
    expect(log).toMatch(/cn: saved reference sites read for 2 files/);
    if (status.engine === 'native')
      expect(log).toMatch(/cn: saved name index: (\d+) of \1 files unchanged, taken from it/);
    // Nothing of it is written into the project: the port file is all.
    expect(readdirSync(root).sort()).toEqual([...before, '.ts-search-daemon.json'].sort());
  });
});
