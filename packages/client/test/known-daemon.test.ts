import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { daemonRecordPath, ensureStateDirectory, stateDirectory } from '@cn/local-files';
import { PORT_FILE_NAME, type DaemonRecord } from '@cn/protocol';
import { knownDaemon, recordedDaemon } from '../src/known-daemon.js';

describe('knownDaemon: the port file counts only with the private record that vouches for it', () => {
  let root: string;
  let record: DaemonRecord;
  const writePortFile = (content: object) => writeFileSync(path.join(root, PORT_FILE_NAME), JSON.stringify(content));
  const writeRecord = (content: DaemonRecord) =>
    writeFileSync(daemonRecordPath(stateDirectory(root)), JSON.stringify(content), { mode: 0o600 });
  beforeEach(() => {
    root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'cn-known-')));
    ensureStateDirectory(stateDirectory(root));
    record = {
      pid: process.pid,
      port: 41700,
      host: '127.0.0.1',
      root,
      token: 'f'.repeat(48),
      version: '0.1.0',
      startedAt: '2026-11-28T00:00:00.000Z',
      logFile: '',
      processStart: '1',
    };
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(stateDirectory(root), { recursive: true, force: true });
  });
  const portFileOf = (from: DaemonRecord) => {
    const { token: _secret, processStart: _started, ...rest } = from;
    return rest;
  };

  it('none without a port file, whatever the record says', () => {
    writeRecord(record);
    expect(knownDaemon(root)).toEqual({ state: 'none' });
  });

  it('recorded when the port file agrees with the record (root, pid, port, start), and the record is what a client uses', () => {
    writeRecord(record);
    writePortFile(portFileOf(record));
    expect(knownDaemon(root)).toEqual({ state: 'recorded', record });
    expect(recordedDaemon(root)).toEqual(record);
  });

  it.each([
    ['a committed file with a token of its own and no record', () => writePortFile({ ...record, token: 'c0ffee' })],
    ['a port file naming another port', () => (writeRecord(record), writePortFile({ ...portFileOf(record), port: 1 }))],
    ['a port file naming another pid', () => (writeRecord(record), writePortFile({ ...portFileOf(record), pid: 1 }))],
    [
      'a port file of another start',
      () => (writeRecord(record), writePortFile({ ...portFileOf(record), startedAt: '2020-01-01T00:00:00.000Z' })),
    ],
    [
      'a record of another root',
      () => (writeRecord({ ...record, root: '/elsewhere' }), writePortFile(portFileOf(record))),
    ],
    ['a corrupt port file', () => (writeRecord(record), writeFileSync(path.join(root, PORT_FILE_NAME), '{"pid'))],
  ])('stale: %s', (_kind, plant) => {
    plant();
    expect(knownDaemon(root)).toEqual({ state: 'stale' });
    expect(recordedDaemon(root)).toBeUndefined();
  });
});
