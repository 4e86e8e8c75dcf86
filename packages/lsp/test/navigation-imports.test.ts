import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TsImportGraph, packageName } from '../src/navigation/import-graph.js';
import { fixture } from './helpers.js';

const root = fixture('graph');
const graph = new TsImportGraph(root);
const relative = (file: string) => path.relative(root, file);

async function importsOf(file: string): Promise<string[]> {
  const imports = await graph.importsOf(path.join(root, file));
  return imports.map(
    (entry) =>
      `${entry.specifier} → ${entry.resolvedFile ? relative(entry.resolvedFile) : `package ${entry.packageName ?? '?'}`} @${entry.line}:${entry.character}`,
  );
}

describe('the import graph through the TypeScript compiler API', () => {
  it('lists the project files of the tsconfig, JS included (allowJs)', async () => {
    expect((await graph.projectFiles()).map(relative)).toEqual([
      'src/calls/chain.ts',
      'src/diagnostics/broken.ts',
      'src/imports/lazy.ts',
      'src/imports/legacy.cjs',
      'src/imports/main.ts',
      'src/imports/orphan.ts',
      'src/imports/types.ts',
      'src/imports/util/format.ts',
      'src/imports/util/index.ts',
      'src/index.ts',
      'src/lib/helper.ts',
      'src/shapes/shapes.ts',
    ]);
  });

  it('resolves a paths alias, an index file, .js → .ts, a .cjs file and a dynamic import', async () => {
    expect(await importsOf('src/imports/main.ts')).toEqual([
      '@lib/helper → src/lib/helper.ts @1:25',
      './util → src/imports/util/index.ts @2:25',
      './types.js → src/imports/types.ts @3:31',
      './legacy.cjs → src/imports/legacy.cjs @4:29',
      './lazy.js → src/imports/lazy.ts @8:34',
    ]);
  });

  it('follows re-exports and require() in CommonJS, and names packages', async () => {
    expect(await importsOf('src/imports/util/index.ts')).toEqual(['./format.js → src/imports/util/format.ts @1:25']);
    expect(await importsOf('src/imports/legacy.cjs')).toEqual([
      'node:path → package node:path @2:23',
      './util/format.js → src/imports/util/format.ts @3:29',
    ]);
  });

  it('flags package.json main as an entry point', async () => {
    expect((await graph.entryPoints()).map(relative)).toEqual(['src/index.ts']);
  });

  it('names packages by their root', () => {
    expect(['rxjs/operators', '@scope/pkg/deep', 'node:fs', 'lodash'].map(packageName)).toEqual([
      'rxjs',
      '@scope/pkg',
      'node:fs',
      'lodash',
    ]);
  });

  it('refuses files outside the root', async () => {
    await expect(graph.importsOf('/etc/hosts')).rejects.toThrow(/outside the project root/);
  });
});
