import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, json } from '../helpers/cn.js';

/**
 * test/fixtures/loose-importer: a loose script imports packages/app, whose watcher.ts imports '@lib/helpers' through
 * the `paths` of tsconfig.base.json. The loose files are compiled with docs/tsconfig.json's options (no such alias): on
 * tsserver, watcher.ts was checked in their program and said "Cannot find module '@lib/helpers'" (issue 24, vitest).
 */
describe("a file's diagnostics come from its own project", () => {
  let root: string;
  beforeAll(() => {
    root = copyProject('test/fixtures/loose-importer');
  });
  afterAll(() => cleanUp(root));

  it('finds nothing wrong with a file whose alias its own project resolves', async () => {
    const result = await cn(['diagnostics', 'packages/app/src/watcher.ts', '--root', root]);
    expect(result.stderr).toBe('');
    expect(json(result)).toEqual({ diagnostics: [], filesChecked: 1, totalFiles: 1 });
  });

  it('checks the whole project alike', async () => {
    const result = await cn(['diagnostics', '--root', root]);
    expect(json(result).diagnostics).toEqual([]);
  });
});
