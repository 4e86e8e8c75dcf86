import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, json } from '../../helpers/cn.js';

// examples/shop's tsconfig.json with the comma after "strict": true missing.
const BROKEN = `{
  "compilerOptions": {
    "target": "ES2022",
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "strict": true
    "noEmit": true
  },
  "include": ["src"]
}
`;

/** A tsconfig that tsc cannot read is reported (status, diagnostics, stderr), not silently skipped. */
describe('broken tsconfig', () => {
  let root: string;
  afterEach(() => cleanUp(root));

  it('is reported once on stderr, in cn status and as a diagnostic of the config file', async () => {
    root = copyProject('examples/shop');
    writeFileSync(path.join(root, 'tsconfig.json'), BROKEN);

    const first = await cn(['find', 'User', '--root', root]);
    expect(first.exitCode).toBe(0);
    expect(json(first).definition).toMatchObject({ name: 'User' });
    expect(first.stderr).toBe(
      "cn: warning: tsconfig.json:7:5: ',' expected. (TS1005) - the project of a config tsc cannot read is not loaded: its files are answered as loose files (cn status lists config errors)\n",
    );
    expect((await cn(['map', 'src/domain/user.ts', '--root', root])).stderr).toBe('');

    const status = json(await cn(['status', '--root', root]));
    expect(status.state).toBe('ready');
    expect(status.configErrors).toEqual([
      { file: 'tsconfig.json', line: 7, character: 5, code: 'TS1005', message: "',' expected." },
    ]);
    expect(status.lastError).toBe("tsconfig.json:7:5: ',' expected. (TS1005)");

    const diagnostics = json(await cn(['diagnostics', '--root', root]));
    expect(diagnostics.diagnostics).toContainEqual({
      id: 'tsconfig.json::7::5',
      filePath: 'tsconfig.json',
      line: 7,
      character: 5,
      severity: 'error',
      code: 'TS1005',
      message: "',' expected.",
    });
  });

  it('once the config is fixed, the next answer loads its project and the error is gone', async () => {
    root = copyProject('examples/shop');
    const config = path.join(root, 'tsconfig.json');
    const good = readFileSync(config, 'utf8');
    writeFileSync(config, BROKEN);
    await cn(['find', 'User', '--root', root]);
    expect(json(await cn(['status', '--root', root])).projects).toEqual([]);
    writeFileSync(config, good);
    const result = await cn(['find', 'User', '--root', root]);
    expect(result.stderr).toBe('');
    const status = json(await cn(['status', '--root', root]));
    expect(status.projects).toEqual(['tsconfig.json']);
    expect(status.configErrors).toBeUndefined();
    expect(
      json(await cn(['diagnostics', '--root', root])).diagnostics.filter(
        (entry: { filePath: string }) => entry.filePath === 'tsconfig.json',
      ),
    ).toEqual([]);
  });

  it('comments and trailing commas, which tsc accepts, are no error', async () => {
    root = copyProject('examples/shop');
    writeFileSync(
      path.join(root, 'tsconfig.json'),
      '{\n  // the shop\n  "compilerOptions": { "strict": true, "noEmit": true, "module": "NodeNext", },\n  /* sources */ "include": ["src",],\n}\n',
    );
    const result = await cn(['find', 'User', '--root', root]);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    const status = json(await cn(['status', '--root', root]));
    expect(status.configErrors).toBeUndefined();
    expect(status.projects).toEqual(['tsconfig.json']);
  });
});

/**
 * A config whose `extends` leads to /dev/zero or /dev/urandom drove the daemon (auto's choice) to 15.6 GB in 40 s, or
 * hung it; a cycle left the native engine "loading projects 0/1" for good. cn reads configs with a regular-file check
 * and a 1 MB cap and keeps such a config from the engine: the rest loads, questions about its files exit 3.
 */
describe('a config cn keeps from the engine', () => {
  let root: string;
  afterEach(() => cleanUp(root));

  it.each([
    ['extends /dev/zero', { 'tsconfig.json': '{ "extends": "/dev/zero", "include": ["src"] }' }, 'TS5083'],
    ['extends /dev/urandom', { 'tsconfig.json': '{ "extends": "/dev/urandom", "include": ["src"] }' }, 'TS5083'],
    [
      'a circular extends',
      {
        'tsconfig.json': '{ "extends": "./base.json", "include": ["src"] }',
        'base.json': '{ "extends": "./tsconfig.json" }',
      },
      'TS18000',
    ],
  ])('%s: status says why, its files exit 3 at once, the engine stays small', async (_what, files, code) => {
    root = copyProject('examples/shop');
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
    // auto reads every config to choose the engine: the path that blew up first.
    for (const engine of [undefined, 'auto']) {
      const env = engine ? { CN_ENGINE: engine } : undefined;
      const answer = await cn(['map', 'src/domain/user.ts', '--root', root], { env, timeoutMs: 60_000 });
      expect(answer.exitCode).toBe(3);
      expect(answer.stderr).toMatch(
        /^cn: src\/domain\/user\.ts belongs to tsconfig\.json, which cn does not load: .* \(fix the config/m,
      );
      const status = json(await cn(['status', '--root', root], { env }));
      expect(status.state).toBe('ready');
      expect(status.configErrors).toEqual([
        expect.objectContaining({ file: 'tsconfig.json', code, keptFromEngine: true }),
      ]);
      expect(status.treeRssBytes).toBeLessThan(1024 * 1024 * 1024);
      await cn(['stop', '--root', root]);
    }
  });
});
