import { describe, expect, it } from 'vitest';
import { ProjectPaths, overview } from '../src/index.js';
import { FakeEngine, FakeFiles, ROOT, node } from './fakes.js';
import { FakeImportGraph } from './navigation-fakes.js';

const files = {
  'src/a.ts': 'export function helper() {}\n',
  'src/b.ts': 'export function helper() {}\nexport function other() {}\nexport default function main() {}\n',
  'src/barrel.ts': "export { helper as aHelper } from './a.js';\nexport * from './b.js';\n",
  'src/use1.ts': "import { helper } from './a.js';\n",
  'src/use2.ts': "import { aHelper, other } from './barrel.js';\n",
  'src/use3.ts': "import { helper } from './barrel.js';\n",
  'src/use4.ts': "import start from './b.js';\n",
};

describe('overview counts importers per declaration, not per name (issue 13)', () => {
  it('credits each helper with its own importers, through re-exports and default imports', async () => {
    const engine = new FakeEngine();
    engine.outlines[`${ROOT}/src/a.ts`] = [node('helper', 'Function', [1, 1], [1, 17])];
    engine.outlines[`${ROOT}/src/b.ts`] = [
      node('helper', 'Function', [1, 1], [1, 17]),
      node('other', 'Function', [2, 2], [2, 17]),
      node('main', 'Function', [3, 3], [3, 25]),
    ];
    const importGraph = new FakeImportGraph({
      'src/a.ts': [],
      'src/b.ts': [],
      'src/barrel.ts': [
        { specifier: './a.js', resolvedFile: 'src/a.ts' },
        { specifier: './b.js', resolvedFile: 'src/b.ts' },
      ],
      'src/use1.ts': [{ specifier: './a.js', resolvedFile: 'src/a.ts' }],
      'src/use2.ts': [{ specifier: './barrel.js', resolvedFile: 'src/barrel.ts' }],
      'src/use3.ts': [{ specifier: './barrel.js', resolvedFile: 'src/barrel.ts' }],
      'src/use4.ts': [{ specifier: './b.js', resolvedFile: 'src/b.ts' }],
    });
    const deps = { engine, symbols: engine, files: new FakeFiles(files), paths: new ProjectPaths(ROOT), importGraph };
    const answer = await overview(deps, { maxTokens: 0 });
    const counts = answer.files.flatMap((file) =>
      file.symbols.map((symbol) => `${file.filePath} ${symbol.name}:${symbol.importedBy}`),
    );
    // a's helper: use1, the barrel that re-exports it, use2 through the barrel; b's: use3 through `export *`.
    expect(counts).toEqual(['src/a.ts helper:3', 'src/b.ts helper:1', 'src/b.ts other:1', 'src/b.ts main:1']);
  });
});
