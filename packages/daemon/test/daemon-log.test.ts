import { linkSync, lstatSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DaemonLog } from '../src/daemon-log.js';

describe('DaemonLog', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cn-log-'));
    file = path.join(dir, 'daemon.log');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('rotates to daemon.log.1 at the cap, so the log never grows past twice the cap', () => {
    const log = new DaemonLog(file, 1_000);
    for (let i = 0; i < 200; i++) log.write(`line ${i} ${'x'.repeat(40)}`);
    log.close();
    expect(statSync(file).size).toBeLessThanOrEqual(1_000);
    expect(statSync(`${file}.1`).size).toBeLessThanOrEqual(1_000);
    expect(statSync(`${file}.1`).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain('line 199 ');
  });

  it('creates the log 0600 and writes one escaped line per entry', () => {
    const log = new DaemonLog(file);
    log.write('refused GET /\n$(evil)\u001b[0m', new Date(0));
    log.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe('1970-01-01T00:00:00.000Z refused GET /\\u000a$(evil)\\u001b[0m\n');
  });

  it('refuses a symlink at daemon.log instead of writing through it', () => {
    const victim = path.join(dir, 'bashrc');
    writeFileSync(victim, 'safe\n');
    symlinkSync(victim, file);
    expect(() => new DaemonLog(file)).toThrow(/log file .* is a symlink/);
    expect(readFileSync(victim, 'utf8')).toBe('safe\n');
  });

  it('refuses a second name (hard link) for daemon.log', () => {
    writeFileSync(file, '');
    linkSync(file, path.join(dir, 'other-name'));
    expect(() => new DaemonLog(file)).toThrow(/not a private regular file/);
  });

  it('rotation deletes a symlink at daemon.log.1 rather than writing through it', () => {
    const victim = path.join(dir, 'bashrc');
    writeFileSync(victim, 'safe\n');
    symlinkSync(victim, `${file}.1`);
    const log = new DaemonLog(file, 200);
    for (let i = 0; i < 20; i++) log.write(`line ${i}`);
    log.close();
    expect(readFileSync(victim, 'utf8')).toBe('safe\n');
    expect(lstatSync(`${file}.1`).isFile()).toBe(true);
  });
});
