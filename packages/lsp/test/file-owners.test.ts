import { describe, expect, it } from 'vitest';
import { fileOwners } from '../src/file-owners.js';
import type { ConfigContents } from '../src/project-layout.js';

const listing = (files: string[]): ConfigContents => ({ files, references: [] });

describe('fileOwners', () => {
  it('gives a file to the nearest config above it that lists it, whatever else lists it first', () => {
    const configs = new Map([
      ['/repo/tsconfig.json', listing(['/repo/packages/app/src/a.ts', '/repo/scripts/b.ts'])],
      ['/repo/packages/app/tsconfig.json', listing(['/repo/packages/app/src/a.ts'])],
      ['/repo/packages/app/src/tsconfig.json', listing([])],
    ]);
    expect(fileOwners('/repo', configs)).toEqual({
      '/repo/packages/app/src/a.ts': '/repo/packages/app/tsconfig.json',
      '/repo/scripts/b.ts': '/repo/tsconfig.json',
    });
  });

  it('gives a file no config above lists to the first config that lists it, and leaves out files outside the root', () => {
    const configs = new Map([
      ['/repo/docs/tsconfig.json', listing(['/repo/shared/c.ts', '/elsewhere/d.ts'])],
      ['/repo/tools/tsconfig.json', listing(['/repo/shared/c.ts'])],
    ]);
    expect(fileOwners('/repo', configs)).toEqual({ '/repo/shared/c.ts': '/repo/docs/tsconfig.json' });
  });
});
