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
