import { execFileSync } from 'node:child_process';
import { rmSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, json } from '../../helpers/cn.js';

/**
 * An edit that keeps both the size and the mtime (cp -p, rsync -t, touch -r) must still show in the
 * next answer: the open document, the cached outline and the cached file text all follow it.
 */
describe('fresh after a same-size edit that keeps the mtime', () => {
  let root: string;
  const file = 'src/same-size.ts';
  const names = async () =>
    json(await cn(['map', file, '--root', root])).symbols.map((symbol: { name: string }) => symbol.name);
  const code = async () => json(await cn(['inspect', `${file}:1`, '--root', root])).result.code as string;
  const variant = (name: string) => `export function ${name}(): number {\n  return 1;\n}\n`;

  beforeAll(async () => {
    root = copyProject('examples/shop');
    writeFileSync(path.join(root, file), variant('alpha'));
    await cn(['start', '--root', root]);
  });
  afterAll(() => cleanUp(root));

  it('cp -p of a same-size file carrying the old mtime', async () => {
    expect(await names()).toEqual(['alpha']);
    expect(await code()).toContain('alpha');
    const target = path.join(root, file);
    const replacement = path.join(os.tmpdir(), `cn-same-size-${process.pid}.ts`);
    writeFileSync(replacement, variant('gamma'));
    execFileSync('touch', ['-r', target, replacement]);
    const before = statSync(target, { bigint: true });
    execFileSync('cp', ['-p', replacement, target]);
    const after = statSync(target, { bigint: true });
    expect([after.size, after.mtimeNs]).toEqual([before.size, before.mtimeNs]);
    rmSync(replacement);
    expect(await names()).toEqual(['gamma']);
    expect(await code()).toContain('gamma');
  });

  it('an in-place write with the mtime set back (touch -r)', async () => {
    const target = path.join(root, file);
    await names(); // open and cache it as it is now
    const reference = path.join(os.tmpdir(), `cn-same-size-ref-${process.pid}`);
    writeFileSync(reference, '');
    execFileSync('touch', ['-r', target, reference]);
    const before = statSync(target, { bigint: true });
    writeFileSync(target, variant('delta'));
    execFileSync('touch', ['-r', reference, target]);
    rmSync(reference);
    const after = statSync(target, { bigint: true });
    expect([after.size, after.mtimeNs]).toEqual([before.size, before.mtimeNs]);
    expect(await names()).toEqual(['delta']);
    expect(await code()).toContain('delta');
    expect(json(await cn(['find', 'delta', '--root', root])).definition).toMatchObject({ name: 'delta' });
  });

  it('deps and --orphans follow an import changed by a same-size edit that keeps the mtime', async () => {
    // A find first reads the project's layout for its word count: files created right after must still be seen.
    await cn(['find', 'User', '--root', root]);
    writeFileSync(path.join(root, 'src/aa.ts'), 'export const a = 1;\n');
    writeFileSync(path.join(root, 'src/bb.ts'), 'export const a = 2;\n');
    const importer = path.join(root, 'src/importer.ts');
    writeFileSync(importer, "import { a } from './aa.js';\nexport const x = a;\n");
    const importsOf = async () =>
      json(await cn(['deps', 'src/importer.ts', '--root', root])).edges.map((edge: { to: string }) => edge.to);
    const orphans = async () =>
      json(await cn(['deps', '--orphans', '--root', root])).orphans.map(
        (orphan: { filePath: string }) => orphan.filePath,
      );
    expect(await importsOf()).toEqual(['src/aa.ts']);
    expect(await orphans()).toContain('src/bb.ts');
    const reference = path.join(os.tmpdir(), `cn-same-size-deps-${process.pid}`);
    writeFileSync(reference, '');
    execFileSync('touch', ['-r', importer, reference]);
    const before = statSync(importer, { bigint: true });
    writeFileSync(importer, "import { a } from './bb.js';\nexport const x = a;\n");
    execFileSync('touch', ['-r', reference, importer]);
    rmSync(reference);
    const after = statSync(importer, { bigint: true });
    expect([after.size, after.mtimeNs]).toEqual([before.size, before.mtimeNs]);
    expect(await importsOf()).toEqual(['src/bb.ts']);
    const orphaned = await orphans();
    expect(orphaned).toContain('src/aa.ts');
    expect(orphaned).not.toContain('src/bb.ts');
  });
});
