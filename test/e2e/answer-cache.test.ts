import { appendFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, json } from '../helpers/cn.js';

/**
 * cn unused and cn overview are kept per project version (packages/daemon/src/answer-cache.ts): asked
 * again with nothing changed, the daemon answers without recomputing; any edit, new or deleted file
 * must show in the very next answer.
 */
const root = copyProject('examples/shop');
afterAll(() => cleanUp(root));

const unusedNames = async () =>
  json(await cn(['unused', 'src', '--exported', '--root', root])).files.flatMap(
    (file: { filePath: string; unused: Array<{ name: string }> }) =>
      file.unused.map((symbol) => `${file.filePath}:${symbol.name}`),
  );
const overviewSymbols = async (file: string) =>
  json(await cn(['overview', '--root', root]))
    .files.find((entry: { filePath: string }) => entry.filePath === file)
    ?.symbols.map((symbol: { name: string }) => symbol.name);

describe('repeated cn unused and cn overview', () => {
  it('give the same answer while nothing changes, and show an edit to an existing file at once', async () => {
    const before = await unusedNames();
    expect(before).toContain('src/api/routes.ts:canSeeAdmin');
    expect(await unusedNames()).toEqual(before);
    const overview = await overviewSymbols('src/services/checkout.ts');
    expect(await overviewSymbols('src/services/checkout.ts')).toEqual(overview);

    appendFileSync(
      path.join(root, 'src/services/checkout.ts'),
      "\nimport { canSeeAdmin } from '../api/routes.js';\nexport const seeAdmin = canSeeAdmin;\n",
    );
    const after = await unusedNames();
    expect(after).not.toContain('src/api/routes.ts:canSeeAdmin');
    expect(after).toContain('src/services/checkout.ts:seeAdmin');
    expect(await overviewSymbols('src/services/checkout.ts')).toEqual([...overview, 'seeAdmin']);
  }, 300_000);

  it('show a new file at once, even one created right after the last answer', async () => {
    expect(await unusedNames()).toContain('src/api/routes.ts:buy');
    writeFileSync(
      path.join(root, 'src/api/admin.ts'),
      "import { buy } from './routes.js';\nexport const buyNow = () => buy('u', 'o', 1);\n",
    );
    const after = await unusedNames();
    expect(after).not.toContain('src/api/routes.ts:buy');
    expect(after).toContain('src/api/admin.ts:buyNow');
    expect(await overviewSymbols('src/api/admin.ts')).toEqual(['buyNow']);
  }, 300_000);
});
