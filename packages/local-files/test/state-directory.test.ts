import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stateDirectory } from '../src/index.js';

describe('stateDirectory', () => {
  it('prefers $XDG_RUNTIME_DIR (private to the user) to the shared temp dir', () => {
    const dir = stateDirectory('/home/me/shop', { XDG_RUNTIME_DIR: '/run/user/1000', TMPDIR: '/tmp' });
    expect(path.dirname(path.dirname(dir))).toBe('/run/user/1000');
    expect(path.basename(dir)).toMatch(/^shop-[0-9a-f]{16}$/);
  });

  it('uses TMPDIR when $XDG_RUNTIME_DIR is unset, empty or relative', () => {
    for (const runtime of [undefined, '', 'relative/dir']) {
      expect(
        path.dirname(path.dirname(stateDirectory('/home/me/shop', { XDG_RUNTIME_DIR: runtime, TMPDIR: '/var/tmp' }))),
      ).toBe('/var/tmp');
    }
  });

  it('gives one directory per user and root', () => {
    const env = { TMPDIR: '/tmp' };
    expect(stateDirectory('/a/shop', env)).not.toBe(stateDirectory('/b/shop', env));
    expect(path.basename(path.dirname(stateDirectory('/a/shop', env)))).toMatch(/^cn-/);
  });
});
