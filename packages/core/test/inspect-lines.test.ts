import { describe, expect, it } from 'vitest';
import { ProjectPaths, inspectCode, inspectMany } from '../src/index.js';
import { FakeEngine, FakeFiles, ROOT } from './fakes.js';

const cookie = Array.from({ length: 12 }, (_, index) => `const line${index + 1} = ${index + 1};`).join('\n');

function setup() {
  const engine = new FakeEngine();
  const files = new FakeFiles({ 'src/cookie.ts': cookie });
  return { deps: { engine, files, paths: new ProjectPaths(ROOT) } };
}

describe('cn inspect path:start-end: the lines a map gave, as sed -n prints them', () => {
  it('gives those lines, their range and their first line as id', async () => {
    const { deps } = setup();
    const { result } = await inspectCode(deps, { id: 'src/cookie.ts:3-5' });
    expect(result).toMatchObject({
      id: 'src/cookie.ts::3::1',
      filePath: 'src/cookie.ts',
      range: { startLine: 3, endLine: 5 },
      expand: 'lines',
      code: 'const line3 = 3;\nconst line4 = 4;\nconst line5 = 5;',
    });
    // A range past the end stops at the last line, as sed does.
    expect((await inspectCode(deps, { id: 'src/cookie.ts:11-40', code: false })).result.range).toEqual({
      startLine: 11,
      endLine: 12,
    });
  });

  it('refuses a backward range, a start past the end and a range over 2000 lines, each in one line', async () => {
    const { deps } = setup();
    await expect(inspectCode(deps, { id: 'src/cookie.ts:5-3' })).rejects.toThrow(/bad line range 5-3/);
    await expect(inspectCode(deps, { id: 'src/cookie.ts:0-3' })).rejects.toThrow(/bad line range 0-3/);
    await expect(inspectCode(deps, { id: 'src/cookie.ts:40-50' })).rejects.toThrow(
      /line 40 is past the end of src\/cookie.ts \(12 lines\)/,
    );
    await expect(inspectCode(deps, { id: 'src/cookie.ts:1-5000' })).rejects.toThrow(/5000 lines asked, at most 2000/);
    await expect(inspectCode(deps, { id: 'src/nowhere.ts:1-3' })).rejects.toThrow(/no such file/);
  });

  it('mixes with ids in one request', async () => {
    const { deps } = setup();
    const response = await inspectMany(deps, { ids: ['src/cookie.ts:1-2', 'src/cookie.ts:9-9'] });
    expect(response.results.map((result) => [result.range.startLine, result.range.endLine])).toEqual([
      [1, 2],
      [9, 9],
    ]);
  });
});
