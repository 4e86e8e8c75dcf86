import { describe, expect, it, vi } from 'vitest';
import type { StatusResponse } from '@cn/core';
import { loadingLine, sharedProgress, showProgress, statusLine, type LoadingState } from '../src/progress.js';
import { diagnosticsProgress } from '../src/commands/diagnostics.js';
import { fakeDaemonStatus } from '../../daemon/test/status-fixture.js';

const ERASE = '\r\x1b[K';
/** ERASE as a pattern: carriage return, then the terminal's erase-line sequence (ESC [ K). */
const ERASE_PATTERN = '\\r\\u001b\\[K';

function terminal(isTTY = true) {
  const writes: string[] = [];
  return { isTTY, writes, write: (text: string) => writes.push(text) };
}

const running = (extra: Partial<StatusResponse>): LoadingState => ({
  daemon: 'running',
  status: fakeDaemonStatus(1, extra),
});

describe('loadingLine', () => {
  it('names what a cold start is doing, phase by phase', () => {
    expect(loadingLine({ daemon: 'none' })).toBe('starting the cn daemon');
    expect(loadingLine(running({ state: 'starting' }))).toBe('starting the language server');
    const progress = { phase: 'starting' as const, projectsLoaded: 0, projectsTotal: 0, sourceFiles: 4210 };
    expect(loadingLine(running({ state: 'loading', progress }))).toBe(
      'starting the language server (4,210 source files)',
    );
    expect(loadingLine(running({ state: 'loading', progress: { ...progress, phase: 'discovering' } }))).toBe(
      'finding tsconfig/jsconfig projects (4,210 source files)',
    );
    expect(
      loadingLine(
        running({
          state: 'loading',
          progress: { ...progress, phase: 'loading', projectsLoaded: 3, projectsTotal: 12 },
        }),
      ),
    ).toBe('loading projects 3/12 (4,210 source files)');
    expect(
      loadingLine(running({ state: 'restarting', progress: { ...progress, phase: 'loading', projectsTotal: 1 } })),
    ).toBe('restarting the language server: loading projects 0/1 (4,210 source files)');
  });

  it('says nothing once the engine answers, or has failed (the answer says why)', () => {
    for (const state of ['ready', 'failed', 'stopped', 'unresponsive'] as const)
      expect(loadingLine(running({ state }))).toBeUndefined();
  });
});

describe('cn status --format text', () => {
  it('says how far a start has got while the daemon loads', async () => {
    const { statusText } = await import('../../core/src/format/text.js');
    const progress = { phase: 'loading' as const, projectsLoaded: 3, projectsTotal: 12, sourceFiles: 4210 };
    const text = statusText(fakeDaemonStatus(1, { state: 'loading', progress }));
    expect(text).toMatch(/^state {7}loading {2}\(loading projects 3\/12 \(4,210 source files\)\)$/m);
  });

  it('lists the projects one per row under their count, not 41 on one line (issue 24, item 15)', async () => {
    const { statusText } = await import('../../core/src/format/text.js');
    const projects = ['tsconfig.json', 'packages/a/tsconfig.json', 'packages/b/tsconfig.json'];
    const lines = statusText(fakeDaemonStatus(1, { projects })).split('\n');
    const at = lines.findIndex((line) => line.startsWith('projects'));
    expect(lines.slice(at, at + 4)).toEqual([
      'projects    3',
      '              tsconfig.json',
      '              packages/a/tsconfig.json',
      '              packages/b/tsconfig.json',
    ]);
    const one = statusText(fakeDaemonStatus(1, { projects: ['tsconfig.json'] })).split('\n');
    expect(one).toContain('projects    tsconfig.json');
  });
});

describe('showProgress', () => {
  it('on a terminal: nothing in the first interval, then one line rewritten in place, erased when stopped', async () => {
    const stream = terminal();
    const states: LoadingState[] = [{ daemon: 'none' }, running({ state: 'starting' })];
    const stop = showProgress(stream, async () => states.shift() ?? running({ state: 'starting' }), {
      afterMs: 30,
      pollMs: 10,
    });
    expect(stream.writes).toEqual([]);
    await vi.waitFor(() => expect(stream.writes.length).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    stop();
    expect(stream.writes[0]).toMatch(new RegExp(`^${ERASE_PATTERN}starting the cn daemon … \\d+ s$`));
    expect(stream.writes[1]).toMatch(new RegExp(`^${ERASE_PATTERN}starting the language server … \\d+ s$`));
    // The same line is not written again (until its seconds change).
    expect(new Set(stream.writes).size).toBe(stream.writes.length);
    expect(stream.writes.at(-1)).toBe(ERASE);
    const count = stream.writes.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stream.writes.length).toBe(count);
  });

  it('erases its line as soon as the daemon is ready, and writes nothing after', async () => {
    const stream = terminal();
    const states: LoadingState[] = [running({ state: 'loading' }), running({ state: 'ready' })];
    const stop = showProgress(stream, async () => states.shift() ?? running({ state: 'ready' }), {
      afterMs: 1,
      pollMs: 5,
    });
    await vi.waitFor(() => expect(stream.writes).toContain(ERASE), { timeout: 5000 });
    stop();
    expect(stream.writes.filter((text) => text !== ERASE)).toHaveLength(1);
  });

  it('writes nothing when stderr is not a terminal (an agent, a pipe, a CI log), nor when stopped in time', async () => {
    const piped = terminal(false);
    const readState = vi.fn(async (): Promise<LoadingState> => ({ daemon: 'none' }));
    const stopPiped = showProgress(piped, readState, { afterMs: 1, pollMs: 1 });
    const fast = terminal();
    const stopFast = showProgress(fast, readState, { afterMs: 50, pollMs: 1 });
    stopFast();
    await new Promise((resolve) => setTimeout(resolve, 100));
    stopPiped();
    expect(piped.writes).toEqual([]);
    expect(fast.writes).toEqual([]);
    expect(readState).not.toHaveBeenCalled();
  });
});

describe('sharedProgress', () => {
  it('starts once for concurrent requests and stops when the last one ends', () => {
    const stop = vi.fn();
    const start = vi.fn(() => stop);
    const watch = sharedProgress(start);
    const endA = watch();
    const endB = watch();
    expect(start).toHaveBeenCalledTimes(1);
    endA();
    endA();
    expect(stop).not.toHaveBeenCalled();
    endB();
    expect(stop).toHaveBeenCalledTimes(1);
    watch()();
    expect(start).toHaveBeenCalledTimes(2);
  });
});

describe('statusLine: progress of a long answer (cn diagnostics over the project, issue 24 item 12)', () => {
  it('on a terminal: one line rewritten in place, without the cn: of errors, erased at the end', () => {
    const stderr = terminal();
    const line = statusLine(stderr);
    line.show(diagnosticsProgress({ filesChecked: 100, totalFiles: 256, found: 3 }));
    line.show(diagnosticsProgress({ filesChecked: 100, totalFiles: 256, found: 3 }));
    line.show(diagnosticsProgress({ filesChecked: 200, totalFiles: 256, found: 1 }));
    line.end();
    expect(stderr.writes).toEqual([
      `${ERASE}diagnostics: 100/256 files checked, 3 found so far`,
      `${ERASE}diagnostics: 200/256 files checked, 1 found so far`,
      ERASE,
    ]);
  });

  it('writes nothing when stderr is not a terminal (an agent, CI): it printed cn: lines there', () => {
    const piped = terminal(false);
    const line = statusLine(piped);
    line.show('diagnostics: 100/256 files checked, 0 found so far');
    line.end();
    expect(piped.writes).toEqual([]);
  });
});
