import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TsImportGraph } from '../src/navigation/import-graph.js';
import { fixture } from './helpers.js';

/**
 * Issue 24.0: every import is resolved with the compiler options of the project the engine gives its file (the
 * nearest config that lists it, else one its references or an ancestor lead to), not those of the first config that
 * lists it. The fixture's root tsconfig.json has no `include`, so it lists every file, with options under which none
 * of these imports but the exports one resolves.
 */
const root = fixture('import-options');
const graph = new TsImportGraph(root);

/** `specifier → file`, and ` via <pattern> (<config>)` when it went through a `paths` alias. */
async function resolved(file: string, base = root, importGraph = graph): Promise<string[]> {
  const imports = await importGraph.importsOf(path.join(base, file));
  return imports.map((entry) => {
    const target = entry.resolvedFile ? path.relative(base, entry.resolvedFile) : `package ${entry.packageName ?? '?'}`;
    const via = entry.alias ? ` via ${entry.alias.pattern} (${path.relative(base, entry.alias.configPath)})` : '';
    return `${entry.specifier} → ${target}${via}`;
  });
}

describe('imports resolved with the options of the project that owns the file', () => {
  it('paths and baseUrl of a package config extending a covering root', async () => {
    expect(await resolved('paths-base/src/page.ts')).toEqual([
      '~/view-common.ts → paths-base/src/view-common.ts via ~/* (paths-base/tsconfig.json)',
    ]);
  });

  it('paths without baseUrl, relative to the config that declares them', async () => {
    expect(await resolved('paths-only/main.ts')).toEqual([
      '@only/tool → paths-only/lib/tool.ts via @only/* (paths-only/tsconfig.json)',
    ]);
  });

  it('paths declared three configs up an extends chain, relative to the one that declares them', async () => {
    expect(await resolved('chain/src/use.ts')).toEqual([
      '@chain/deep → chain/src/deep.ts via @chain/* (chain/config/base.json)',
    ]);
  });

  it('customConditions choose the export a package resolves itself to', async () => {
    expect(await resolved('conditions/src/consumer.ts')).toEqual(['cond-pkg → conditions/src/index.ts']);
  });

  it('moduleSuffixes put button.ios.ts before button.ts', async () => {
    expect(await resolved('suffixes/src/app.ts')).toEqual(['./button → suffixes/src/button.ios.ts']);
  });

  it('package.json exports, through the package name', async () => {
    expect(await resolved('exports/src/entry.ts')).toEqual(['exp-pkg/feature → exports/src/feature.ts']);
  });

  it('package.json imports (#internal); one that leads nowhere is unresolved, never a package', async () => {
    expect(await resolved('imports/src/main.ts')).toEqual(['#internal/secret → imports/src/internal/secret.ts']);
    const [absent] = await graph.importsOf(path.join(root, 'imports/src/absent.ts'));
    expect(absent).toMatchObject({ specifier: '#internal/absent' });
    expect(absent.resolvedFile ?? absent.packageName).toBeUndefined();
  });
});

describe('the mikro-orm layout: paths in the root config, per-package configs extending it', () => {
  const monorepo = fixture('paths-monorepo');
  const monorepoGraph = new TsImportGraph(monorepo);

  it('resolves the wildcard alias and the exact one that overrides it', async () => {
    expect(await resolved('packages/sql/src/index.ts', monorepo, monorepoGraph)).toEqual([
      '@mo/core → packages/core/src/index.ts via @mo/* (tsconfig.json)',
      '@mo/core/extra → packages/core/src/extra.ts via @mo/core/extra (tsconfig.json)',
    ]);
  });

  it('resolves a test the root config alone lists', async () => {
    const imports = await monorepoGraph.importsOf(path.join(monorepo, 'tests/sql.test.ts'));
    expect(imports.map((entry) => path.relative(monorepo, entry.resolvedFile ?? '?'))).toEqual([
      'packages/sql/src/index.ts',
    ]);
  });
});
