import { appendFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, lastDaemonLogLines } from '../helpers/cn.js';

/**
 * A daemon keeps the trigram signature of each text it read for the next one (daemon/src/adapters/
 * saved-signatures-file.ts): a second start's scan for a word reads only the files that may hold it. A signature is
 * used only for the version of the file it was computed from: a file edited while no daemon ran is read again.
 */
describe('the text signatures a daemon keeps for the next', () => {
  let root: string;
  const run = (...args: string[]) => cn([...args, '--root', root]);
  const find = async () => (await run('find', 'computeRetryDelay', '--format', 'compact')).stdout;
  afterEach(() => cleanUp(root));

  it('are taken by the next daemon, which answers as the first did', async () => {
    root = copyProject('test/fixtures/search');
    const first = await find();
    expect(first).toContain('rg -w computeRetryDelay would also hit 1: 1 comment');
    expect((await run('stop')).exitCode).toBe(0);
    expect(await find()).toBe(first);
    expect(await lastDaemonLogLines(root, 'saved text signatures')).toEqual([
      'cn: saved text signatures read for 3 files',
    ]);
  });

  it('say nothing of a file edited while no daemon ran: the word written into it is found', async () => {
    root = copyProject('test/fixtures/search');
    expect(await find()).toContain('would also hit 1: 1 comment');
    expect((await run('stop')).exitCode).toBe(0);
    // The banner never held the word: its saved signature rules the word out, for the version it was computed from.
    appendFileSync(path.join(root, 'src', 'ui', 'banner.tsx'), '// computeRetryDelay paces the banner too.\n');
    expect(await find()).toContain('would also hit 2: 2 comments');
    expect(await lastDaemonLogLines(root, 'saved text signatures')).toEqual([
      'cn: saved text signatures read for 3 files',
    ]);
  });
});
