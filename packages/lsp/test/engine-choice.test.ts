import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseEngine, tsserverNeeds } from '../src/engine-choice.js';
import { stripJsonComments } from '../src/jsonc.js';
import { locateNative } from '../src/native-installation.js';
import { locateTsserver } from '../src/tsserver-adapter.js';

describe('auto: native unless the project needs tsserver', () => {
  let root: string;
  const project = (files: Record<string, string>) => {
    root = mkdtempSync(path.join(os.tmpdir(), 'cn-choice-'));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), text);
    }
    return root;
  };
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('chooses native for a plain project, and says why', () => {
    const choice = chooseEngine(project({ 'tsconfig.json': '{ "compilerOptions": { "strict": true } }' }), 'auto');
    expect(choice.adapter.versions.engine).toBe('native');
    expect(choice.reason).toBe('no tsconfig/jsconfig needs tsserver');
  });

  it('falls back to tsserver for language-service plugins only where they run: the project trusted, its TypeScript', () => {
    const root = project({
      'tsconfig.json': '{ "extends": "./base.json" }',
      // Comments and trailing commas, as tsconfig files have them.
      'base.json': '{ /* shared */ "compilerOptions": { "plugins": [{ "name": "@vue/typescript-plugin" },], } }',
    });
    // cn's own TypeScript loads plugins from beside itself only: listed plugins would not run.
    expect(chooseEngine(root, 'auto').adapter.versions.engine).toBe('native');
    expect(chooseEngine(root, 'auto', true).adapter.versions.engine).toBe('native');
    mkdirSync(path.join(root, 'node_modules/typescript/lib'), { recursive: true });
    writeFileSync(path.join(root, 'node_modules/typescript/lib/tsserver.js'), '');
    expect(chooseEngine(root, 'auto').adapter.versions.engine).toBe('native');
    const trusted = chooseEngine(root, 'auto', true);
    expect(trusted).toMatchObject({ trustProject: true });
    expect(trusted.adapter.versions).toMatchObject({ engine: 'tsserver', typescriptSource: 'project' });
    expect(trusted.reason).toMatch(/^tsconfig\.json loads language-service plugins \(@vue\/typescript-plugin\)/);
  });

  it('hands on the tree it walked, each directory stamped, for the first session to start from', () => {
    const root = project({ 'tsconfig.json': '{}', 'src/a.ts': 'export const a = 1;\n' });
    for (const mode of ['auto', 'native'] as const) {
      const { tree } = chooseEngine(root, mode);
      expect(tree?.sources).toEqual([path.join(root, 'src/a.ts')]);
      expect(tree?.configs).toEqual([path.join(root, 'tsconfig.json')]);
      expect([...(tree?.stamps?.keys() ?? [])]).toEqual([root, path.join(root, 'src')]);
      expect([...(tree?.stamps?.values() ?? [])].every((stamp) => typeof stamp === 'string')).toBe(true);
    }
    // tsserver asked for outright walks nothing to choose: its session walks.
    expect(chooseEngine(root, 'tsserver').tree).toBeUndefined();
  });

  it('runs cn’s own tsserver, never the project’s, unless the project is trusted', () => {
    const root = project({ 'node_modules/typescript/lib/tsserver.js': '', 'tsconfig.json': '{}' });
    const own = chooseEngine(root, 'tsserver');
    expect(own.adapter.versions.typescriptSource).toBe('bundled');
    expect(locateTsserver(root).tsserverPath.startsWith(root)).toBe(false);
    expect(locateTsserver(root, true).tsserverPath).toBe(path.join(root, 'node_modules/typescript/lib/tsserver.js'));
  });

  it('falls back for baseUrl without paths, and for paths resolved from a baseUrl elsewhere', () => {
    expect(tsserverNeeds(project({ 'tsconfig.json': '{ "compilerOptions": { "baseUrl": "." } }' }))).toMatch(
      /baseUrl, which TypeScript 7 removed/,
    );
    rmSync(root, { recursive: true, force: true });
    const elsewhere = '{ "compilerOptions": { "baseUrl": "./src", "paths": { "@/*": ["app/*"] } } }';
    expect(tsserverNeeds(project({ 'tsconfig.json': elsewhere }))).toMatch(/baseUrl/);
  });

  it('keeps native for a baseUrl at the config with paths beside it (rxjs), and for removed targets', () => {
    const rxjsLike =
      '{ "compilerOptions": { "baseUrl": "./", "paths": { "rxjs": ["./src/index"] }, "target": "es5" } }';
    expect(tsserverNeeds(project({ 'tsconfig.json': rxjsLike }))).toBeUndefined();
  });

  it('falls back for classic module resolution, said or implied by an AMD module', () => {
    expect(tsserverNeeds(project({ 'jsconfig.json': '{ "compilerOptions": { "module": "amd" } }' }))).toMatch(
      /^jsconfig\.json uses classic module resolution/,
    );
  });

  /** `count` files `export const n = 1;` under `directory`. */
  const sources = (directory: string, count: number) =>
    Object.fromEntries(
      Array.from({ length: count }, (_, n) => [`${directory}/file${n}.ts`, `export const n${n} = 1;`]),
    );
  const BASE_URL = '{ "compilerOptions": { "baseUrl": "." } }';
  const PLAIN = '{ "compilerOptions": { "strict": true } }';

  it('keeps native when the configs that need tsserver hold under a tenth of the source files (vitest test/ui)', () => {
    const choice = chooseEngine(
      project({
        'packages/core/tsconfig.json': PLAIN,
        ...sources('packages/core/src', 40),
        'test/ui/tsconfig.json': BASE_URL,
        ...sources('test/ui', 3),
      }),
      'auto',
    );
    expect(choice.adapter.versions.engine).toBe('native');
    expect(choice.reason).toBe(
      'the configs that need tsserver hold 3 of 43 source files, under a tenth (test/ui/tsconfig.json: baseUrl): ' +
        'native answers them without it',
    );
    expect(choice.needs).toEqual([
      {
        config: 'test/ui/tsconfig.json',
        option: 'baseUrl',
        reason: 'test/ui/tsconfig.json resolves imports through baseUrl, which TypeScript 7 removed',
        files: 3,
        sample: false,
      },
    ]);
  });

  it('takes tsserver when they hold a tenth or more, naming the config that holds most and the share', () => {
    const choice = chooseEngine(
      project({
        'packages/core/tsconfig.json': PLAIN,
        ...sources('packages/core/src', 30),
        'packages/tool/tsconfig.json': BASE_URL,
        ...sources('packages/tool/src', 4),
        'packages/legacy/jsconfig.json': '{ "compilerOptions": { "module": "amd" } }',
        ...sources('packages/legacy', 1),
      }),
      'auto',
    );
    expect(choice.adapter.versions.engine).toBe('tsserver');
    expect(choice.reason).toBe(
      'packages/tool/tsconfig.json resolves imports through baseUrl, which TypeScript 7 removed ' +
        '(the configs that need tsserver hold 5 of 35 source files)',
    );
  });

  it('says only why when the configs that need tsserver hold every file', () => {
    const choice = chooseEngine(project({ 'tsconfig.json': BASE_URL, ...sources('src', 2) }), 'auto');
    expect(choice.adapter.versions.engine).toBe('tsserver');
    expect(choice.reason).toBe('tsconfig.json resolves imports through baseUrl, which TypeScript 7 removed');
  });

  it('lets no config under a fixtures or examples directory decide, however many files it holds', () => {
    const choice = chooseEngine(
      project({
        'tsconfig.json': PLAIN,
        ...sources('src', 2),
        'test/fixtures/legacy/tsconfig.json': BASE_URL,
        ...sources('test/fixtures/legacy', 20),
        'examples/amd/jsconfig.json': '{ "compilerOptions": { "module": "amd" } }',
        ...sources('examples/amd', 20),
      }),
      'auto',
    );
    expect(choice.adapter.versions.engine).toBe('native');
    expect(choice.reason).toBe(
      'only configs under fixtures or examples directories need tsserver (examples/amd/jsconfig.json: classic module ' +
        'resolution, test/fixtures/legacy/tsconfig.json: baseUrl): native answers them without it',
    );
    expect(choice.needs?.map((need) => [need.config, need.files, need.sample])).toEqual([
      ['examples/amd/jsconfig.json', 20, true],
      ['test/fixtures/legacy/tsconfig.json', 20, true],
    ]);
  });

  it('weighs a solution config that lists no files at nothing: its files belong to the configs it references', () => {
    const choice = chooseEngine(
      project({
        'tsconfig.json': '{ "compilerOptions": { "baseUrl": "." }, "files": [], "references": [{ "path": "./app" }] }',
        'app/tsconfig.json': PLAIN,
        ...sources('app/src', 10),
        ...sources('scripts', 1),
      }),
      'auto',
    );
    expect(choice.adapter.versions.engine).toBe('native');
    expect(choice.needs?.map((need) => [need.config, need.files])).toEqual([['tsconfig.json', 0]]);
  });

  it('an explicit engine is taken as asked, with no reason', () => {
    const choice = chooseEngine(
      project({ 'tsconfig.json': '{ "compilerOptions": { "plugins": [{}] } }' }),
      'native',
      true,
    );
    expect(choice).toMatchObject({ mode: 'native' });
    expect(choice.adapter.versions.engine).toBe('native');
    expect(choice.reason).toBeUndefined();
    // What native answers without, for cn status (plugins would run: a trusted project with its own TypeScript).
    expect(choice.needs).toEqual([]);
    expect(chooseEngine(project({ 'tsconfig.json': BASE_URL }), 'native').needs).toMatchObject([
      { config: 'tsconfig.json', option: 'baseUrl', files: 0 },
    ]);
  });
});

describe('tsconfig JSON', () => {
  it('drops comments and trailing commas, never inside strings', () => {
    const text = '{ "a": "// not a comment", /* gone */ "b": [1, 2,], // gone\n "c": "x,}" }';
    expect(JSON.parse(stripJsonComments(text))).toEqual({ a: '// not a comment', b: [1, 2], c: 'x,}' });
  });
});

describe('the native binary', () => {
  it('is the platform package’s own executable, resolved from typescript@7', () => {
    const native = locateNative();
    expect(native.binary).toMatch(/@typescript[\\/]typescript-[a-z0-9]+-[a-z0-9]+[\\/]lib[\\/]tsc(\.exe)?$/);
    expect(native.typescriptVersion).toMatch(/^7\.0\./);
  });

  it('missing for a platform: one clear error naming the package and what to do', () => {
    expect(() => locateNative('aix', 'ppc64')).toThrow(
      expect.objectContaining({
        kind: 'unavailable',
        message: 'the native engine has no binary for aix-ppc64 (@typescript/typescript-aix-ppc64 is not installed)',
        hint: expect.stringMatching(/--engine tsserver$/),
      }),
    );
  });
});
