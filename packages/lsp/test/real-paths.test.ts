import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { realPathsSync } from '../src/byte-paths.js';

// A temporary directory may itself be reached through a symlink (macOS's /tmp): compare with realpath's answers.
const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'cn-real-paths-')));
const root = path.join(base, 'root');
const outside = path.join(base, 'outside');
afterAll(() => rmSync(base, { recursive: true, force: true }));

mkdirSync(path.join(root, 'src', 'deep'), { recursive: true });
mkdirSync(outside);
writeFileSync(path.join(root, 'src', 'a.ts'), '');
writeFileSync(path.join(root, 'src', 'deep', 'b.ts'), '');
writeFileSync(path.join(outside, 'secret.ts'), '');
writeFileSync(path.join(outside, 'other.ts'), '');
// A directory and a file that lead out of the root, a directory that leads back in, a link to nothing.
symlinkSync(outside, path.join(root, 'linked'));
symlinkSync(path.join(outside, 'secret.ts'), path.join(root, 'src', 'secret.ts'));
symlinkSync(path.join(root, 'src', 'deep'), path.join(root, 'alias'));
symlinkSync(path.join(root, 'nowhere.ts'), path.join(root, 'src', 'dangling.ts'));

describe('realPathsSync: the real path of each file, a directory at a time', () => {
  it('answers what realpath answers for each file, symlinked files and directories included', () => {
    const files = [
      path.join(root, 'src', 'a.ts'),
      path.join(root, 'src', 'deep', 'b.ts'),
      path.join(root, 'linked', 'secret.ts'),
      path.join(root, 'linked', 'other.ts'),
      path.join(root, 'src', 'secret.ts'),
      path.join(root, 'alias', 'b.ts'),
    ];
    expect(realPathsSync(files)).toEqual(files.map((file) => realpathSync.native(file)));
    expect(realPathsSync(files).slice(2, 5)).toEqual([
      path.join(outside, 'secret.ts'),
      path.join(outside, 'other.ts'),
      path.join(outside, 'secret.ts'),
    ]);
  });

  it('is undefined where realpath fails: a missing file or directory, a link to nothing, a file taken for a directory', () => {
    expect(
      realPathsSync([
        path.join(root, 'src', 'missing.ts'),
        path.join(root, 'gone', 'a.ts'),
        path.join(root, 'src', 'dangling.ts'),
        path.join(root, 'src', 'a.ts', 'x.ts'),
        path.join(root, 'src', 'a.ts'),
      ]),
    ).toEqual([undefined, undefined, undefined, undefined, path.join(root, 'src', 'a.ts')]);
  });
});
