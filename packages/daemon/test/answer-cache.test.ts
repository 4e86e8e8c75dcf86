import { describe, expect, it, vi } from 'vitest';
import { AnswerCache } from '../src/answer-cache.js';

describe('AnswerCache', () => {
  it('computes a request once per project version, each request on its own', async () => {
    let version = 'v1';
    const cache = new AnswerCache(async () => version);
    const compute = vi.fn(async () => ({ files: [version] }));
    expect(await cache.remember('overview', {}, compute)).toEqual({ files: ['v1'] });
    expect(await cache.remember('overview', {}, compute)).toEqual({ files: ['v1'] });
    expect(compute).toHaveBeenCalledTimes(1);
    await cache.remember('overview', { dir: 'src' }, compute);
    await cache.remember('unused', {}, compute);
    expect(compute).toHaveBeenCalledTimes(3);
    version = 'v2';
    expect(await cache.remember('overview', {}, compute)).toEqual({ files: ['v2'] });
    expect(compute).toHaveBeenCalledTimes(4);
  });

  it('does not keep an answer whose files changed while it was computed', async () => {
    let version = 'v1';
    const cache = new AnswerCache(async () => version);
    const stale = vi.fn(async () => {
      version = 'v2'; // an edit lands mid-computation
      return { seen: 'v1' };
    });
    expect(await cache.remember('unused', {}, stale)).toEqual({ seen: 'v1' });
    const fresh = vi.fn(async () => ({ seen: version }));
    expect(await cache.remember('unused', {}, fresh)).toEqual({ seen: 'v2' });
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('keeps no failure: the next call tries again', async () => {
    const cache = new AnswerCache(async () => 'v1');
    await expect(
      cache.remember('unused', {}, async () => {
        throw new Error('engine down');
      }),
    ).rejects.toThrow('engine down');
    expect(await cache.remember('unused', {}, async () => ({ ok: true }))).toEqual({ ok: true });
  });
});
