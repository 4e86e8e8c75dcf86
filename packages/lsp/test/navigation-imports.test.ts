import path from 'node:path';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

describe('every way of writing an import is an edge (issue 13)', () => {
  it('counts export * as ns, export *, import type, import() and export { a } from', async () => {
    const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'cn-imports-')));
    try {
      writeFileSync(path.join(dir, 'tsconfig.json'), '{ "compilerOptions": { "module": "nodenext" } }');
      for (const name of ['a', 'b', 'c', 'd', 'e', 'f'])
        writeFileSync(path.join(dir, `${name}.ts`), 'export const a = 1;\n');
      writeFileSync(
        path.join(dir, 'index.ts'),
        [
          "export * as ns from './a.js';",
          "export * from './b.js';",
          "import type { a } from './c.js';",
          "const lazy = import('./d.js');",
          "export { a as e } from './e.js';",
          "export type * as types from './f.js';",
        ].join('\n'),
      );
      const edges = (await new TsImportGraph(dir).importsOf(path.join(dir, 'index.ts'))).map(
        (entry) =>
          `${entry.specifier} → ${entry.resolvedFile ? path.relative(dir, entry.resolvedFile) : '?'} @${entry.line}:${entry.character}`,
      );
      expect(edges).toEqual([
        './a.js → a.ts @1:22',
        './b.js → b.ts @2:16',
        './c.js → c.ts @3:25',
        './d.js → d.ts @4:22',
        './e.js → e.ts @5:25',
        './f.js → f.ts @6:30',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
