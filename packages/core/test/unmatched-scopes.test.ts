import { describe, expect, it } from 'vitest';
import { MCP_VOICE, ProjectPaths, presentAnswer, unmatchedScopes, type FindResponse } from '../src/index.js';
import { FakeFiles, ROOT } from './fakes.js';
import { FakeSources } from './search-fakes.js';

/**
 * Issue 23, item 4: `--refs-not-in "**\/*.test.ts,**\/*.test.tsx"` filtered nothing and the answer did not say so. A
 * path or glob that matches no project file is named in the answer (`unmatched`), and printed as a warning line.
 */
const deps = () => {
  const files = new FakeFiles({ 'src/a.ts': '', 'src/a.test.ts': '', 'test/b.ts': '' });
  return { sources: new FakeSources(files), paths: new ProjectPaths(ROOT) };
};

const find: FindResponse = {
  query: 'f',
  definition: null,
  references: [],
  totalReferences: 0,
  candidates: [],
  unmatched: [{ field: 'refsNotIn', pattern: '**/*.test.tsx' }],
};

describe('paths and globs that match no project file', () => {
  it('are each piece of a list that keeps or drops nothing, by field', async () => {
    expect(
      await unmatchedScopes(deps(), {
        in: 'lib,src',
        refsNotIn: '**/*.test.ts,**/*.test.tsx',
        refsIn: 'test',
        paths: ['src/a.ts', 'docs'],
      }),
    ).toEqual([
      { field: 'in', pattern: 'lib' },
      { field: 'refsNotIn', pattern: '**/*.test.tsx' },
      { field: 'paths', pattern: 'docs' },
    ]);
    expect(await unmatchedScopes(deps(), { in: 'src' })).toEqual([]);
    expect(await unmatchedScopes(deps(), {})).toEqual([]);
  });

  it("print as a first line in text and compact, in the reader's words; never in ids", () => {
    expect(presentAnswer('find', find, 'compact').output.split('\n')[0]).toBe(
      "warning: --refs-not-in '**/*.test.tsx' matches no project file",
    );
    expect(presentAnswer('find', find, 'text', undefined, MCP_VOICE).output.split('\n')[0]).toBe(
      "warning: refsNotIn '**/*.test.tsx' matches no project file",
    );
    expect(presentAnswer('find', find, 'ids').output).toBe('');
  });
});
