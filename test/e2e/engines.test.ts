import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINE, REPO, cleanUp, cn, copyProject, json, readPortFile } from '../helpers/cn.js';

const OTHER = ENGINE === 'native' ? 'tsserver' : 'native';

describe('choosing the engine', () => {
  let root: string;
  afterEach(() => cleanUp(root));

  it('answers with the engine asked for, names it in status, and refuses a question for the other one', async () => {
    root = copyProject('examples/shop');
    const started = json(await cn(['start', '--engine', ENGINE, '--root', root]));
    expect(started).toMatchObject({ engine: ENGINE, engineMode: ENGINE, state: 'ready' });
    expect(readPortFile(root)).toMatchObject({ engine: ENGINE });
    const text = await cn(['status', '--format', 'text', '--root', root]);
    expect(text.stdout).toMatch(new RegExp(`^engine +${ENGINE}: `, 'm'));

    const refused = await cn(['find', 'User', '--root', root], { env: { CN_ENGINE: OTHER } });
    expect(refused.exitCode).toBe(3);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(
      `cn: the daemon for ${root} runs the ${ENGINE} engine, not ${OTHER} (cn stop --root ${root}, then ask again to start a ${OTHER} daemon; or unset CN_ENGINE to use the running one)\n`,
    );
    const again = await cn(['start', '--engine', OTHER, '--root', root]);
    expect(again.exitCode).toBe(3);
    // auto takes whichever engine runs.
    const auto = await cn(['find', 'User', '--root', root], { env: { CN_ENGINE: 'auto' } });
    expect(json(auto).definition).toMatchObject({ name: 'User' });
  });

  it('refuses an unknown engine in one line, exit 2', async () => {
    root = copyProject('examples/shop');
    const result = await cn(['find', 'User', '--root', root], { env: { CN_ENGINE: 'turbo' } });
    expect(result).toMatchObject({ exitCode: 2, stdout: '' });
    expect(result.stderr).toBe("cn: CN_ENGINE must be auto, native or tsserver, not 'turbo' (unset it for auto)\n");
    const flag = await cn(['start', '--engine', 'turbo', '--root', root]);
    expect(flag.exitCode).toBe(2);
    expect(flag.stderr).toMatch(/^cn: --engine must be auto, native or tsserver, not 'turbo'/);
  });

  // Engine selection itself: the same in both runs of the suite, so asked once.
  it.runIf(ENGINE === 'native')(
    'auto: a config that needs tsserver but holds few of the files leaves native, and status lists what it loses',
    async () => {
      root = copyProject('examples/shop');
      for (let n = 0; n < 20; n++)
        writeFileSync(path.join(root, `src/extra${n}.ts`), `export const extra${n} = ${n};\n`);
      // A directory of UI tests resolving a bare import through baseUrl, as vitest's test/ui did (issue 24).
      mkdirSync(path.join(root, 'ui'));
      writeFileSync(path.join(root, 'ui/tsconfig.json'), '{ "compilerOptions": { "baseUrl": "." } }\n');
      writeFileSync(path.join(root, 'ui/helpers.ts'), 'export const helper = 1;\n');
      writeFileSync(
        path.join(root, 'ui/view.test.ts'),
        "import { helper } from 'helpers';\nexport const view = helper;\n",
      );
      const env = { CN_ENGINE: 'auto' };
      const started = json(await cn(['start', '--root', root], { env }));
      expect(started).toMatchObject({
        engine: 'native',
        engineMode: 'auto',
        engineReason:
          'the configs that need tsserver hold 2 of 28 source files, under a tenth (ui/tsconfig.json: baseUrl): ' +
          'native answers them without it',
        notHonoured: [{ config: 'ui/tsconfig.json', option: 'baseUrl', files: 2 }],
      });
      const text = await cn(['status', '--format', 'text', '--root', root], { env });
      expect(text.stdout).toMatch(/^unhonoured {2}ui\/tsconfig\.json: baseUrl \(2 files\), answered by native$/m);
      // The rest of the project is answered as before.
      expect(json(await cn(['find', 'User', '--root', root], { env })).definition).toMatchObject({ name: 'User' });
    },
  );

  it.runIf(ENGINE === 'native')(
    'auto: native for a plain project, tsserver with the reason for a plugin that runs',
    async () => {
      root = copyProject('examples/shop');
      const plain = json(await cn(['start', '--root', root], { env: { CN_ENGINE: 'auto' } }));
      expect(plain).toMatchObject({
        engine: 'native',
        engineMode: 'auto',
        engineReason: 'no tsconfig/jsconfig needs tsserver',
      });
      await cleanUp(root);

      root = copyProject('examples/shop');
      const config = path.join(root, 'tsconfig.json');
      const { compilerOptions, ...rest } = JSON.parse(readFileSync(config, 'utf8'));
      writeFileSync(
        config,
        JSON.stringify({ ...rest, compilerOptions: { ...compilerOptions, plugins: [{ name: 'ts-plugin-x' }] } }),
      );
      // Plugins run only with the project's own TypeScript, trusted (test/e2e/reliability/repository-code.test.ts).
      mkdirSync(path.join(root, 'node_modules/typescript/lib'), { recursive: true });
      const ours = path.dirname(createRequire(path.join(REPO, 'packages/lsp/package.json')).resolve('typescript'));
      writeFileSync(
        path.join(root, 'node_modules/typescript/lib/tsserver.js'),
        `require(${JSON.stringify(path.join(ours, 'tsserver.js'))});\n`,
      );
      const env = { CN_ENGINE: 'auto', CN_TRUST_PROJECT: '1' };
      const withPlugin = json(await cn(['start', '--root', root], { env }));
      expect(withPlugin).toMatchObject({ engine: 'tsserver', engineMode: 'auto', trustProject: true });
      expect(withPlugin.engineReason).toBe(
        'tsconfig.json loads language-service plugins (ts-plugin-x), which only tsserver runs',
      );
      const text = await cn(['status', '--format', 'text', '--root', root], { env });
      expect(text.stdout).toMatch(/^engine +tsserver: .*\(auto: tsconfig\.json loads language-service plugins/m);
    },
  );
});
