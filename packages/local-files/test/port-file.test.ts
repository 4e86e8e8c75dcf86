import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PORT_FILE_NAME, type DaemonRecord } from '@cn/protocol';
import { daemonRecordPath, readDaemonRecord, readPortFileState } from '../src/index.js';
import { daemonFilesName, removeOwnDaemonFiles, writeDaemonFiles } from '../src/daemon-files.js';

describe('the port file and the daemon record', () => {
  let root: string;
  let stateDir: string;
  let portFile: string;
  let record: DaemonRecord;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'cn-port-'));
    stateDir = path.join(root, 'state', 'cn-me', 'project-0123');
    mkdirSync(stateDir, { recursive: true, mode: 0o700 });
    chmodSync(path.dirname(stateDir), 0o700);
    portFile = path.join(root, PORT_FILE_NAME);
    record = {
      pid: process.pid,
      port: 41700,
      host: '127.0.0.1',
      root,
      token: 'secret-token',
      version: '0.1.0',
      startedAt: '2026-11-28T00:00:00.000Z',
      logFile: '',
      engine: 'native',
      processStart: '12345',
    };
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const recordFile = () => daemonRecordPath(stateDir);

  it('puts the token only in the record (0600, in the state directory); the port file holds the rest', async () => {
    await writeDaemonFiles(root, stateDir, record);
    expect(readDaemonRecord(stateDir)).toEqual(record);
    expect(lstatSync(recordFile()).mode & 0o777).toBe(0o600);
    const { token, processStart, ...facts } = record;
    expect(readPortFileState(root)).toEqual({ kind: 'ours', portFile: facts });
    expect(readFileSync(portFile, 'utf8')).not.toContain(token);
    expect(readFileSync(portFile, 'utf8')).not.toContain(processStart);
  });

  it.each([
    ['a symlink to a good record', () => symlinkSync(path.join(root, 'elsewhere.json'), recordFile())],
    [
      'writable by others',
      () => {
        writeFileSync(recordFile(), JSON.stringify(record));
        chmodSync(recordFile(), 0o666);
      },
    ],
    ['not JSON', () => writeFileSync(recordFile(), '{"pid": 1', { mode: 0o600 })],
    ['without a token', () => writeFileSync(recordFile(), JSON.stringify({ ...record, token: '' }), { mode: 0o600 })],
    ['a FIFO', () => execFileSync('mkfifo', [recordFile()])],
  ])('reads no record from a file that is %s (and never hangs)', (_kind, plant) => {
    writeFileSync(path.join(root, 'elsewhere.json'), JSON.stringify(record), { mode: 0o600 });
    plant();
    expect(readDaemonRecord(stateDir)).toBeUndefined();
  });

  it('reads no record from a state directory that is not private at both levels (checked, never created)', async () => {
    await writeDaemonFiles(root, stateDir, record);
    chmodSync(stateDir, 0o777);
    expect(readDaemonRecord(stateDir)).toBeUndefined();
    chmodSync(stateDir, 0o700);
    expect(readDaemonRecord(stateDir)).toEqual(record);
    chmodSync(path.dirname(stateDir), 0o777);
    expect(readDaemonRecord(stateDir)).toBeUndefined();
    expect(readDaemonRecord(path.join(root, 'no', 'such'))).toBeUndefined();
    expect(existsSync(path.join(root, 'no'))).toBe(false);
  });

  it('names this daemon while both files name its pid; removes only a file that names it', async () => {
    await writeDaemonFiles(root, stateDir, record);
    expect(daemonFilesName(root, stateDir, process.pid)).toBe(true);
    expect(daemonFilesName(root, stateDir, process.pid + 1)).toBe(false);
    await removeOwnDaemonFiles(root, stateDir, process.pid + 1);
    expect([existsSync(portFile), existsSync(recordFile())]).toEqual([true, true]);
    // A repository's file checked out over ours: this daemon can never be reached again.
    writeFileSync(portFile, JSON.stringify({ ...record, pid: 1 }));
    expect(daemonFilesName(root, stateDir, process.pid)).toBe(false);
    await removeOwnDaemonFiles(root, stateDir, process.pid);
    expect([existsSync(portFile), existsSync(recordFile())]).toEqual([true, false]);
  });

  it('writes both through fresh temp files: symlinks planted at the old guessable temp names catch nothing', async () => {
    const trap = path.join(root, 'attacker-file');
    writeFileSync(trap, '', { mode: 0o666 });
    symlinkSync(trap, `${portFile}.${process.pid}.tmp`);
    symlinkSync(trap, `${recordFile()}.${process.pid}.tmp`);
    await writeDaemonFiles(root, stateDir, record);
    expect(readFileSync(trap, 'utf8')).toBe('');
    for (const file of [portFile, recordFile()]) {
      const written = lstatSync(file);
      expect(written.isFile()).toBe(true);
      expect(written.mode & 0o777).toBe(0o600);
    }
  });

  it('never writes through a symlink at the port file path, nor writes the record then', async () => {
    const trap = path.join(root, 'attacker-file');
    writeFileSync(trap, '');
    symlinkSync(trap, portFile);
    await expect(writeDaemonFiles(root, stateDir, record)).rejects.toThrow(/is a symlink/);
    expect(readFileSync(trap, 'utf8')).toBe('');
    expect(existsSync(recordFile())).toBe(false);
  });

  it('reads a FIFO as "not a regular file" at once, without opening it (no hang)', () => {
    execFileSync('mkfifo', [portFile]);
    const state = readPortFileState(root);
    expect(state.kind).toBe('foreign');
    expect(state.kind === 'foreign' && state.refusal.message).toMatch(/is not a regular file \(a FIFO\)/);
  });

  it('reads a directory as "not a regular file", with the path in the message', () => {
    mkdirSync(portFile);
    const state = readPortFileState(root);
    expect(state.kind === 'foreign' && state.refusal.message).toBe(
      `the port file ${portFile} is not a regular file (a directory)`,
    );
  });

  it('reads a huge file as foreign, a corrupt one as unusable (replaceable) and a missing one as absent', () => {
    expect(readPortFileState(root)).toEqual({ kind: 'absent' });
    writeFileSync(portFile, '{"pid": 1, "po');
    expect(readPortFileState(root)).toEqual({ kind: 'unusable' });
    writeFileSync(portFile, ' '.repeat(200_000));
    expect(readPortFileState(root).kind).toBe('foreign');
  });

  it('reads a port file of ours that others could rewrite as unusable, so cn replaces it', async () => {
    await writeDaemonFiles(root, stateDir, record);
    chmodSync(portFile, 0o666);
    expect(readPortFileState(root)).toEqual({ kind: 'unusable' });
  });
});
