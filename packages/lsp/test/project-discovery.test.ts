import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { discoverProjects } from '../src/project-discovery.js';
import { fixture } from './helpers.js';

describe('the loose files of a project with configs', () => {
  const root = fixture('loose-files');
  const layout = discoverProjects(root, 10);

  it('are the sources no config includes', () => {
    expect(layout.projects.map((project) => path.relative(root, project.configPath)).sort()).toEqual([
      'packages/tool/tsconfig.json',
      'tsconfig.json',
    ]);
    expect(layout.looseFiles).toEqual([path.join(root, 'scripts/seed.js')]);
  });

  it("take the options of the config nearest the root (so tsserver shares the standard library's trees with it)", () => {
    expect(layout.looseOptions).toMatchObject({
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      strict: true,
    });
  });

  it('as JavaScript read for navigation: allowed, unchecked, nothing emitted, no output or build options', () => {
    expect(layout.looseOptions).toMatchObject({ allowJs: true, checkJs: false, noEmit: true, maxNodeModuleJsDepth: 0 });
    for (const option of ['outDir', 'declaration', 'configFilePath', 'composite', 'plugins'])
      expect(layout.looseOptions).not.toHaveProperty(option);
  });
});

describe('the loose files of a project without configs', () => {
  it('past the cap, are counted as left out (status and every project-wide answer say so), not dropped silently', () => {
    const all = discoverProjects(fixture('js-plain'), 10);
    expect(all.looseFilesLeftOut).toBe(0);
    const capped = discoverProjects(fixture('js-plain'), 1);
    expect(capped.looseFiles).toHaveLength(1);
    expect(capped.looseFilesLeftOut).toBe(all.looseFiles.length - 1);
    expect(capped.looseFilesLeftOut).toBeGreaterThan(0);
  });

  it('are JavaScript resolved as a bundler would', () => {
    const layout = discoverProjects(fixture('js-plain'), 10);
    expect(layout.projects).toEqual([]);
    expect(layout.looseOptions).toEqual({
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      jsx: ts.JsxEmit.Preserve,
      allowSyntheticDefaultImports: true,
      allowJs: true,
      checkJs: false,
      noEmit: true,
      maxNodeModuleJsDepth: 0,
    });
  });
});
