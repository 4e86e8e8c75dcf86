import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORT_FILE, cleanUp, cn, copyProject, json, readPortFile } from '../helpers/cn.js';
import { daemonsFor } from '../helpers/processes.js';

/**
 * cn run from inside a package of a workspace (test/fixtures/monorepo: package.json "workspaces", two
 * packages, one importing the other): one daemon for the workspace, ids relative to it, and every
 * command that takes a path accepts one relative to the working directory.
 */
let root: string;
let shapes: string;
let source: string;
beforeAll(() => {
  root = copyProject('test/fixtures/monorepo');
  shapes = path.join(root, 'packages/shapes');
  source = path.join(shapes, 'src');
});
afterAll(() => cleanUp(root));

const fromSource = (args: string[]) => cn(args, { cwd: source });

describe('from a package of a workspace, with no --root', () => {
  it('serves the workspace root: one daemon, its port file there, ids relative to it', async () => {
    const found = await fromSource(['find', 'Square', '--no-refs']);
    expect(found.stderr).toBe('');
    expect(json(found).definition).toMatchObject({ id: 'packages/shapes/src/area.ts::5::14', name: 'Square' });
    expect(readPortFile(root)?.root).toBe(root);
    expect(existsSync(path.join(shapes, PORT_FILE))).toBe(false);
    expect(json(await fromSource(['status'])).root).toBe(root);
    expect(daemonsFor(root)).toHaveLength(1);
  });

  it('takes paths relative to the working directory in every command that takes one', async () => {
    const map = json(await fromSource(['map', 'area.ts']));
    expect(map.filePath).toBe('packages/shapes/src/area.ts');

    const inspected = json(await fromSource(['inspect', 'area.ts:13']));
    expect(inspected.result).toMatchObject({ filePath: 'packages/shapes/src/area.ts', range: { startLine: 13 } });

    const callers = json(await fromSource(['calls', 'area.ts:13:17', '--direction', 'in']));
    expect(JSON.stringify(callers)).toContain('packages/app/src/main.ts');

    const impact = json(await fromSource(['impact', 'area.ts']));
    expect(JSON.stringify(impact)).toContain('packages/app/src/main.ts');

    const impl = json(await fromSource(['impl', 'area.ts:1:18']));
    expect(JSON.stringify(impl)).toContain('packages/shapes/src/area.ts::5::14');

    const type = json(await fromSource(['type', 'area.ts:13:17']));
    expect(JSON.stringify(type)).toContain('totalArea');

    const deps = json(await fromSource(['deps', 'index.ts', '--direction', 'in']));
    expect(JSON.stringify(deps)).toContain('packages/app/src/main.ts');

    const diagnostics = await fromSource(['diagnostics', 'area.ts']);
    expect(diagnostics.stderr).toBe('');
    expect(diagnostics.exitCode).toBe(1);

    const unused = json(await fromSource(['unused', 'area.ts']));
    expect(unused.path).toBe('packages/shapes/src/area.ts');
    expect(JSON.stringify(unused.files)).toContain('unusedHelper');

    const overview = json(await fromSource(['overview', '.']));
    expect(overview.dir).toBe('packages/shapes/src');
  });

  it('anchors --in, --refs-in and --refs-not-in paths and globs typed from a package at that package', async () => {
    const fromPackage = (args: string[]) => cn(args, { cwd: shapes });
    const scoped = json(await fromPackage(['find', 'Square', '--in', 'src/*.ts', '--no-refs']));
    expect(scoped.definition.id).toBe('packages/shapes/src/area.ts::5::14');
    const refs = json(await fromPackage(['find', 'Square', '--refs-not-in', 'src/**']));
    expect(refs.references.map((reference: { filePath: string }) => reference.filePath)).toEqual([
      'packages/app/src/main.ts',
      'packages/app/src/main.ts',
      'packages/app/src/main.ts',
    ]);
    const inDirectory = json(await fromPackage(['find', 'Square', '--refs-in', 'src', '--format', 'json']));
    expect(
      new Set(inDirectory.references.map((reference: { filePath: string }) => reference.filePath.split('/')[1])),
    ).toEqual(new Set(['shapes']));
  });

  it('prefers a daemon already serving the package itself (started with --root there)', async () => {
    await cn(['start', '--root', shapes]);
    try {
      const found = json(await fromSource(['find', 'Square', '--no-refs']));
      expect(found.definition.id).toBe('src/area.ts::5::14');
    } finally {
      await cn(['stop', '--root', shapes]);
    }
  });
});

describe('outside any project', () => {
  it('refuses with exit 2 and the --root hint, and writes nothing there; cn guide still works', async () => {
    const nowhere = mkdtempSync(path.join(os.tmpdir(), 'cn-nowhere-'));
    try {
      const result = await cn(['find', 'User'], { cwd: nowhere });
      expect(result.exitCode).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `cn: no project at ${nowhere}: no tsconfig.json, jsconfig.json, package.json or .git here or above (run cn inside a project, or pass --root <dir>)\n`,
      );
      expect(existsSync(path.join(nowhere, PORT_FILE))).toBe(false);
      expect((await cn(['guide'], { cwd: nowhere })).exitCode).toBe(0);
    } finally {
      rmSync(nowhere, { recursive: true, force: true });
    }
  });
});
