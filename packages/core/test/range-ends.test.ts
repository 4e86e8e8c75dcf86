import { describe, expect, it } from 'vitest';
import { ProjectPaths } from '../src/index.js';
import { endPreview } from '../src/usecases/find-parts.js';
import { LocationRefBuilder } from '../src/usecases/location-refs.js';
import { FakeFiles, ROOT } from './fakes.js';

const FILE = [
  'class A {', // 1
  '  /**', // 2
  '   * Forks.', // 3
  '   */', // 4
  '  @Log()', // 5
  '  fork(): void {', // 6
  '    return;', // 7
  '  }', // 8
  '  /* not a doc comment */', // 9
  '  plain(): void {}', // 10
  '  /** One line. */', // 11
  '  short = 1;', // 12
  '  /* a block', // 13
  '   */', // 14
  '  after(): void {}', // 15
  '}', // 16
].join('\n');

function ends(line: number, endLine: number) {
  const builder = new LocationRefBuilder(new FakeFiles({ 'src/a.ts': FILE }), new ProjectPaths(ROOT));
  return endPreview(builder, `${ROOT}/src/a.ts`, line, endLine);
}

describe('endPreview: both ends of a definition, seen (agents ran sed around both)', () => {
  it('gives the last line and the doc comment above, decorators between skipped', async () => {
    expect(await ends(6, 8)).toEqual({ endPreview: '}', docLines: [2, 4] });
  });

  it('takes a one-line doc comment; a plain block comment is none', async () => {
    expect(await ends(12, 12)).toEqual({ docLines: [11, 11] });
    expect(await ends(10, 10)).toEqual({});
    expect(await ends(15, 15)).toEqual({});
  });
});
