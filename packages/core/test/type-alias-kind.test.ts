import { describe, expect, it } from 'vitest';
import { ProjectPaths, findSymbol } from '../src/index.js';
import { FakeEngine, FakeFiles, ROOT } from './fakes.js';

describe('kinds of type aliases and re-exports', () => {
  const files = new FakeFiles({
    'src/money.ts': 'export type Money = { cents: number };\n',
    'src/index.ts': "export { formatMoney, type Money } from './money.js';\n",
  });
  const range = (line: number, from: number, to: number) => ({
    start: { line, character: from },
    end: { line, character: to },
  });

  it('calls `type X = …` a TypeAlias, but not a re-export that says `type X`', async () => {
    const engine = new FakeEngine();
    engine.symbols = [
      { name: 'Money', kind: 'Variable', filePath: `${ROOT}/src/money.ts`, range: range(1, 1, 39) },
      { name: 'Money', kind: 'Variable', filePath: `${ROOT}/src/index.ts`, range: range(1, 23, 33), alias: true },
    ];
    const answer = await findSymbol(
      { engine, symbols: engine, files, paths: new ProjectPaths(ROOT) },
      { query: 'Money', refs: 'none' },
    );
    expect(answer.definition).toMatchObject({ filePath: 'src/money.ts', kind: 'TypeAlias' });
    expect(answer.candidates).toEqual([expect.objectContaining({ filePath: 'src/index.ts', kind: 'Export' })]);
  });
});
