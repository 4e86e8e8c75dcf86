import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PORT_FILE_NAME, type PortFile } from '@cn/protocol';
import { readPortFileState } from '../src/local-files/index.js';
import { portFileNames, writePortFile } from '../src/port-file.js';

describe('the port file', () => {
  let root: string;
  let portFile: string;
  let content: PortFile;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'cn-port-'));
    portFile = path.join(root, PORT_FILE_NAME);
    content = {
      pid: process.pid,
      port: 41700,
      host: '127.0.0.1',
      root,
      token: 'secret-token',
      version: '0.1.0',
      startedAt: '',
      logFile: '',
    };
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is written through a fresh temp file: a symlink planted at the old guessable temp name catches nothing', async () => {
    const trap = path.join(root, 'attacker-file');
    writeFileSync(trap, '', { mode: 0o666 });
    symlinkSync(trap, `${portFile}.${process.pid}.tmp`);
    await writePortFile(root, content);
    expect(readFileSync(trap, 'utf8')).toBe('');
    const written = lstatSync(portFile);
    expect(written.isFile()).toBe(true);
    expect(written.mode & 0o777).toBe(0o600);
    expect(readPortFileState(root)).toEqual({ kind: 'ours', portFile: content });
  });

  it('is never written through a symlink at the port file path', async () => {
    const trap = path.join(root, 'attacker-file');
    writeFileSync(trap, '');
    symlinkSync(trap, portFile);
    await expect(writePortFile(root, content)).rejects.toThrow(/is a symlink/);
    expect(readFileSync(trap, 'utf8')).toBe('');
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
    await writePortFile(root, content);
    chmodSync(portFile, 0o666);
    expect(readPortFileState(root)).toEqual({ kind: 'unusable' });
  });

  it('names this daemon only while it is ours and carries its pid', async () => {
    await writePortFile(root, content);
    expect(await portFileNames(root, process.pid)).toBe(true);
    expect(await portFileNames(root, process.pid + 1)).toBe(false);
    expect(statSync(portFile).size).toBeGreaterThan(0);
  });
});
