import type { StatusResponse } from '@cn/core';
import { FakeEngine, ROOT } from '../../core/test/fakes.js';

/** A ready daemon's status for route tests: the engine part is the fake engine's own. */
export function fakeDaemonStatus(port: number, extra: Partial<StatusResponse> = {}): StatusResponse {
  return {
    running: true,
    pid: 1234,
    port,
    root: ROOT,
    version: 'test',
    startedAt: '2026-01-01T00:00:00.000Z',
    uptimeSeconds: 1,
    rssBytes: 1,
    treeRssBytes: 1,
    processes: [{ pid: 1234, name: 'daemon', rssBytes: 1 }],
    logFile: '/tmp/cn-test.log',
    idleMinutes: 0,
    ...new FakeEngine().status(),
    ...extra,
  };
}
