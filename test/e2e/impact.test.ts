import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, json } from '../helpers/cn.js';

const COMPOSE = 'src/util/compose.ts::1::17';
const HANDLE = 'src/app.ts::3::17';

/** test/fixtures/impact: compose re-exported by a barrel, called by handle ← serve ← server.ts, handle by a test. */
describe('cn impact', () => {
  let root: string;
  beforeAll(() => {
    root = copyProject('test/fixtures/impact');
  });
  afterAll(() => cleanUp(root));

  it('lists the files that call or import the symbol, through the barrel, its own file left out', async () => {
    const answer = json(await cn(['impact', 'compose', '--root', root]));
    expect(answer).toMatchObject({ root: COMPOSE, depth: 1, tests: [], complete: true });
    expect(answer.files).toEqual([
      { filePath: 'src/app.ts', depth: 1, reasons: ['calls', 'imports'] },
      { filePath: 'src/types.ts', depth: 1, reasons: ['imports', 'references'] },
      { filePath: 'src/util/index.ts', depth: 1, reasons: ['imports'] },
    ]);
    expect(answer.edges).toEqual([{ from: HANDLE, to: COMPOSE, kind: 'calls', callSites: ['src/app.ts::4::10'] }]);
  });

  it('follows callers of callers to the depth and flags the test files; every format', async () => {
    const compact = await cn(['impact', 'compose', '--depth', '3', '--format', 'compact', '--root', root]);
    expect(compact.exitCode).toBe(0);
    expect(compact.stdout.trimEnd().split('\n')).toEqual([
      'src/app.ts 1 calls,imports',
      'src/types.ts 1 imports,references',
      'src/util/index.ts 1 imports',
      'test/app.test.ts 2 calls,imports',
      'src/server.ts 3 calls,imports',
      'tests: test/app.test.ts',
      // The changed symbol's id once, not on each of its callers' edges; deeper edges name both ends.
      `caller edges (compose: ${COMPOSE})`,
      `handle [${HANDLE}] → compose @ 4:10`,
      `serve [src/app.ts::7::17] → handle [${HANDLE}] @ 8:10`,
      // `export const started = serve()`: the const is the caller (impact walks on from it), as cn grep names it.
      'started [src/server.ts::3::14] → serve [src/app.ts::7::17] @ 3:24',
      `checked [test/app.test.ts::3::14] → handle [${HANDLE}] @ 3:24`,
      // The barrel followed, with its statement.
      "re-exported by 1 (followed): src/util/index.ts:1 export { compose } from './compose'",
      // What a word search would add: the name in strings, none of it a use; no other call or import of it.
      'rg -w compose would also hit 3: 3 strings',
      'bare calls compose(…) of other symbols: none',
      'no import or export-from names compose but its own, in the files above',
    ]);
    const ids = await cn(['impact', 'compose', '--depth', '2', '--format', 'ids', '--root', root]);
    expect(ids.stdout.trimEnd().split('\n')).toEqual([
      'src/app.ts',
      'src/types.ts',
      'src/util/index.ts',
      'test/app.test.ts',
    ]);
    const tree = await cn(['impact', 'compose', '--depth', '2', '--format', 'tree', '--root', root]);
    expect(tree.stdout.trimEnd().split('\n')).toEqual([
      `compose (Function) [${COMPOSE}]`,
      `└─[called by]→ handle (Function) [${HANDLE}] @ 4:10`,
      '   ├─[called by]→ serve (Function) [src/app.ts::7::17] @ 8:10',
      '   └─[called by]→ checked (Constant) [test/app.test.ts::3::14] @ 3:24',
      "re-exported by 1 (followed): src/util/index.ts:1 export { compose } from './compose'",
      'rg -w compose would also hit 3: 3 strings',
      'bare calls compose(…) of other symbols: none',
      'no import or export-from names compose but its own, in the files above',
    ]);
    const text = await cn(['impact', 'compose', '--format', 'text', '--limit', '1', '--root', root]);
    expect(text.stdout).toContain('3 files affected to depth 1, 0 tests\n  src/app.ts  calls imports\n');
    expect(text.stdout).toContain('… 2 more files (raise --limit or --max-tokens)');
    const small = await cn([
      'impact',
      'compose',
      '--depth',
      '3',
      '--max-tokens',
      '40',
      '--format',
      'compact',
      '--root',
      root,
    ]);
    expect(small.stdout).toMatch(/budget: (cut from the end|only totals kept) to fit ~40 tokens/);
  });

  it('a file target is its declarations; bad input is exit 2 with one line', async () => {
    const file = json(await cn(['impact', 'src/util/compose.ts', '--root', root]));
    expect(file.roots).toEqual([COMPOSE, 'src/util/compose.ts::5::17']);
    const neither = await cn(['impact', '--root', root]);
    expect(neither.exitCode).toBe(2);
    expect(neither.stderr).toMatch(/^cn: give one of a target and --since <ref>/);
    const nothing = await cn(['impact', 'NoSuchThing', '--root', root]);
    expect(nothing.exitCode).toBe(1);
  });

  it('--since: outside a git work tree is exit 2 with one clear line', async () => {
    const answer = await cn(['impact', '--since', 'HEAD', '--root', root]);
    expect(answer.exitCode).toBe(2);
    expect(answer.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^cn: .* is not in a git work tree \(--since needs git/),
    ]);
  });
});

