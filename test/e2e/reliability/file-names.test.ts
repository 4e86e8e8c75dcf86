import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, json } from '../../helpers/cn.js';

/** `src/café.ts` written in Latin-1: the name's `é` is the byte E9, not UTF-8. */
const LATIN1_NAME = Buffer.concat([Buffer.from('src/caf'), Buffer.from([0xe9]), Buffer.from('.ts')]);
/** How cn spells it: the byte as `\xE9`, everything else as it is. */
const SPELLED = 'src/caf\\xE9.ts';

/**
 * A file whose name is not UTF-8 is read by cn's own readers (grep, search, deps, overview; unused and diagnostics
 * name it as not checked), printed with the byte escaped, and the escaped name given back names the same file. No
 * engine can open it (docs/security.md): commands that need one say so in one line.
 */
describe('a file whose name is not UTF-8', () => {
  let root: string;
  const run = (...args: string[]) => cn([...args, '--root', root]);

  beforeAll(async () => {
    root = copyProject('examples/shop');
    writeFileSync(
      Buffer.concat([Buffer.from(`${root}/`), LATIN1_NAME]),
      "import { formatMoney } from './domain/money.js';\n" +
        "export function covertCafeTotal(cents: number): string {\n  return formatMoney({ cents, currency: 'EUR' });\n}\n",
    );
    await run('start');
  });
  afterAll(() => cleanUp(root));

  it('grep finds it and prints its name escaped; the escaped name narrows grep to it', async () => {
    const answer = json(await run('grep', 'covertCafeTotal'));
    expect(answer.groups.map((group: { filePath: string }) => group.filePath)).toEqual([SPELLED]);
    const text = await run('grep', 'covertCafeTotal', '--format', 'text');
    expect(text.stdout.split('\n')[0]).toBe(SPELLED);
    const narrowed = json(await run('grep', 'formatMoney', SPELLED));
    expect(narrowed).toMatchObject({ filesSearched: 1, totalMatches: 2 });
  });

  it('search ranks its declarations, deps reads its imports, overview lists it', async () => {
    await expect
      .poll(async () => json(await run('search', 'covert cafe total')).results?.[0]?.filePath, { timeout: 60_000 })
      .toBe(SPELLED);
    const deps = json(await run('deps', SPELLED));
    expect(deps.edges.map((edge: { to: string }) => edge.to)).toEqual(['src/domain/money.ts']);
    const importers = json(await run('deps', 'src/domain/money.ts', '--direction', 'in'));
    expect(importers.edges.map((edge: { from: string }) => edge.from)).toContain(SPELLED);
    const overview = json(await run('overview', '--max-tokens', '0'));
    const listed = overview.files.find((file: { filePath: string }) => file.filePath === SPELLED);
    expect(listed?.symbols.map((symbol: { name: string }) => symbol.name)).toEqual(['covertCafeTotal']);
  });

  it('unused and diagnostics name it as not checked; map says in one line why it cannot', async () => {
    const unused = await run('unused');
    expect([0, 1]).toContain(unused.exitCode);
    expect(json(unused)).toMatchObject({ complete: false });
    expect(json(unused).incomplete).toContain(`could not be outlined and was not checked: ${SPELLED}`);
    const diagnostics = json(await run('diagnostics'));
    expect(diagnostics.diagnostics).toContainEqual(
      expect.objectContaining({ filePath: SPELLED, message: expect.stringContaining('its name is not UTF-8') }),
    );
    const map = await run('map', SPELLED);
    expect(map.exitCode).toBe(2);
    expect(map.stdout).toBe('');
    expect(map.stderr).toMatch(
      /^cn: the language server cannot open src\/caf\\xE9\.ts: its name is not UTF-8 \(.+\)\n$/,
    );
  });

  it('other answers stay as they were: the UTF-8 files around it are found and mapped', async () => {
    expect(json(await run('find', 'formatMoney')).definition).toMatchObject({ filePath: 'src/domain/money.ts' });
    expect(path.basename(json(await run('map', 'src/domain/money.ts')).filePath)).toBe('money.ts');
  });
});
