import { describe, expect, it } from 'vitest';
import { ProjectPaths, findUnused } from '../src/index.js';
import { FakeEngine, FakeFiles, ROOT, at, node } from './fakes.js';

const source = ['export function used(): void {}', 'export function unusedExport(): void {}', 'function helper(): void {}', 'function helper(n?: number): void {}', ''].join('\n');

describe('findUnused', () => {
  it('reports top-level declarations no other place refers to, overloads once, exported ones flagged', async () => {
    const engine = new FakeEngine();
    const file = `${ROOT}/src/a.ts`;
    engine.outlines[file] = [
      node('used', 'Function', [1, 1], [1, 17]),
      node('unusedExport', 'Function', [2, 2], [2, 17]),
      node('helper', 'Function', [3, 3], [3, 10]),
      node('helper', 'Function', [4, 4], [4, 10]),
    ];
    engine.referencesAt[`${file}:1:17`] = [at('src/b.ts', 3, 5)];
    // The server echoes the declaration itself: that is not a use.
    engine.referencesAt[`${file}:2:17`] = [at('src/a.ts', 2, 17)];
    const deps = { engine, files: new FakeFiles({ 'src/a.ts': source }), paths: new ProjectPaths(ROOT) };

    const response = await findUnused(deps, { file: 'src/a.ts' });

    expect(response).toEqual({
      filePath: 'src/a.ts',
      checked: 3,
      unused: [
        { id: 'src/a.ts::2::17', name: 'unusedExport', kind: 'Function', line: 2, exported: true },
        { id: 'src/a.ts::3::10', name: 'helper', kind: 'Function', line: 3, exported: false },
      ],
    });
    expect(engine.asked).toEqual([`${file}:1:17`, `${file}:2:17`, `${file}:3:10`]);
  });
});
