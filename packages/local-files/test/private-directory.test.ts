import { chmodSync, lstatSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureStateDirectory } from '../src/index.js';

describe('ensureStateDirectory', () => {
  let base: string;
  let stateDir: string;
  beforeEach(() => {
    base = mkdtempSync(path.join(os.tmpdir(), 'cn-state-'));
    stateDir = path.join(base, 'cn-me', 'shop-0123456789abcdef');
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('creates both levels 0700', () => {
    ensureStateDirectory(stateDir);
    for (const dir of [path.dirname(stateDir), stateDir]) expect(lstatSync(dir).mode & 0o777).toBe(0o700);
    ensureStateDirectory(stateDir);
  });

  it('refuses a symlink at either level, never following it', () => {
    const elsewhere = path.join(base, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    symlinkSync(elsewhere, path.dirname(stateDir));
    expect(() => ensureStateDirectory(stateDir)).toThrow(/state directory .*cn-me is a symlink/);
  });

  it('refuses a file where a directory should be', () => {
    writeFileSync(path.dirname(stateDir), '');
    expect(() => ensureStateDirectory(stateDir)).toThrow(/is not a directory/);
  });

  it('refuses a directory that others can write, even its own', () => {
    mkdirSync(stateDir, { recursive: true, mode: 0o700 });
    chmodSync(stateDir, 0o770);
    expect(() => ensureStateDirectory(stateDir)).toThrow(/shop-0123456789abcdef is writable by others \(mode 770\)/);
  });

  it('says what failed when the base itself is missing', () => {
    expect(() => ensureStateDirectory(path.join(base, 'missing', 'cn-me', 'x'))).toThrow(
      /cannot create state directory .*ENOENT/,
    );
  });
});
