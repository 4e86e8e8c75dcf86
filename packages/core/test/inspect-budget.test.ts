import { describe, expect, it } from 'vitest';
import {
  ProjectPaths,
  estimateJsonTokens,
  inspectCode,
  inspectInBatches,
  inspectMany,
  type InspectManyRequest,
} from '../src/index.js';
import { FakeEngine, FakeFiles, ROOT } from './fakes.js';

const source = Array.from({ length: 60 }, (_, i) => `export const value${i + 1} = compute${i + 1}(${i + 1});`).join(
  '\n',
);
const deps = () => ({
  engine: new FakeEngine(),
  files: new FakeFiles({ 'src/values.ts': source }),
  paths: new ProjectPaths(ROOT),
});
/** Three blocks of 9 lines each. */
const request: InspectManyRequest = {
  ids: ['src/values.ts:5', 'src/values.ts:25', 'src/values.ts:45'],
  expand: 'surround',
  context: 4,
};
const ranges = (results: Array<{ range: { startLine: number } }>) => results.map((result) => result.range.startLine);

describe('cn inspect --max-tokens (issue 13)', () => {
  it('drops the code of the later blocks first, keeping every range', async () => {
    // Whole: ~570 tokens; the first block's code and the others' ranges: ~320.
    expect(estimateJsonTokens(await inspectMany(deps(), request))).toBeGreaterThan(500);
    const answer = await inspectMany(deps(), { ...request, maxTokens: 340 });
    expect(ranges(answer.results)).toEqual([1, 21, 41]);
    expect(answer.results.map((result) => result.code !== undefined)).toEqual([true, false, false]);
    expect(answer.results[1].relatedSymbols).toBeUndefined();
    expect(answer.budget).toMatchObject({ stage: 'no-previews', maxTokens: 340 });
    expect(answer.budget!.tokens).toBeLessThanOrEqual(340);
    expect(answer.truncated).toBeUndefined();
  });

  it('then cuts blocks from the end, down to totals', async () => {
    // Three ranges alone: ~190 tokens; one: ~90.
    const cut = await inspectMany(deps(), { ...request, maxTokens: 100 });
    expect(cut).toMatchObject({ total: 3, truncated: true, budget: { stage: 'cut' } });
    expect(cut.results).toEqual([
      {
        id: 'src/values.ts::5::14',
        filePath: 'src/values.ts',
        range: { startLine: 1, endLine: 9 },
        expand: 'surround',
        ids: ['src/values.ts:5'],
      },
    ]);
    expect(await inspectMany(deps(), { ...request, maxTokens: 20 })).toMatchObject({
      results: [],
      total: 3,
      budget: { stage: 'totals' },
    });
  });

  it('leaves a fitting answer whole, says so, and keeps one block to its range when its code does not fit', async () => {
    expect(await inspectMany(deps(), { ...request, maxTokens: 100_000 })).toMatchObject({ budget: { stage: 'full' } });
    const one = await inspectCode(deps(), { id: 'src/values.ts:5', expand: 'surround', context: 4, maxTokens: 20 });
    expect(one.result).toEqual({
      id: 'src/values.ts::5::14',
      filePath: 'src/values.ts',
      range: { startLine: 1, endLine: 9 },
      expand: 'surround',
    });
    expect(one.budget?.stage).toBe('no-previews');
    await expect(inspectMany(deps(), { ...request, maxTokens: 5 })).rejects.toMatchObject({ kind: 'bad-input' });
  });

  it('applies the budget once to the merged answer when ids are sent in batches', async () => {
    const sent: InspectManyRequest[] = [];
    const answer = await inspectInBatches({ ...request, maxTokens: 100 }, (batch) => {
      sent.push(batch);
      return inspectMany(deps(), batch);
    });
    expect(sent.every((batch) => batch.maxTokens === undefined)).toBe(true);
    expect(answer).toMatchObject({ total: 3, truncated: true, budget: { stage: 'cut' } });
  });
});
