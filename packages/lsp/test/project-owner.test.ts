import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConfigContents } from '../src/project-layout.js';
import { ProjectOwners } from '../src/project-owner.js';

const root = path.resolve('/repo');
const at = (relative: string) => path.join(root, relative);

function owners(configs: Record<string, Partial<ConfigContents>>): (file: string) => string | undefined {
  const read = new Map(
    Object.entries(configs).map(([config, contents]) => [
      at(config),
      {
        files: (contents.files ?? []).map(at),
        references: (contents.references ?? []).map(at),
        ...(contents.options ? { options: contents.options } : {}),
      },
    ]),
  );
  const rule = new ProjectOwners(read, root);
  return (file) => {
    const owner = rule.ownerOf(at(file));
    return owner && path.relative(root, owner);
  };
}

describe('the project the engine gives a file (tsserver and typescript-go alike)', () => {
  it('is the nearest config that lists it, not the covering root that lists it first', () => {
    const ownerOf = owners({
      'tsconfig.json': { files: ['pkg/src/a.ts', 'scripts/b.ts'] },
      'pkg/tsconfig.json': { files: ['pkg/src/a.ts'] },
    });
    expect(ownerOf('pkg/src/a.ts')).toBe('pkg/tsconfig.json');
    expect(ownerOf('scripts/b.ts')).toBe('tsconfig.json');
  });

  it('is an ancestor that lists it when the nearest does not', () => {
    const ownerOf = owners({
      'tsconfig.json': { files: ['pkg/test/a.test.ts'] },
      'pkg/tsconfig.json': { files: ['pkg/src/a.ts'] },
    });
    expect(ownerOf('pkg/test/a.test.ts')).toBe('tsconfig.json');
  });

  it("is one of the nearest config's references, breadth first, before any ancestor", () => {
    const ownerOf = owners({
      'tsconfig.json': { files: ['app/src/a.ts'] },
      'app/tsconfig.json': { references: ['app/tsconfig.lib.json', 'app/tsconfig.test.json'] },
      'app/tsconfig.lib.json': { files: ['app/src/a.ts'], references: ['app/tsconfig.deep.json'] },
      'app/tsconfig.test.json': { files: ['app/src/a.test.ts'] },
      'app/tsconfig.deep.json': { files: ['app/src/a.test.ts'] },
    });
    expect(ownerOf('app/src/a.ts')).toBe('app/tsconfig.lib.json');
    expect(ownerOf('app/src/a.test.ts')).toBe('app/tsconfig.test.json');
  });

  it('stops at a config with disableSolutionSearching', () => {
    const ownerOf = owners({
      'tsconfig.json': { files: ['pkg/x.ts'] },
      'pkg/tsconfig.json': { files: [], options: { disableSolutionSearching: true } },
    });
    expect(ownerOf('pkg/x.ts')).toBeUndefined();
  });

  it('prefers tsconfig.json to jsconfig.json in one directory, and takes a jsconfig.json alone', () => {
    const ownerOf = owners({
      'tsconfig.json': { files: ['a.js', 'web/b.js'] },
      'jsconfig.json': { files: ['a.js'] },
      'web/jsconfig.json': { files: ['web/b.js'] },
    });
    expect(ownerOf('a.js')).toBe('tsconfig.json');
    expect(ownerOf('web/b.js')).toBe('web/jsconfig.json');
  });

  it('gives no project to a file no config on its way up lists', () => {
    const ownerOf = owners({
      'tsconfig.json': { files: ['src/a.ts'] },
      'other/tsconfig.json': { files: ['loose/c.ts'] },
    });
    expect(ownerOf('loose/c.ts')).toBeUndefined();
    expect(ownerOf('src/a.ts')).toBe('tsconfig.json');
  });

  it('searches past a config it could not read (it lists nothing), and never above the root', () => {
    const ownerOf = owners({ 'tsconfig.json': { files: ['pkg/a.ts'] } });
    // pkg/tsconfig.json exists on disk but was broken: it is not among the configs read.
    expect(ownerOf('pkg/a.ts')).toBe('tsconfig.json');
  });
});
