import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveModule } from '../../scripts/agent-eval/lib/syntax.mjs';

// The agent eval's hand-written module resolver (the truth's second method, independent of
// ts.resolveModuleName) on a throw-away tree shaped like mikro-orm's: `paths` aliases with an exact
// subpath pattern beside a wildcard one, `.js` specifiers for `.ts` files, directories with index.ts.
const root = mkdtempSync(path.join(os.tmpdir(), 'cn-agent-eval-resolver-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const file = (relative: string) => {
  const absolute = path.join(root, relative);
  mkdirSync(path.dirname(absolute), { recursive: true });
  writeFileSync(absolute, 'export {};\n');
  return absolute;
};
const coreIndex = file('packages/core/src/index.ts');
const fsUtils = file('packages/core/src/utils/fs-utils.ts');
const sqlIndex = file('packages/sql/src/index.ts');
const raw = file('packages/sql/src/query/raw.ts');
const importer = file('packages/mysql/src/MySqlDriver.ts');
const project = {
  options: {
    pathsBasePath: root,
    paths: {
      '@mikro-orm/*': ['./packages/*/src'],
      '@mikro-orm/core/fs-utils': ['./packages/core/src/utils/fs-utils.ts'],
    },
  },
};

describe('agent-eval resolver', () => {
  it('follows tsconfig paths: an exact pattern before the wildcard, a directory to its index.ts', () => {
    expect(resolveModule(project, importer, '@mikro-orm/core/fs-utils')).toBe(fsUtils);
    expect(resolveModule(project, importer, '@mikro-orm/core')).toBe(coreIndex);
    expect(resolveModule(project, importer, '@mikro-orm/sql')).toBe(sqlIndex);
  });

  it('resolves relative specifiers written with .js to the .ts file, and leaves packages and misses alone', () => {
    expect(resolveModule(project, sqlIndex, './query/raw.js')).toBe(raw);
    expect(resolveModule(project, raw, '../index.js')).toBe(sqlIndex);
    expect(resolveModule(project, importer, 'kysely')).toBeUndefined();
    expect(resolveModule(project, importer, '@mikro-orm/nope')).toBeUndefined();
    // The first matching pattern decides, as in TypeScript: an exact pattern that misses does not fall
    // back to the wildcard, which would have found packages/sql/src/index.ts.
    const paths = { ...project.options.paths, '@mikro-orm/sql': ['./nowhere.ts'] };
    expect(resolveModule({ options: { ...project.options, paths } }, importer, '@mikro-orm/sql')).toBeUndefined();
  });
});
