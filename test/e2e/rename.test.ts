import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, cleanUp, cn, copyProject, json } from '../helpers/cn.js';

/** Every file under the root but the port file, with its bytes: what "nothing written" is compared against. */
function tree(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name === '.ts-search-daemon.json') continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(root, file), readFileSync(file, 'latin1'));
  }
  return files;
}

/** tsc's error count for the project (the TypeScript of cn's own node_modules). */
function tscErrors(root: string): number {
  try {
    execFileSync(process.execPath, [path.join(REPO, 'node_modules/typescript/bin/tsc'), '-p', root, '--noEmit'], {
      encoding: 'utf8',
    });
    return 0;
  } catch (error) {
    return ((error as { stdout: string }).stdout.match(/error TS/g) ?? []).length;
  }
}

const editIds = (answer: any): string[] =>
  answer.files.flatMap((file: any) => file.lines.flatMap((line: any) => line.edits.map((edit: any) => edit.id)));

/**
 * test/fixtures/rename: formatPrice re-exported by a barrel and imported under an alias, Money an interface and a class
 * merged and reached through `export *`, currency used as a shorthand property, Badge a JSX tag.
 */
describe('cn rename', () => {
  let root: string;
  let outside: string;
  beforeAll(() => {
    root = copyProject('test/fixtures/rename');
    // A module whose real path is outside the root, imported through a symlink inside it.
    outside = mkdtempSync(path.join(os.tmpdir(), 'cn-rename-outside-'));
    writeFileSync(path.join(outside, 'rate.ts'), 'export const sharedRate = 2;\n');
    symlinkSync(path.join(outside, 'rate.ts'), path.join(root, 'src/rate.ts'));
    writeFileSync(
      path.join(root, 'src/rated.ts'),
      "import { sharedRate } from './rate';\n\nexport const doubled = sharedRate * 2;\n",
    );
  });
  afterAll(async () => {
    await cleanUp(root);
    rmSync(outside, { recursive: true, force: true });
  });

  it('previews the compiler’s edits through the alias and the re-export, and writes nothing', async () => {
    const before = tree(root);
    const answer = json(await cn(['rename', 'formatPrice', 'priceOf', '--root', root]));
    expect(answer).toMatchObject({ oldName: 'formatPrice', newName: 'priceOf', applied: false, editCount: 5 });
    expect(answer.target.id).toBe('src/format.ts::2::17');
    expect(answer.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(editIds(answer)).toEqual([
      'src/badge.tsx::2::10',
      'src/badge.tsx::5::17',
      'src/checkout.ts::1::10',
      'src/format.ts::2::17',
      'src/index.ts::1::10',
    ]);
    // The alias keeps its local name.
    expect(answer.files[1].lines[0].new).toBe("import { priceOf as price, currency } from './index';");
    const text = await cn(['rename', 'formatPrice', 'priceOf', '--format', 'text', '--root', root]);
    expect(text.stdout).toContain(
      "--- a/src/index.ts\n+++ b/src/index.ts\n@@ -1 +1 @@\n-export { formatPrice, currency } from './format';\n+export { priceOf, currency } from './format';",
    );
    expect(text.stdout).toContain(
      `apply: cn rename src/format.ts::2::17 priceOf --apply --if-unchanged ${answer.fingerprint}`,
    );
    const compact = await cn(['rename', 'formatPrice', 'priceOf', '--format', 'compact', '--root', root]);
    expect(compact.stdout.split('\n')).toContain("src/index.ts::1::10 export { priceOf, currency } from './format';");
    expect(tree(root)).toEqual(before);
  });

  it('renames merged declarations, `export *` imports, shorthand properties and JSX tags', async () => {
    const money = json(await cn(['rename', 'Money', 'Cash', '--root', root]));
    expect(editIds(money)).toEqual([
      'src/checkout.ts::2::10',
      'src/checkout.ts::4::30',
      'src/checkout.ts::11::31',
      'src/money.ts::1::18',
      'src/money.ts::5::14',
    ]);
    const currency = json(await cn(['rename', 'src/format.ts::10::14', 'code', '--root', root]));
    expect(editIds(currency)).toEqual([
      'src/checkout.ts::1::32',
      'src/checkout.ts::9::24',
      'src/format.ts::10::14',
      'src/index.ts::1::23',
    ]);
    const badge = json(await cn(['rename', 'Badge', 'Chip', '--root', root]));
    expect(editIds(badge)).toEqual([
      'src/badge.tsx::4::17',
      'src/page.tsx::2::10',
      'src/page.tsx::4::22',
      'src/page.tsx::5::24',
    ]);
  });

  it('refuses a bad name, a collision, a library symbol and one declared outside the root: nothing written', async () => {
    const before = tree(root);
    const refusals = [
      [['formatPrice', 'a b'], /'a b' is not a valid identifier/],
      [['formatPrice', 'class'], /'class' is a reserved word/],
      [
        ['formatPrice', 'formatCents', '--apply'],
        /'formatCents' is already declared in src\/format\.ts at src\/format\.ts::6::17/,
      ],
      [['src/checkout.ts::5::23', 'fold', '--apply'], /not renamed: the symbol is declared outside the project root/],
      [['sharedRate', 'rate', '--apply'], /not renamed: the symbol is declared outside the project root/],
    ] as const;
    for (const [args, message] of refusals) {
      const result = await cn(['rename', ...args, '--root', root]);
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(message);
    }
    expect(tree(root)).toEqual(before);
    expect(readFileSync(path.join(outside, 'rate.ts'), 'utf8')).toBe('export const sharedRate = 2;\n');
  });

  it('refuses a local that would capture a renamed use, or a use the renamed name would capture: nothing written', async () => {
    const before = tree(root);
    const refusals = [
      [
        ['src/shadow.ts::2::14', 'sum', '--apply'],
        "cn: not renamed: the use of 'total' at src/shadow.ts::6::10 would refer to the local 'sum' declared at src/shadow.ts::5::9",
      ],
      [
        ['src/shadow.ts::11::23', 'limit'],
        "cn: not renamed: 'limit' at src/shadow.ts::12::19 would refer to the renamed 'factor' instead of its own declaration",
      ],
    ] as const;
    for (const [args, message] of refusals) {
      const result = await cn(['rename', ...args, '--root', root]);
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(`${message} (choose another name, or rename that one first)\n`);
    }
    expect(tree(root)).toEqual(before);
  });

  it('refuses a stale preview (exit 6) and writes nothing', async () => {
    const preview = json(await cn(['rename', 'Money', 'Cash', '--root', root]));
    appendFileSync(path.join(root, 'src/money.ts'), '// edited after the preview\n');
    const before = tree(root);
    const result = await cn([
      'rename',
      'Money',
      'Cash',
      '--apply',
      '--if-unchanged',
      preview.fingerprint,
      '--root',
      root,
    ]);
    expect(result.exitCode).toBe(6);
    expect(result.stderr).toMatch(/^cn: not renamed: a file to edit changed since that preview/);
    expect(tree(root)).toEqual(before);
  });

  it('a read-only file fails the whole apply after another file was written: that one is restored (exit 5)', async () => {
    const page = path.join(root, 'src/page.tsx');
    chmodSync(page, 0o444);
    try {
      const before = tree(root);
      const badgeInode = statSync(path.join(root, 'src/badge.tsx')).mode;
      const result = await cn(['rename', 'Badge', 'Chip', '--apply', '--root', root]);
      expect(result.exitCode).toBe(5);
      expect(result.stderr).toMatch(
        /^cn: not renamed: cannot write src\/page\.tsx: it is read-only; nothing was changed/,
      );
      expect(tree(root)).toEqual(before);
      expect(statSync(path.join(root, 'src/badge.tsx')).mode).toBe(badgeInode);
      expect(statSync(page).mode & 0o777).toBe(0o444);
      expect(readdirSync(path.join(root, 'src')).filter((name) => name.includes('cn-rename'))).toEqual([]);
    } finally {
      chmodSync(page, 0o644);
    }
  });

  it('applies exactly the preview’s edits, keeps tsc’s error count, and answers fresh afterwards', async () => {
    const errorsBefore = tscErrors(root);
    for (const [target, newName] of [
      ['formatPrice', 'priceOf'],
      ['Money', 'Cash'],
      ['src/format.ts::10::14', 'code'],
      ['Badge', 'Chip'],
    ]) {
      const before = tree(root);
      const preview = json(await cn(['rename', target, newName, '--root', root]));
      const applied = await cn([
        'rename',
        target,
        newName,
        '--apply',
        '--if-unchanged',
        preview.fingerprint,
        '--root',
        root,
      ]);
      expect(applied.exitCode, `${target} ${applied.stderr}`).toBe(0);
      const answer = json(applied);
      expect(answer).toMatchObject({ applied: true, fingerprint: preview.fingerprint, files: preview.files });
      expect(answer.diagnostics).toEqual({ before: 0, after: 0, added: [] });
      const expected = new Map(before);
      for (const file of preview.files) {
        const lines = before.get(file.filePath)!.split('\n');
        for (const line of file.lines) lines[line.line - 1] = line.new;
        expected.set(file.filePath, lines.join('\n'));
      }
      expect(tree(root)).toEqual(expected);
    }
    expect(tscErrors(root)).toBe(errorsBefore);
    const found = json(await cn(['find', 'priceOf', '--exact', '--root', root]));
    expect(found.definition.id).toBe('src/format.ts::2::17');
    expect(found.references.map((ref: any) => ref.id)).toEqual(
      expect.arrayContaining(['src/badge.tsx::2::10', 'src/badge.tsx::5::17', 'src/checkout.ts::1::10']),
    );
    const chip = json(await cn(['rename', 'Chip', 'Tag', '--root', root]));
    expect(editIds(chip)).toEqual([
      'src/badge.tsx::4::17',
      'src/page.tsx::2::10',
      'src/page.tsx::4::22',
      'src/page.tsx::5::24',
    ]);
  });
});