/** test/fixtures/impact's src/app.ts with serve's body changed (line 8). */
const SERVE_CHANGED = [
  "import { compose } from './util';",
  '',
  'export function handle(path: string): string {',
  "  return compose('/', path);",
  '}',
  '',
  'export function serve(): string {',
  "  return handle('home');",
  '}',
  '',
].join('\n');

describe('cn impact --since', () => {
  let root: string;
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: root, stdio: 'pipe' });
  beforeAll(() => {
    root = copyProject('test/fixtures/impact');
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'fixture');
  });
  afterAll(() => cleanUp(root));

  it('answers for the declarations the working tree changed, with an unknown or hostile ref refused', async () => {
    const none = json(await cn(['impact', '--since', 'HEAD', '--root', root]));
    expect(none).toMatchObject({ root: 'HEAD', files: [], nodes: [] });
    writeFileSync(path.join(root, 'src/app.ts'), SERVE_CHANGED);
    const changed = json(await cn(['impact', '--since', 'HEAD', '--root', root]));
    expect(changed.root).toBe('src/app.ts::7::17');
    expect(changed.files).toEqual([{ filePath: 'src/server.ts', depth: 1, reasons: ['calls', 'imports'] }]);
    const unknown = await cn(['impact', '--since', 'no-such-branch', '--root', root]);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/^cn: unknown git ref 'no-such-branch'/);
    const hostile = await cn(['impact', '--since=--output=/tmp/x', '--root', root]);
    expect(hostile.exitCode).toBe(2);
    expect(hostile.stderr).toMatch(/is not a git ref/);
  });

  it('runs no clean filter (or hook) the repository configures, and still answers', async () => {
    const marker = path.join(root, '.git/ran-filter');
    const filter = path.join(root, '.git/filter.sh');
    writeFileSync(filter, `#!/bin/sh\ntouch ${marker}\ncat\n`, { mode: 0o755 });
    git('config', 'filter.evil.clean', filter);
    git('config', 'filter.evil.process', filter);
    writeFileSync(path.join(root, '.git/info/attributes'), '*.ts filter=evil\n');
    // A file whose stat changed, which git would read again through the filter.
    const server = path.join(root, 'src/server.ts');
    writeFileSync(server, readFileSync(server));
    writeFileSync(path.join(root, 'src/app.ts'), SERVE_CHANGED);
    const changed = json(await cn(['impact', '--since', 'HEAD', '--root', root]));
    expect(changed.root).toBe('src/app.ts::7::17');
    expect(existsSync(marker)).toBe(false);
  });
});
