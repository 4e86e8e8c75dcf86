import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileEventLedger } from '../src/file-event-ledger.js';
import { stampOf } from '../src/file-stamp.js';
import { QuestionStats } from '../src/question-stats.js';

describe('QuestionStats: one stat a file for the questions in flight', () => {
  let dir: string;
  let file: string;
  let clock: number;
  let since: number | undefined;
  let stats: QuestionStats;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cn-question-stats-'));
    file = path.join(dir, 'a.ts');
    writeFileSync(file, 'one');
    clock = 100;
    since = undefined;
    stats = new QuestionStats({ freshSince: () => since, now: () => clock });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** The file changes size, which any stat would see. */
  const grow = (text: string) => writeFileSync(file, text);

  it('keeps what a stamp and the ledger read, as a stat of its own says it: a file, a directory, nothing', () => {
    since = 90;
    const own = statSync(file, { bigint: true });
    const kept = stats.stat(file)!;
    expect([kept.isFile(), stampOf(kept), kept.nlink, kept.dev]).toEqual([true, stampOf(own), own.nlink, own.dev]);
    expect(stats.stat(dir)?.isFile()).toBe(false);
    expect(stats.stat(path.join(dir, 'missing.ts'))).toBeUndefined();
  });

  it('a stat taken after every question in flight arrived serves them, even after the file changed', () => {
    since = 90;
    expect(stats.stat(file)?.size).toBe(3n);
    grow('twelve bytes');
    clock = 150;
    // As of the questions' arrival (90), the stat at 100 is what a stat of their own would have seen.
    expect(stats.stat(file)?.size).toBe(3n);
  });

  it('a question that arrived after the stat stats again', () => {
    since = 90;
    stats.stat(file);
    grow('twelve bytes');
    since = 120;
    clock = 130;
    expect(stats.stat(file)?.size).toBe(12n);
  });

  it('with no question in flight every stat is new, and only a stat as new as a later question serves it', () => {
    expect(stats.stat(file)?.size).toBe(3n);
    grow('twelve bytes');
    expect(stats.stat(file)?.size).toBe(12n);
    since = 90;
    stats.stat(file);
    since = undefined;
    grow('fifteen bytes!!');
    expect(stats.stat(file)?.size).toBe(15n);
    since = 90;
    expect(stats.stat(file)?.size).toBe(15n);
  });

  it('an older stat serves a later question when the file events vouch for it, and only then', () => {
    let vouch = true;
    const asked: Array<[string, number, number]> = [];
    const ledger = {
      fileUnchanged: (filePath: string, _stats: unknown, takenAt: number, questionSince: number) => {
        asked.push([filePath, takenAt, questionSince]);
        return vouch;
      },
    } as unknown as FileEventLedger;
    let statsTaken = 0;
    const counted = new QuestionStats(
      { freshSince: () => since, now: () => clock },
      () => ledger,
      (filePath) => {
        statsTaken++;
        const own = statSync(filePath, { bigint: true });
        return Object.assign(own, { stamp: stampOf(own) });
      },
    );
    since = 90;
    expect(counted.stat(file)?.size).toBe(3n);
    grow('twelve bytes');
    since = 120;
    clock = 130;
    expect(counted.stat(file)?.size).toBe(3n);
    expect(asked).toEqual([[file, 100, 120]]);
    expect(statsTaken).toBe(1);
    // Vouched for as of 120, the stat serves the questions in flight as one taken then would: not asked again.
    vouch = false;
    expect(counted.stat(file)?.size).toBe(3n);
    expect(asked).toHaveLength(1);
    // A later question asks the events again, from 120 on.
    since = 140;
    clock = 150;
    expect(counted.stat(file)?.size).toBe(12n);
    expect(asked).toEqual([
      [file, 100, 120],
      [file, 120, 140],
    ]);
    expect(statsTaken).toBe(2);
  });

  it('forget: what the daemon wrote is seen by the question that wrote it', () => {
    since = 90;
    stats.stat(file);
    grow('twelve bytes');
    stats.forget();
    expect(stats.stat(file)?.size).toBe(12n);
  });

  it('a file that is not there is undefined, and kept as such for the questions in flight', () => {
    since = 90;
    const missing = path.join(dir, 'b.ts');
    expect(stats.stat(missing)).toBeUndefined();
    writeFileSync(missing, 'now');
    expect(stats.stat(missing)).toBeUndefined();
    since = 200;
    clock = 210;
    expect(stats.stat(missing)?.size).toBe(3n);
  });
});
