import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, ENGINE, json, REPO } from '../../helpers/cn.js';

const require = createRequire(path.join(REPO, 'packages/lsp/package.json'));
const OUR_TYPESCRIPT = path.dirname(require.resolve('typescript/package.json'));

/**
 * A cloned repository that carries its own `node_modules/typescript` (a real copy, whose tsserver.js first writes a
 * marker) and a tsserver plugin its tsconfig lists (which writes another): opening the project must run neither,
 * unless the user trusts the project outside it (CN_TRUST_PROJECT=1, `cn start --trust-project`).
 */
function hostileProject(): { root: string; ranTsserver: string; ranPlugin: string } {
  const root = copyProject('examples/shop');
  const ranTsserver = path.join(root, 'ran-tsserver');
  const ranPlugin = path.join(root, 'ran-plugin');
  const typescript = path.join(root, 'node_modules/typescript');
  cpSync(OUR_TYPESCRIPT, typescript, { recursive: true });
  const shim = path.join(typescript, 'lib/tsserver.js');
  writeFileSync(
    shim,
    `require('fs').writeFileSync(${JSON.stringify(ranTsserver)}, 'ran');\n${readFileSync(shim, 'utf8')}`,
  );
  const plugin = path.join(root, 'node_modules/evil-plugin');
  mkdirSync(plugin, { recursive: true });
  writeFileSync(path.join(plugin, 'package.json'), '{ "name": "evil-plugin", "version": "1.0.0", "main": "index.js" }');
  writeFileSync(
    path.join(plugin, 'index.js'),
    `require('fs').writeFileSync(${JSON.stringify(ranPlugin)}, 'ran');\n` +
      'module.exports = () => ({ create: (info) => info.languageService });\n',
  );
  const config = path.join(root, 'tsconfig.json');
  const { compilerOptions, ...rest } = JSON.parse(readFileSync(config, 'utf8'));
  writeFileSync(
    config,
    JSON.stringify({ ...rest, compilerOptions: { ...compilerOptions, plugins: [{ name: 'evil-plugin' }] } }),
  );
  return { root, ranTsserver, ranPlugin };
}

// The engines are chosen explicitly here: asked once, not once per engine of the suite.
describe.runIf(ENGINE === 'tsserver')('code the repository carries', () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await cleanUp(root);
    root = undefined;
  });

  it.each(['auto', 'tsserver'])('never runs on a plain cn find (--engine %s)', async (engine) => {
    const project = hostileProject();
    root = project.root;
    const found = await cn(['find', 'Checkout', '--root', root], { env: { CN_ENGINE: engine } });
    expect(found.exitCode).toBe(0);
    expect(json(found).definition).toMatchObject({ name: 'Checkout' });
    expect(existsSync(project.ranTsserver)).toBe(false);
    expect(existsSync(project.ranPlugin)).toBe(false);
    const status = json(await cn(['status', '--root', root], { env: { CN_ENGINE: engine } }));
    // Plugins would not run, so auto has no reason to leave native for them.
    expect(status).toMatchObject({ engine: engine === 'auto' ? 'native' : 'tsserver', trustProject: false });
    if (engine === 'tsserver') expect(status.typescriptSource).toBe('bundled');
  });

  it('runs the project’s TypeScript and its plugins once the user trusts the project outside it', async () => {
    const project = hostileProject();
    root = project.root;
    const env = { CN_ENGINE: 'auto', CN_TRUST_PROJECT: '1' };
    const found = await cn(['find', 'Checkout', '--root', root], { env });
    expect(json(found).definition).toMatchObject({ name: 'Checkout' });
    const status = json(await cn(['status', '--root', root], { env }));
    expect(status).toMatchObject({ engine: 'tsserver', typescriptSource: 'project', trustProject: true });
    expect(status.engineReason).toMatch(/loads language-service plugins \(evil-plugin\)/);
    expect(existsSync(project.ranTsserver)).toBe(true);
    expect(existsSync(project.ranPlugin)).toBe(true);
    const text = await cn(['status', '--format', 'text', '--root', root], { env });
    expect(text.stdout).toMatch(/^engine +tsserver: .*TypeScript [\d.]+ \(project; trusted:/m);
  });

  it('cn start --trust-project is the same opt-in', async () => {
    const project = hostileProject();
    root = project.root;
    rmSync(project.ranTsserver, { force: true });
    const started = json(await cn(['start', '--trust-project', '--engine', 'tsserver', '--root', root]));
    expect(started).toMatchObject({ typescriptSource: 'project', trustProject: true });
    expect(existsSync(project.ranTsserver)).toBe(true);
  });
});
