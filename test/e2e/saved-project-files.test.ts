import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, lastDaemonLogLines } from '../helpers/cn.js';

/**
 * A daemon keeps the project's file list for the next one (packages/lsp/src/navigation/saved-project-files.ts): a find
 * after a stop then needs no compiler API. The list is used only while the project's directories and configs are as
 * they were; a file created while no daemon ran must still be searched.
 */
describe('the project file list a daemon keeps for the next', () => {
  let root: string;
  const run = (...args: string[]) => cn([...args, '--root', root]);
  const find = async () => (await run('find', 'computeRetryDelay', '--format', 'compact')).stdout;
  /** A listing keeps nothing stamped within a second before it began (the kernel's clock is coarse): copies settle. */
  const copySettled = async () => {
    root = copyProject('test/fixtures/search');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
  };
  afterEach(() => cleanUp(root));

  it('is taken by the next daemon when nothing changed, which answers as the first did', async () => {
    await copySettled();
    const first = await find();
    expect(first).toContain('rg -w computeRetryDelay would also hit 1: 1 comment');
    expect((await run('stop')).exitCode).toBe(0);
    expect(await find()).toBe(first);
    expect(await lastDaemonLogLines(root, 'saved project file list')).toEqual([
      'cn: saved project file list read (3 files)',
    ]);
  });

  it('is not used once a file was created while no daemon ran, and the new file is searched', async () => {
    await copySettled();
    expect(await find()).toContain('would also hit 1: 1 comment');
    expect((await run('stop')).exitCode).toBe(0);
    writeFileSync(
      path.join(root, 'src', 'worker.ts'),
      '// computeRetryDelay paces the worker too.\nexport const worker = 1;\n',
    );
    expect(await find()).toContain('would also hit 2: 2 comments');
    expect(await lastDaemonLogLines(root, 'saved project file list')).toEqual([
      'cn: saved project file list read (3 files)',
      'cn: saved project file list not used: the project changed since',
    ]);
  });

  it('is not used once a config was edited while no daemon ran', async () => {
    await copySettled();
    await find();
    expect((await run('stop')).exitCode).toBe(0);
    writeFileSync(path.join(root, 'tsconfig.json'), readFileSync(path.join(root, 'tsconfig.json'), 'utf8') + '\n');
    await find();
    expect(await lastDaemonLogLines(root, 'saved project file list')).toEqual([
      'cn: saved project file list read (3 files)',
      'cn: saved project file list not used: the project changed since',
    ]);
  });
});
