import { mkdirSync, renameSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, json } from '../../helpers/cn.js';

/** Files edited, created, deleted and renamed on disk show in the very next answer, no restart. */
describe('fresh after edits', () => {
  let root: string;
  const find = async (query: string, ...args: string[]) => json(await cn(['find', query, '--root', root, ...args]));
  const referenceFiles = (answer: { references: Array<{ filePath: string }> }) =>
    [...new Set(answer.references.map((ref) => ref.filePath))].sort();

  beforeAll(async () => {
    root = copyProject('examples/shop');
    await cn(['start', '--root', root]);
  });
  afterAll(() => cleanUp(root));

  it('sees a new file at once', async () => {
    writeFileSync(
      path.join(root, 'src/admin.ts'),
      "import { User } from './domain/user.js';\nexport const admins: User[] = [];\n",
    );
    const answer = await find('User');
    expect(referenceFiles(answer)).toContain('src/admin.ts');
    expect((await find('admins')).definition).toMatchObject({ id: 'src/admin.ts::2::14', kind: 'Constant' });
  });

  it('sees an edit to a file it has open', async () => {
    await cn(['map', 'src/admin.ts', '--root', root]);
    appendFileSync(
      path.join(root, 'src/admin.ts'),
      'export function firstAdmin(): User | undefined {\n  return admins[0];\n}\n',
    );
    const map = json(await cn(['map', 'src/admin.ts', '--root', root]));
    expect(map.symbols.map((s: { name: string }) => s.name)).toContain('firstAdmin');
    expect(
      (await find('User')).references.filter((ref: { filePath: string }) => ref.filePath === 'src/admin.ts'),
    ).toHaveLength(3);
  });

  it('sees an edit to a file it never opened', async () => {
    appendFileSync(path.join(root, 'src/services/checkout.ts'), 'export const guest: User | null = null;\n');
    const refs = (await find('User')).references.filter(
      (ref: { filePath: string }) => ref.filePath === 'src/services/checkout.ts',
    );
    expect(refs.map((ref: { line: number }) => ref.line)).toContain(20);
  });

  it('forgets a deleted file', async () => {
    rmSync(path.join(root, 'src/admin.ts'));
    expect(referenceFiles(await find('User'))).not.toContain('src/admin.ts');
    expect((await find('admins')).definition).toBeNull();
  });

  it('follows a renamed file', async () => {
    renameSync(path.join(root, 'src/api/routes.ts'), path.join(root, 'src/api/http-routes.ts'));
    const files = referenceFiles(await find('User'));
    expect(files).toContain('src/api/http-routes.ts');
    expect(files).not.toContain('src/api/routes.ts');
  });

  it('picks up a new tsconfig project', async () => {
    mkdirSync(path.join(root, 'tools/src'), { recursive: true });
    writeFileSync(
      path.join(root, 'tools/tsconfig.json'),
      '{ "compilerOptions": { "strict": true, "noEmit": true }, "include": ["src"] }\n',
    );
    writeFileSync(path.join(root, 'tools/src/seed.ts'), 'export function seedDatabase(): number {\n  return 42;\n}\n');
    expect((await find('seedDatabase')).definition).toMatchObject({ id: 'tools/src/seed.ts::1::17', kind: 'Function' });
    expect(json(await cn(['status', '--root', root])).projects).toEqual(['tools/tsconfig.json', 'tsconfig.json']);
  });

  it('refuses an id whose line no longer exists instead of showing other code', async () => {
    const stale = 'src/domain/money.ts::9::1';
    expect((await cn(['inspect', stale, '--root', root])).exitCode).toBe(0);
    writeFileSync(path.join(root, 'src/domain/money.ts'), 'export type Cents = number;\n');
    const result = await cn(['inspect', stale, '--root', root]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^cn: line 9 is past the end of src\/domain\/money\.ts \(1 lines\)/);
  });
});
