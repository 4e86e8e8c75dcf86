import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, cleanUp, cn, json } from '../../helpers/cn.js';

/**
 * Files outside the root reach a project two ways: a symlink in src/ to a directory elsewhere, and a
 * tsconfig `include` of `../outside/**`. Every line of them says SECRET. Whatever is asked, cn may
 * name places there but never print their text.
 */
describe('no text from outside the root, whatever the command', () => {
  let parent: string;
  let root: string;

  beforeAll(async () => {
    parent = mkdtempSync(path.join(os.tmpdir(), 'cn-confinement-'));
    cpSync(path.join(REPO, 'test/fixtures/confinement'), parent, { recursive: true });
    root = path.join(parent, 'project');
    symlinkSync(path.join(parent, 'outside/linked'), path.join(root, 'src/linked'));
    // Packages: one installed in the root's node_modules (inside), one linked to a directory outside (npm link).
    const pkg = (dir: string, name: string, exported: string) => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', types: 'index.d.ts' }));
      writeFileSync(path.join(dir, 'index.d.ts'), exported);
    };
    pkg(
      path.join(root, 'node_modules/inside-lib'),
      'inside-lib',
      'export declare function insideHelper(): number; // installed under the root\n',
    );
    pkg(
      path.join(parent, 'outside/linked-lib'),
      'linked-lib',
      'export declare function linkedHelper(secret: "SECRET-PACKAGE-LINE"): number; // SECRET\n',
    );
    symlinkSync(path.join(parent, 'outside/linked-lib'), path.join(root, 'node_modules/linked-lib'));
    writeFileSync(
      path.join(root, 'src/packages.ts'),
      "import { insideHelper } from 'inside-lib';\nimport { linkedHelper } from 'linked-lib';\nexport const both = insideHelper() + linkedHelper(undefined as never);\n",
    );
    await cn(['start', '--root', root]);
  });
  afterAll(async () => {
    await cleanUp(root);
    rmSync(parent, { recursive: true, force: true });
  });

  const commands: string[][] = [
    ['find', 'linkedSecret'],
    ['find', 'linkedSecret', '--snippet', 'full'],
    ['find', 'open', '--snippet', 'preview'],
    ['find', 'LinkedVault', '--format', 'text'],
    ['find', 'Vault', '--format', 'compact'],
    ['find', 'includedSecret'],
    ['find', 'src/main.ts::2::10'],
    ['find', 'src/main.ts::3::10', '--snippet', 'full'],
    ['find', 'src/main.ts::7::10', '--format', 'text'],
    ['find', 'linkedHelper'],
    ['find', 'src/packages.ts::2::10', '--snippet', 'full'],
    ['map', 'src/main.ts', '--snippet', 'full'],
    ['inspect', 'src/main.ts::2::10'],
    ['inspect', 'src/main.ts::7::10', '--format', 'text'],
    ['overview'],
    ['overview', 'src', '--format', 'text'],
    ['diagnostics'],
    ['diagnostics', 'src/main.ts'],
    ['calls', 'src/main.ts::7::10'],
    ['calls', 'useSecrets', '--direction', 'out', '--depth', '3'],
    ['impact', 'src/main.ts::7::10', '--depth', '3', '--format', 'compact'],
    ['impact', 'linkedSecret', '--format', 'text'],
    ['impact', 'src/main.ts', '--depth', '2', '--format', 'tree'],
    ['impl', 'src/main.ts::6::16'],
    ['impl', 'Heir', '--direction', 'both', '--format', 'text'],
    ['impl', 'Vault', '--format', 'compact'],
    ['impl', 'LinkedVault.open'],
    ['type', 'src/main.ts::6::9'],
    ['type', 'src/main.ts::7::10'],
    ['type', 'linkedSecret'],
    ['deps', 'src/main.ts', '--depth', '3'],
    ['deps', 'src/main.ts', '--direction', 'in'],
    ['deps', '--orphans'],
    ['unused', 'src/main.ts'],
    ['unused', '--format', 'text'],
    ['map', 'src/linked/secret.ts'],
    ['inspect', 'src/linked/secret.ts::9::17'],
    // The pattern is written so that it does not say SECRET itself (the answer echoes it).
    ['search', 'secret vault open'],
    ['search', 'linked secret', '--snippet', 'full', '--format', 'text'],
    ['grep', 'SECRE[T]'],
    ['grep', 'secre[t]', '-i', '--format', 'text'],
    ['grep', 'SECRE[T]', 'src/linked', '--format', 'compact'],
  ];

  it.each(commands.map((args) => [args.join(' '), args]))(
    'cn %s prints no line of a file outside the root',
    async (_name, args) => {
      const result = await cn([...(args as string[]), '--root', root]);
      expect(result.stdout + result.stderr).not.toMatch(/SECRET/);
      expect([0, 1, 2]).toContain(result.exitCode); // 1: nothing found (no diagnostics, no edges)
    },
  );

  it('find reports a definition outside the root as such: the place, no preview', async () => {
    const linked = json(await cn(['find', 'linkedSecret', '--root', root]));
    expect(linked.definition).toMatchObject({ id: 'src/linked/secret.ts::9::17', preview: '', outsideRoot: true });
    const included = json(await cn(['find', 'src/main.ts::3::10', '--root', root]));
    expect(included.definition).toMatchObject({
      filePath: '../outside/included/extra.ts',
      preview: '',
      outsideRoot: true,
    });
    // Places inside the root keep their previews.
    expect(included.references.find((ref: { id: string }) => ref.id === 'src/main.ts::3::10')).toMatchObject({
      preview: expect.stringContaining('includedSecret'),
    });
  });

  it('a package installed under the root is inside (previews as before); one linked to a directory outside is not', async () => {
    const inside = json(await cn(['find', 'src/packages.ts::1::10', '--root', root]));
    expect(inside.definition).toMatchObject({
      filePath: 'node_modules/inside-lib/index.d.ts',
      preview: expect.stringContaining('insideHelper'),
    });
    expect(inside.definition).not.toHaveProperty('outsideRoot');
    const linked = json(await cn(['find', 'src/packages.ts::2::10', '--root', root]));
    expect(linked.definition).toMatchObject({ preview: '', outsideRoot: true });
  });

  it('impl names supertypes outside the root as written in the project, marked, without their text', async () => {
    // Declared outside the root, they are placed at the project's own heritage clause and marked as a library's:
    // the preview is the project's line, never theirs.
    const heir = json(await cn(['impl', 'Heir', '--direction', 'super', '--root', root]));
    expect(
      heir.supertypes.map(
        (entry: { name: string; relation: string; library?: boolean; id: string; preview: string }) => [
          entry.name,
          entry.relation,
          entry.library,
          entry.id,
          entry.preview,
        ],
      ),
    ).toEqual([
      [
        'LinkedVault',
        'extends',
        true,
        'src/main.ts::11::27',
        'export class Heir extends LinkedVault implements Vault {}',
      ],
      ['Vault', 'implements', true, 'src/main.ts::11::50', 'export class Heir extends LinkedVault implements Vault {}'],
    ]);
  });

  it('project-wide answers (overview, diagnostics) leave files outside the root out', async () => {
    const overview = json(await cn(['overview', '--root', root]));
    expect(overview.files.map((file: { filePath: string }) => file.filePath).sort()).toEqual([
      'src/main.ts',
      'src/packages.ts',
    ]);
    const diagnostics = json(await cn(['diagnostics', '--root', root]));
    expect(diagnostics.totalFiles).toBe(2);
    expect(
      diagnostics.diagnostics.filter(
        (entry: { filePath: string }) => !entry.filePath.startsWith('src/') || entry.filePath.startsWith('src/linked/'),
      ),
    ).toEqual([]);
  });

  it('refuses to map or inspect a file reached through the symlink (exit 2)', async () => {
    const result = await cn(['map', 'src/linked/secret.ts', '--root', root]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^cn: .*outside the project root/);
  });
});
