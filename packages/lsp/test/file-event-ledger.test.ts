import type { BigIntStats } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FileEventLedger, type LedgerSettings } from '../src/file-event-ledger.js';

const ROOT = '/p';
const DEVICE = 42n;

/** Stats as a stat of a regular file on the root's device gives them; only the fields the ledger reads. */
function stats(overrides: Partial<Record<'nlink' | 'dev', bigint>> = {}): BigIntStats {
  return { nlink: 1n, dev: DEVICE, ...overrides } as BigIntStats;
}

/** A ledger on a clock the test moves, watching /p, /p/src and /p/src/deep from moment 10. */
function setup(overrides: Partial<LedgerSettings> = {}) {
  let clock = 0;
  const ledger = new FileEventLedger({
    root: ROOT,
    now: () => clock,
    rootDevice: DEVICE,
    listed: (file) => !file.endsWith('link.ts'),
    eventsComplete: true,
    overflowAt: 100,
    ...overrides,
  });
  clock = 10;
  for (const directory of [ROOT, '/p/src', '/p/src/deep']) ledger.watching(directory);
  clock = 20;
  return {
    ledger,
    at: (moment: number) => (clock = moment),
    /** A question that arrived at `since`, once the event loop has turned after it. */
    settled: async (since: number) => {
      await ledger.settle(since);
      return since;
    },
  };
}

describe('FileEventLedger: what no file event touched since a stat still holds', () => {
  it('vouches for a stat taken while the directory was watched, for a question the event loop turned after', async () => {
    const { ledger, at, settled } = setup();
    // Before the loop turned, the events queued before the question may not have been delivered yet.
    at(50);
    expect(ledger.fileUnchanged('/p/src/a.ts', stats(), 20, 40)).toBe(false);
    const since = await settled(40);
    expect(ledger.fileUnchanged('/p/src/a.ts', stats(), 20, since)).toBe(true);
    // A file that was not there, and no event has named since: still not there.
    expect(ledger.fileUnchanged('/p/src/new.ts', undefined, 20, since)).toBe(true);
  });

  it('not a stat taken before the watch began, nor one in a directory no watch covers', async () => {
    const { ledger, settled } = setup();
    const since = await settled(40);
    expect(ledger.fileUnchanged('/p/src/a.ts', stats(), 5, since)).toBe(false);
    expect(ledger.fileUnchanged('/p/node_modules/x/index.d.ts', stats(), 20, since)).toBe(false);
    ledger.unwatched('/p/src');
    expect(ledger.fileUnchanged('/p/src/a.ts', stats(), 20, since)).toBe(false);
  });

  it('an event naming the file, or any directory above it, undoes the stats taken before it', async () => {
    const { ledger, at, settled } = setup();
    at(30);
    ledger.event('/p/src', 'a.ts');
    at(35);
    ledger.event('/p/src', 'deep');
    at(60);
    const since = await settled(50);
    expect(ledger.fileUnchanged('/p/src/a.ts', stats(), 20, since)).toBe(false);
    expect(ledger.fileUnchanged('/p/src/a.ts', stats(), 31, since)).toBe(true);
    expect(ledger.fileUnchanged('/p/src/b.ts', stats(), 20, since)).toBe(true);
    expect(ledger.fileUnchanged('/p/src/deep/c.ts', stats(), 31, since)).toBe(false);
    expect(ledger.fileUnchanged('/p/src/deep/c.ts', stats(), 36, since)).toBe(true);
  });

  it('a directory’s stamp holds until an event inside it; libuv’s event for the directory itself counts', async () => {
    const { ledger, at, settled } = setup();
    const device = String(DEVICE);
    at(30);
    ledger.event('/p/src', 'a.ts');
    at(60);
    const since = await settled(50);
    expect(ledger.directoryUnchanged('/p/src', device, 20, since)).toBe(false);
    expect(ledger.directoryUnchanged('/p/src/deep', device, 20, since)).toBe(true);
    expect(ledger.directoryUnchanged('/p/src/deep', '7', 20, since)).toBe(false);
    at(70);
    // The deletion or move of a watched directory comes on its own watch, named by its base name.
    ledger.event('/p/src/deep', 'deep');
    at(80);
    const later = await settled(75);
    expect(ledger.fileUnchanged('/p/src/deep/c.ts', stats(), 65, later)).toBe(false);
  });

  it('never vouches for a hard-linked file, one on another device, one its listing lacks (a symlink)', async () => {
    const { ledger, settled } = setup();
    const since = await settled(40);
    expect(ledger.fileUnchanged('/p/src/a.ts', stats({ nlink: 2n }), 20, since)).toBe(false);
    expect(ledger.fileUnchanged('/p/src/a.ts', stats({ dev: 7n }), 20, since)).toBe(false);
    expect(ledger.fileUnchanged('/p/src/link.ts', stats(), 20, since)).toBe(false);
  });

  it('never vouches on a filesystem whose changes may come from elsewhere, nor once closed', async () => {
    const remote = setup({ eventsComplete: false });
    expect(remote.ledger.active).toBe(false);
    expect(remote.ledger.fileUnchanged('/p/src/a.ts', stats(), 20, await remote.settled(40))).toBe(false);
    const { ledger, settled } = setup();
    const since = await settled(40);
    ledger.close();
    expect(ledger.active).toBe(false);
    expect(ledger.fileUnchanged('/p/src/a.ts', stats(), 20, since)).toBe(false);
  });

  it('a batch of events as large as the kernel may have dropped some of undoes every stat taken before it', async () => {
    const { ledger, at, settled } = setup();
    at(30);
    for (let index = 0; index < 99; index++) ledger.event('/p/src/deep', `f${index}.ts`);
    await new Promise((resolve) => setImmediate(resolve));
    // 99 in one turn of the loop, then 99 in the next: neither reached the 100 of an overflow.
    for (let index = 0; index < 99; index++) ledger.event('/p/src/deep', `g${index}.ts`);
    at(60);
    let since = await settled(50);
    expect(ledger.fileUnchanged('/p/src/a.ts', stats(), 20, since)).toBe(true);
    at(70);
    for (let index = 0; index < 100; index++) ledger.event('/p/src/deep', `h${index}.ts`);
    at(90);
    since = await settled(80);
    expect(ledger.fileUnchanged('/p/src/a.ts', stats(), 65, since)).toBe(false);
    expect(ledger.fileUnchanged('/p/src/a.ts', stats(), 75, since)).toBe(true);
  });
});
