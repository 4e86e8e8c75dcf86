import { describe, expect, it } from 'vitest';
import { rateLimited } from '../src/log-rate-limit.js';

describe('rateLimited', () => {
  it('writes at most N lines per window and reports the rest as one line after it', () => {
    let now = 0;
    const written: string[] = [];
    const log = rateLimited((line) => written.push(line), { linesPerWindow: 3, windowMs: 60_000, now: () => now });
    for (let i = 0; i < 500; i++) log(`refused GET /${i}`);
    expect(written).toEqual(['refused GET /0', 'refused GET /1', 'refused GET /2']);
    now = 60_000;
    log('refused GET /late');
    expect(written.slice(3)).toEqual([
      '497 more lines like these were not logged (at most 3 per 60 s)',
      'refused GET /late',
    ]);
  });

  it('writes every line while under the limit, with no summary', () => {
    let now = 0;
    const written: string[] = [];
    const log = rateLimited((line) => written.push(line), { linesPerWindow: 2, windowMs: 1_000, now: () => now });
    log('a');
    now = 5_000;
    log('b');
    log('c');
    expect(written).toEqual(['a', 'b', 'c']);
  });
});
