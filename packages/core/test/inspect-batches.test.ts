import { describe, expect, it } from 'vitest';
import {
  MAX_ID_LENGTH,
  MAX_INSPECT_IDS,
  MAX_REQUEST_BYTES,
  ProjectPaths,
  inspectBatches,
  inspectInBatches,
  inspectMany,
  mergeInspectAnswers,
  type InspectManyRequest,
} from '../src/index.js';
import { FakeEngine, FakeFiles, ROOT } from './fakes.js';

const LINES = 400;
const source = Array.from({ length: LINES }, (_, i) => `export const value${i + 1} = ${i + 1};`).join('\n');

function deps() {
  return {
    engine: new FakeEngine(),
    symbols: new FakeEngine(),
    files: new FakeFiles({ 'src/generated/constants.ts': source }),
    paths: new ProjectPaths(ROOT),
  };
}

/** Ids in surround mode with 1 line either side: neighbouring ids share blocks, so merging matters. */
function request(count: number): InspectManyRequest {
  const ids = Array.from(
    { length: count },
    (_, i) => `src/generated/constants.ts::${(i % LINES) + 1}::${Math.floor(i / LINES) + 1}`,
  );
  return { ids, expand: 'surround', context: 1 };
}

const bytes = (body: unknown) => Buffer.byteLength(JSON.stringify(body), 'utf8');

describe('inspect batches', () => {
  it('leaves a request that fits as it is', () => {
    const small = { ...request(10), limit: 3 };
    expect(inspectBatches(small)).toEqual([small]);
  });

  it('splits ids into requests under the body limit, in order, none lost or repeated', () => {
    const big = request(3000);
    expect(bytes(big)).toBeGreaterThan(MAX_REQUEST_BYTES);
    const batches = inspectBatches({ ...big, ids: [...big.ids, big.ids[0]] });
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) {
      expect(bytes(batch)).toBeLessThanOrEqual(MAX_REQUEST_BYTES);
      expect(batch).toMatchObject({ expand: 'surround', context: 1 });
      expect(batch.limit).toBeUndefined();
    }
    expect(batches.flatMap((batch) => batch.ids)).toEqual(big.ids);
  });

  it('never puts more ids in one request than the daemon takes', () => {
    const tiny = Array.from({ length: MAX_INSPECT_IDS + 10 }, (_, i) => `a:${i}`);
    const batches = inspectBatches({ ids: tiny }, 10 * MAX_REQUEST_BYTES);
    expect(batches.map((batch) => batch.ids.length)).toEqual([MAX_INSPECT_IDS, 10]);
  });

  it('merges the answers into what one request for all the ids answers', async () => {
    const ids = request(1200).ids;
    const all = { ...request(0), ids: [...ids.slice(0, 600), 'src/missing.ts::1::1', ...ids.slice(600)] };
    const whole = await inspectMany(deps(), all);
    expect(whole.failures).toHaveLength(1);
    const batches = inspectBatches(all, 4096);
    expect(batches.length).toBeGreaterThan(5);
    const answers = [];
    for (const batch of batches) answers.push(await inspectMany(deps(), batch));
    expect(mergeInspectAnswers(answers)).toEqual(whole);
  });

  it('applies the limit to the merged blocks and counts them all', async () => {
    const all = request(1200);
    const whole = await inspectMany(deps(), { ...all, limit: 7 });
    const answers = [];
    for (const batch of inspectBatches({ ...all, limit: 7 }, 4096)) answers.push(await inspectMany(deps(), batch));
    expect(mergeInspectAnswers(answers, 7)).toEqual(whole);
    expect(whole).toMatchObject({ truncated: true });
    expect(whole.results).toHaveLength(7);
  });

  // A stdin line that names no place is passed on whole; one over the daemon's id cap used to fail
  // the whole request (400) and with it every other id.
  it('reports an id over the length cap as its own failure and answers the others', async () => {
    const long = `${'x'.repeat(MAX_ID_LENGTH)}:1`;
    const ids = ['src/generated/constants.ts::1::1', long, 'src/missing.ts::1::1', 'src/generated/constants.ts::9::1'];
    const sent: string[] = [];
    const answer = await inspectInBatches({ ids }, (batch) => {
      sent.push(...batch.ids);
      return inspectMany(deps(), batch);
    });
    expect(sent).toEqual([ids[0], ids[2], ids[3]]);
    expect(answer.results.map((block) => block.ids)).toEqual([[ids[0]], [ids[3]]]);
    expect(answer.failures).toEqual([
      { id: `${'x'.repeat(79)}…`, kind: 'bad-input', message: `id is longer than ${MAX_ID_LENGTH} characters` },
      { id: ids[2], kind: 'bad-input', message: expect.stringMatching(/no such file/) },
    ]);
    expect(answer.total).toBe(2);
  });
});
