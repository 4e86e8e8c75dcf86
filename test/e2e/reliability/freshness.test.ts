import { execFileSync } from 'node:child_process';
import { appendFileSync, linkSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
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

  /** Runs `change` in `directory`, then sets the directory's times back as they were (`touch -r`). */
  function keepingDirectoryTimes(directory: string, change: () => void): void {
    const reference = path.join(os.tmpdir(), `cn-freshness-ref-${process.pid}`);
    writeFileSync(reference, '');
    execFileSync('touch', ['-r', directory, reference]);
    const before = statSync(directory, { bigint: true }).mtimeNs;
    change();
    execFileSync('touch', ['-r', reference, directory]);
    rmSync(reference);
    expect(statSync(directory, { bigint: true }).mtimeNs).toBe(before);
  }
  const grepFiles = async (pattern: string) =>
    json(await cn(['grep', pattern, '--root', root])).groups.map((group: { filePath: string }) => group.filePath);
  const searchFiles = async (words: string) =>
    json(await cn(['search', words, '--root', root])).results.map((result: { filePath: string }) => result.filePath);

  it('sees a file created in a directory whose mtime was then set back', async () => {
    // Every answer has read the listing as it is now.
    await Promise.all([find('Money'), grepFiles('Money'), searchFiles('money')]);
    keepingDirectoryTimes(path.join(root, 'src/domain'), () =>
      writeFileSync(
        path.join(root, 'src/domain/covert.ts'),
        'export function covertLedgerEntry(): number {\n  return 7;\n}\n',
      ),
    );
    expect((await find('covertLedgerEntry')).definition).toMatchObject({ id: 'src/domain/covert.ts::1::17' });
    expect(await grepFiles('covertLedgerEntry')).toEqual(['src/domain/covert.ts']);
    expect(await searchFiles('covert ledger entry')).toContain('src/domain/covert.ts');
  });

  it('forgets a file deleted from a directory whose mtime was then set back', async () => {
    const doomed = path.join(root, 'src/services/doomed.ts');
    writeFileSync(doomed, 'export function doomedLedgerEntry(): number {\n  return 8;\n}\n');
    expect(await searchFiles('doomed ledger entry')).toContain('src/services/doomed.ts');
    expect(await grepFiles('doomedLedgerEntry')).toEqual(['src/services/doomed.ts']);
    keepingDirectoryTimes(path.dirname(doomed), () => rmSync(doomed));
    expect(await searchFiles('doomed ledger entry')).not.toContain('src/services/doomed.ts');
    expect(await grepFiles('doomedLedgerEntry')).toEqual([]);
    expect((await find('doomedLedgerEntry')).definition).toBeNull();
  });
  it('sees the files of a directory replaced by another of the same name, and edits made in it after', async () => {
    // The daemon has read the files as they are now.
    await Promise.all([find('Money'), grepFiles('Money')]);
    const domain = path.join(root, 'src/domain');
    const replaced = path.join(root, 'src/domain-before');
    execFileSync('cp', ['-a', domain, replaced]);
    renameSync(domain, path.join(root, 'src/domain-old'));
    renameSync(replaced, domain);
    rmSync(path.join(root, 'src/domain-old'), { recursive: true });
    appendFileSync(path.join(domain, 'money.ts'), 'export const replacedLedgerMark = 1;\n');
    expect(await grepFiles('replacedLedgerMark')).toEqual(['src/domain/money.ts']);
    appendFileSync(path.join(domain, 'money.ts'), 'export const laterLedgerMark = 2;\n');
    expect(await grepFiles('laterLedgerMark')).toEqual(['src/domain/money.ts']);
    expect((await find('laterLedgerMark')).definition?.id).toMatch(/^src\/domain\/money\.ts::/);
  });

  it('sees an edit made through another hard link, outside the root, to a file it answered about', async () => {
    // A file hard-linked when cn looks at it (pnpm stores, cp -al): a write through the other name reaches no watch of
    // the root's, so its stat is taken on every question.
    const file = path.join(root, 'src/services/linked.ts');
    writeFileSync(file, 'export const linkedBefore = 1;\n');
    const outside = path.join(os.tmpdir(), `cn-hard-link-${process.pid}.ts`);
    rmSync(outside, { force: true });
    linkSync(file, outside);
    try {
      expect((await find('linkedBefore')).definition?.id).toBe('src/services/linked.ts::1::14');
      expect(await grepFiles('linkedBefore')).toEqual(['src/services/linked.ts']);
      appendFileSync(outside, 'export const linkedAfter = 2;\n');
      expect(await grepFiles('linkedAfter')).toEqual(['src/services/linked.ts']);
    } finally {
      rmSync(outside, { force: true });
    }
  });
});
