import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONG_LINE_CHARACTERS, longLine, longRows, writeGenerated } from '../../../scripts/lib/large-projects.mjs';
import { cleanUp, cn, copyProject, json, type CnResult } from '../../helpers/cn.js';

/** Eight files of one line just under the 4 MB cn reads (minified bundles, generated data), eight of long rows. */
const FILES = 8;

/**
 * cn grep on files whose single line is megabytes long: each line is searched once per question (never once per
 * match), its preview cut with the cut said, the time budget checked inside the line, and other questions are
 * answered meanwhile.
 */
describe('cn grep on one-line files of 4 MB', () => {
  let root: string;
  const grep = (...args: string[]) => cn(['grep', ...args, '--root', root], { timeoutMs: 90_000 });

  beforeAll(async () => {
    root = copyProject('examples/shop');
    writeGenerated(root, 'src/blobs', 'blob', FILES, longLine);
    writeGenerated(root, 'src/rows', 'rows', FILES, longRows);
    await cn(['start', '--root', root]);
  });
  afterAll(() => cleanUp(root));

  it('a pattern found everywhere answers each line once, its preview cut around the match', async () => {
    const result = await grep('a', 'src/blobs', '--limit', '20');
    expect(result.exitCode).toBe(0);
    const answer = json(result);
    expect(answer).toMatchObject({ totalMatches: FILES, filesMatched: FILES, complete: true });
    const [match] = answer.groups[0].matches;
    expect(match).toMatchObject({ line: 1, lineLength: LONG_LINE_CHARACTERS - 1 });
    expect(match.preview.length).toBeLessThanOrEqual(100);
    expect(match.preview.endsWith('…')).toBe(true);
  });

  it('a pattern of empty matches (x*) answers, never one match per character', async () => {
    const result = await grep('x*', 'src/blobs');
    expect(result.exitCode).toBe(0);
    expect(json(result)).toMatchObject({ totalMatches: FILES, complete: true });
    const codeOnly = await grep('a', 'src/blobs', '--code-only');
    // Every `a` is inside the string: one search per line jumps over it.
    expect(codeOnly.exitCode).toBe(1);
    expect(json(codeOnly)).toMatchObject({ totalMatches: 0, complete: true });
  });

  it('a find asked while a slow grep runs answers before the grep ends', async () => {
    const order: string[] = [];
    const done = (name: string) => (result: CnResult) => {
      order.push(name);
      return result;
    };
    // No literal to skip lines by, and RE2 needs ~10 ms to find where each of the 8,000 lines matches: the grep runs
    // into its 10 s budget.
    const slow = grep('.{900}[0-9]', 'src/rows').then(done('grep'));
    const find = cn(['find', 'User', '--root', root]).then(done('find'));
    const [grepped, found] = await Promise.all([slow, find]);
    expect(found.exitCode).toBe(0);
    expect(grepped.exitCode).toBe(0);
    expect(json(grepped)).toMatchObject({
      complete: false,
      incomplete: expect.stringMatching(/^stopped after 10 s at line \d+ of src\/rows\//),
    });
    expect(order).toEqual(['find', 'grep']);
  });
});
