import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, json } from '../helpers/cn.js';

const CHAIN = 'src/calls/chain.ts';
const id = (line: number, character: number) => `${CHAIN}::${line}::${character}`;

describe('graph commands end to end on the graph fixture', () => {
  let root: string;
  beforeAll(() => {
    root = copyProject('test/fixtures/graph');
  });
  afterAll(() => cleanUp(root));

  it('cn calls: callees through recursion and the ping/pong cycle, exactly', async () => {
    const result = await cn(['calls', 'main', '--direction', 'out', '--depth', '5', '--root', root]);
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    const answer = json(result);
    expect(answer.root).toBe(id(2, 17));
    expect(answer.nodes.map((node: { name: string; depth: number }) => `${node.name}@${node.depth}`)).toEqual([
      'main@0',
      'parse@1',
      'evaluate@1',
      'normalize@2',
      'ping@2',
      'pong@3',
    ]);
    expect(answer.edges).toEqual([
      { from: id(2, 17), to: id(6, 17), kind: 'calls', callSites: [id(3, 10)] },
      { from: id(2, 17), to: id(15, 17), kind: 'calls', callSites: [id(3, 23)] },
      { from: id(6, 17), to: id(10, 10), kind: 'calls', callSites: [id(7, 10)] },
      { from: id(15, 17), to: id(15, 17), kind: 'calls', callSites: [id(16, 23)] },
      { from: id(15, 17), to: id(20, 17), kind: 'calls', callSites: [id(16, 41)] },
      { from: id(20, 17), to: id(24, 17), kind: 'calls', callSites: [id(21, 19)] },
      { from: id(24, 17), to: id(20, 17), kind: 'calls', callSites: [id(25, 10)] },
    ]);
  });

  it('cn calls --format tree prints each cycle once, with the call sites', async () => {
    const result = await cn([
      'calls',
      'ping',
      '--direction',
      'both',
      '--depth',
      '2',
      '--format',
      'tree',
      '--root',
      root,
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toEqual([
      `ping (Function) [${id(20, 17)}]`,
      `├─[called by]→ evaluate (Function) [${id(15, 17)}] @ 16:41`,
      `│  ├─[called by]→ main (Function) [${id(2, 17)}] @ 3:23`,
      `│  └─[called by]→ evaluate (Function) [${id(15, 17)}] @ 16:23  (recursive)`,
      `├─[called by]→ pong (Function) [${id(24, 17)}] @ 25:10`,
      `│  └─[called by]→ ping (Function) [${id(20, 17)}] @ 21:19  (cycle)`,
      `└─[calls]→ pong (Function) [${id(24, 17)}] @ 21:19`,
      `   └─[calls]→ ping (Function) [${id(20, 17)}] @ 25:10  (cycle)`,
      'rg -w ping would also hit 2: 2 comments',
      'bare calls ping(…) of other symbols: none',
    ]);
  });

  it('cn calls exits 1 for a function nobody calls, 2 for bad input', async () => {
    const none = await cn(['calls', 'main', '--root', root]);
    expect(none.exitCode).toBe(1);
    expect(json(none).edges).toEqual([]);
    const bad = await cn(['calls', 'main', '--depth', '0', '--root', root]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/^cn: --depth takes a whole number/);
    const sideways = await cn(['calls', 'main', '--direction', 'sideways', '--root', root]);
    expect(sideways.exitCode).toBe(2);
    expect(sideways.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('cn impl: the three implementations of an interface and of its member', async () => {
    const answer = json(await cn(['impl', 'Shape', '--root', root]));
    expect(answer.target).toMatchObject({ id: 'src/shapes/shapes.ts::2::18', name: 'Shape', kind: 'Interface' });
    expect(answer.implementations.map((impl: { name: string; id: string }) => `${impl.name} ${impl.id}`)).toEqual([
      'Circle src/shapes/shapes.ts::6::14',
      'Square src/shapes/shapes.ts::13::14',
      'Triangle src/shapes/shapes.ts::20::14',
    ]);
    const members = json(await cn(['impl', 'Shape.area', '--root', root]));
    expect(
      members.implementations.map((impl: { container: string; id: string }) => `${impl.container} ${impl.id}`),
    ).toEqual([
      'Circle src/shapes/shapes.ts::8::3',
      'Square src/shapes/shapes.ts::15::3',
      'Triangle src/shapes/shapes.ts::25::3',
    ]);
    expect((await cn(['impl', 'Circle', '--root', root])).exitCode).toBe(1);
  });

  it("cn type names a standard library type, never a path into cn's installation (issue 24.7)", async () => {
    const answer = json(await cn(['type', 'start', '--root', root]));
    expect(answer.typeDefinitions).toEqual([
      expect.objectContaining({ name: 'Promise', kind: 'Interface', library: true, outsideRoot: true }),
    ]);
    expect(answer.typeDefinitions[0].filePath).toMatch(/^lib\.[\w.]+\.d\.ts$/);
    const text = await cn(['type', 'start', '--format', 'text', '--root', root]);
    expect(text.stdout).toContain('type defined at  Promise (Interface, library)');
    expect(text.stdout).not.toMatch(/node_modules|\.\.\//);
  });

  it('cn type: signature, doc comment and the type definition id', async () => {
    const evaluate = json(await cn(['type', 'evaluate', '--root', root]));
    expect(evaluate).toMatchObject({
      signature: 'function evaluate(n: number): number',
      documentation: 'Recursive: evaluate calls itself.',
      typeDefinitions: [],
    });
    const shape = json(await cn(['type', 'src/shapes/shapes.ts:31:30', '--root', root]));
    expect(shape.signature).toBe('(parameter) shape: Shape');
    expect(shape.typeDefinitions.map((definition: { id: string }) => definition.id)).toEqual([
      'src/shapes/shapes.ts::2::18',
    ]);
  });

  it('cn deps: paths alias, index file, .js → .ts, CommonJS require, dynamic import and a package', async () => {
    const answer = json(await cn(['deps', 'src/imports/main.ts', '--depth', '2', '--root', root]));
    expect(answer.edges.map((edge: { from: string; to: string }) => `${edge.from} → ${edge.to}`)).toEqual([
      'src/imports/legacy.cjs → node:path',
      'src/imports/legacy.cjs → src/imports/util/format.ts',
      'src/imports/main.ts → src/imports/lazy.ts',
      'src/imports/main.ts → src/imports/legacy.cjs',
      'src/imports/main.ts → src/imports/types.ts',
      'src/imports/main.ts → src/imports/util/index.ts',
      'src/imports/main.ts → src/lib/helper.ts',
      'src/imports/util/index.ts → src/imports/util/format.ts',
    ]);
    expect(answer.nodes.find((node: { id: string }) => node.id === 'node:path')).toEqual({
      id: 'node:path',
      name: 'node:path',
      kind: 'Package',
      depth: 2,
    });
    expect(answer.edges[2]).toEqual({
      from: 'src/imports/main.ts',
      to: 'src/imports/lazy.ts',
      kind: 'imports',
      importSites: ['src/imports/main.ts::8::34'],
      statements: [{ line: 8, text: "const { lazy } = await import('./lazy.js');" }],
    });
  });

  it('cn deps --format compact: each import statement, the paths alias it went through, the target', async () => {
    const result = await cn(['deps', 'src/imports/main.ts', '--format', 'compact', '--root', root]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.split('\n').slice(0, 5)).toEqual([
      "src/imports/main.ts:8  const { lazy } = await import('./lazy.js');  → src/imports/lazy.ts",
      "src/imports/main.ts:4  import { legacyName } from './legacy.cjs';  → src/imports/legacy.cjs",
      "src/imports/main.ts:3  import type { Options } from './types.js';  → src/imports/types.ts",
      "src/imports/main.ts:2  import { format } from './util';  → src/imports/util/index.ts",
      "src/imports/main.ts:1  import { helper } from '@lib/helper';  via paths @lib/* (tsconfig.json)  → src/lib/helper.ts",
    ]);
  });

  it('cn deps --direction in --format tree: importers up to the entry point', async () => {
    const result = await cn([
      'deps',
      'src/imports/util/format.ts',
      '--direction',
      'in',
      '--depth',
      '3',
      '--format',
      'tree',
      '--root',
      root,
    ]);
    expect(result.stdout.trimEnd().split('\n')).toEqual([
      'src/imports/util/format.ts (File)',
      '├─[imported by]→ src/imports/legacy.cjs (File)',
      '│  └─[imported by]→ src/imports/main.ts (File)',
      '│     └─[imported by]→ src/index.ts (File)  entry point',
      '└─[imported by]→ src/imports/util/index.ts (File)',
      '   └─[imported by]→ src/imports/main.ts (File)  (expanded elsewhere)',
    ]);
  });

  it('cn deps --format files: the files of the graph, each once, no packages (issue 23, item 4)', async () => {
    const out = await cn(['deps', 'src/imports/main.ts', '--depth', '2', '--format', 'files', '--root', root]);
    expect(out).toMatchObject({ exitCode: 0, stderr: '' });
    expect(out.stdout.trim().split('\n').sort()).toEqual([
      'src/imports/lazy.ts',
      'src/imports/legacy.cjs',
      'src/imports/types.ts',
      'src/imports/util/format.ts',
      'src/imports/util/index.ts',
      'src/lib/helper.ts',
    ]);
    const importers = await cn([
      'deps',
      'src/imports/util/format.ts',
      '--direction',
      'in',
      '--format',
      'files',
      '--root',
      root,
    ]);
    expect(importers.stdout.trim().split('\n').sort()).toEqual(['src/imports/legacy.cjs', 'src/imports/util/index.ts']);
  });

  it('cn deps --orphans: the orphan, and the entry point flagged', async () => {
    const result = await cn(['deps', '--orphans', '--root', root]);
    expect(result.exitCode).toBe(0);
    expect(json(result)).toEqual({
      orphans: [
        { filePath: 'src/imports/orphan.ts', entryPoint: false },
        { filePath: 'src/index.ts', entryPoint: true },
      ],
      totalFiles: 12,
      projects: 1,
      complete: true,
    });
  });

  it('cn diagnostics: exit 0 with the type error, 1 for a clean file (like grep)', async () => {
    const all = await cn(['diagnostics', '--root', root]);
    expect(all.exitCode).toBe(0);
    expect(json(all)).toEqual({
      diagnostics: [
        {
          id: 'src/diagnostics/broken.ts::2::14',
          filePath: 'src/diagnostics/broken.ts',
          line: 2,
          character: 14,
          severity: 'error',
          code: 'TS2322',
          message: "Type 'string' is not assignable to type 'number'.",
        },
      ],
      filesChecked: 12,
      totalFiles: 12,
    });
    const clean = await cn(['diagnostics', CHAIN, '--root', root]);
    expect(clean.exitCode).toBe(1);
    expect(json(clean)).toEqual({ diagnostics: [], filesChecked: 1, totalFiles: 1 });
    const missing = await cn(['diagnostics', 'src/nope.ts', '--root', root]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toMatch(/^cn: no such file/);
  });

  it('cn diagnostics <dir>: the project files under it, with files named beside it (issue 24, item 12)', async () => {
    const under = await cn(['diagnostics', 'src/diagnostics', 'src/calls', '--format', 'compact', '--root', root]);
    expect(under).toMatchObject({ exitCode: 0, stderr: '' });
    expect(under.stdout).toMatch(/^src\/diagnostics\/broken\.ts:2:14 {2}error TS2322 {2}/);
    const both = json(await cn(['diagnostics', 'src/diagnostics', CHAIN, '--root', root]));
    expect(both.filesChecked).toBe(2);
    const nothing = await cn(['diagnostics', 'src/nowhere', '--root', root]);
    expect(nothing).toMatchObject({ exitCode: 2, stdout: '' });
  });
});
