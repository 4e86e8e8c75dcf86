import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeptConfigs } from '../src/config-graph.js';
import { FileSetMonitor } from '../src/file-set-monitor.js';
import { discoverProjects } from '../src/project-discovery.js';
import { walkSourceTree } from '../src/source-tree.js';

describe('project discovery reports configs tsc cannot read', () => {
  let root: string;
  const discover = (config: string) => {
    root = mkdtempSync(path.join(os.tmpdir(), 'cn-config-'));
    writeFileSync(path.join(root, 'tsconfig.json'), config);
    writeFileSync(path.join(root, 'a.ts'), 'export const a = 1;\n');
    return discoverProjects(root, 10);
  };
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('every error of broken JSON, in order, with 1-based positions; the files go loose', () => {
    const layout = discover('{\n  "compilerOptions": { "strict": tru, "noEmit": [1 }\n}\n');
    expect(layout.configErrors.map(({ line, character, code }) => `${line}:${character} ${code}`)).toEqual([
      '2:34 TS1328',
      '2:52 TS1005',
    ]);
    expect(layout.configErrors[0]).toMatchObject({
      configPath: path.join(root, 'tsconfig.json'),
      message: expect.stringMatching(/^Property value can only be/),
    });
    expect(layout.projects).toEqual([]);
    expect(layout.looseFiles).toEqual([path.join(root, 'a.ts')]);
  });

  it('a reference to a config that does not exist is one error, not a crash; the other projects still load', () => {
    const layout = discover('{ "files": [], "references": [{ "path": "./missing" }, { "path": "./app" }] }');
    const app = path.join(root, 'app');
    mkdirSync(app);
    writeFileSync(path.join(app, 'tsconfig.json'), '{ "include": ["*.ts"] }');
    writeFileSync(path.join(app, 'b.ts'), 'export const b = 1;\n');
    const again = discoverProjects(root, 10);
    expect(again.configErrors).toEqual([
      expect.objectContaining({ configPath: path.join(root, 'missing/tsconfig.json'), code: 'TS5083' }),
    ]);
    expect(again.projects.map((project) => path.relative(root, project.configPath))).toContain('app/tsconfig.json');
    expect(layout.configErrors.map((error) => error.code)).toEqual(['TS5083', 'TS5083']);
  });

  it('comments and trailing commas are not errors', () => {
    const layout = discover(
      '{\n  // strict\n  "compilerOptions": { "strict": true, },\n  /* all */ "include": ["*.ts",],\n}\n',
    );
    expect(layout.configErrors).toEqual([]);
    expect(layout.projects.map((project) => path.basename(project.configPath))).toEqual(['tsconfig.json']);
  });
});

describe('a config kept from the engine, as the file set is followed', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  // The daemon writes its port file into the root, which changes the root directory's stamp: the next question
  // rescanned it, met the kept tsconfig.json as if it had just appeared, and reloaded the language server
  // ("the set of tsconfig/jsconfig projects changed") right after start; cn status said "restarting" (Node 24 CI).
  it('is no new config when its directory changes, nor are the files it would own', async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'cn-kept-'));
    writeFileSync(path.join(root, 'tsconfig.json'), '{ "extends": "/dev/zero", "include": ["src"] }');
    mkdirSync(path.join(root, 'src'));
    writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 1;\n');
    const kept = new KeptConfigs(root);
    const tree = kept.safeTree(walkSourceTree(root));
    expect(tree.configs).toEqual([]);
    const monitor = await FileSetMonitor.watch(tree, (file) => kept.keeps(file));
    writeFileSync(path.join(root, '.ts-search-daemon.json'), '{}');
    // A directory's stamp changes with its entries (mtime, ctime): wait until it shows, however coarse the clock.
    await vi.waitFor(async () => expect(await monitor.unchanged()).toBe(false), { timeout: 5000 });
    expect(await monitor.check()).toEqual({ addedSources: [], removedSources: [], configsChanged: false });
    // Without telling the monitor, the kept config looks new.
    const naive = await FileSetMonitor.watch(tree);
    writeFileSync(path.join(root, 'b.txt'), '');
    await vi.waitFor(async () => expect(await naive.unchanged()).toBe(false), { timeout: 5000 });
    expect((await naive.check()).configsChanged).toBe(true);
  });
});
