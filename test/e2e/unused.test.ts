import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, json } from '../helpers/cn.js';

describe('cn unused', () => {
  let root: string;
  beforeAll(() => {
    root = copyProject('examples/shop');
  });
  afterAll(() => cleanUp(root));

  it('lists the top-level declarations nothing else uses, in one call', async () => {
    const result = await cn(['unused', 'src/api/routes.ts', '--root', root]);
    expect(result.exitCode).toBe(0);
    const answer = json(result);
    expect(answer.filePath).toBe('src/api/routes.ts');
    expect(answer.checked).toBe(5);
    expect(answer.unused.map((symbol: { name: string; exported: boolean }) => `${symbol.name}:${symbol.exported}`)).toEqual([
      'register:true',
      'buy:true',
      'canSeeAdmin:true',
    ]);
  });

  it('exits 1 when every declaration is used, and prints a count line for people', async () => {
    const result = await cn(['unused', 'src/domain/money.ts', '--root', root, '--format', 'text']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout.trim()).toBe('0 of 2 top-level declarations unused in the project');
  });
});
