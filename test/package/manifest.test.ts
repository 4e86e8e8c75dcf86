import { builtinModules } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleAll } from '../../scripts/bundle.mjs';
import {
  carriedPackages,
  OPTIONAL_REQUIRES,
  packageManifest,
  packageName,
  runtimeDependencies,
} from '../../scripts/package.mjs';

type Bundles = Record<string, { metafile: any; text: string }>;
let bundles: Bundles;

beforeAll(async () => {
  // In memory: packages/cli/dist may be in use by other tests' cn processes.
  bundles = await bundleAll({ outDir: path.join(os.tmpdir(), 'cn-manifest-test'), write: false });
}, 120_000);

/** Every module a bundle's code names in require("…"), import("…") or .resolve("…"), read from its text. */
function namedModules(text: string): string[] {
  return [...text.matchAll(/(?:\brequire|\bimport|\.resolve)\("([^"]+)"\)/g)].map((match) => match[1]);
}

describe('the npm package manifest', () => {
  it('depends on the compiler and the language server, with the workspace ranges; everything else is bundled', () => {
    const manifest = packageManifest(bundles);
    expect(manifest.dependencies).toEqual({
      typescript: '~5.9.3',
      'typescript-language-server': '~5.3.0',
      // The native engine: typescript@7 beside 5.9, under an alias.
      'typescript-native': 'npm:typescript@7.0.x',
    });
    expect(manifest.bin).toEqual({ cn: 'bin/cn.cjs' });
    expect(manifest.engines.node).toMatch(/^\^20\.19\.0 \|\| .*>=\d+$/);
    expect(manifest).not.toHaveProperty('private');
  });

  it('declares every package a bundle loads by name and does not carry', () => {
    const declared = new Set(Object.keys(packageManifest(bundles).dependencies));
    for (const [file, { metafile, text }] of Object.entries(bundles)) {
      const carried = carriedPackages(metafile);
      const undeclared = namedModules(text)
        .filter((name) => !name.startsWith('.') && !name.startsWith('node:') && !path.isAbsolute(name))
        .map(packageName)
        .filter((name) => !builtinModules.includes(name) && !carried.has(name))
        .filter((name) => !declared.has(name) && !Object.hasOwn(OPTIONAL_REQUIRES, name));
      expect({ file, undeclared }).toEqual({ file, undeclared: [] });
    }
  });

  it('a package a bundle leaves external becomes a dependency; one no workspace package declares stops the build', () => {
    const external = (specifier: string) => ({
      bundle: {
        metafile: {
          inputs: {},
          outputs: { out: { imports: [{ path: specifier, kind: 'require-call', external: true }] } },
        },
        text: '',
      },
    });
    const ranges = new Map([['left-pad', '^1.3.0']]);
    expect(runtimeDependencies(external('left-pad/index.js'), ranges)).toEqual({ 'left-pad': '^1.3.0' });
    expect(() => runtimeDependencies(external('right-pad'), ranges)).toThrow(
      /the bundles load right-pad at run time but no packages\/\*\/package.json declares it/,
    );
    // Resolved by name (a process started by path) counts too.
    const resolved = { bundle: { metafile: { inputs: {}, outputs: {} }, text: 'r.resolve("left-pad/package.json")' } };
    expect(runtimeDependencies(resolved, ranges)).toEqual({ 'left-pad': '^1.3.0' });
  });
});

describe("what the one-shot CLI's bundle carries", () => {
  it('none of the modules of core only the daemon runs: core says it has no side effects, so they are left out', () => {
    // What the output holds bytes of (the metafile's inputs list every module read, tree-shaken or not).
    const outputs = Object.values(bundles['cn-cli.cjs']!.metafile.outputs) as Array<{
      inputs: Record<string, { bytesInOutput: number }>;
    }>;
    const inputs = outputs.flatMap((output) =>
      Object.entries(output.inputs)
        .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
        .map(([input]) => input),
    );
    // Each built an Intl.Collator or compiled regular expressions at load, on every `cn` call (~12 ms of a warm map).
    for (const daemonOnly of ['usecases/pattern-listing.js', 'search/words.js', 'usecases/find-references.js'])
      expect(inputs.filter((input) => input.endsWith(`packages/core/dist/${daemonOnly}`))).toEqual([]);
    expect(inputs.some((input) => input.endsWith('packages/core/dist/format/text.js'))).toBe(true);
  });
});
