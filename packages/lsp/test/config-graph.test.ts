import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_CONFIG_BYTES, readConfigFile } from '../src/config-file.js';
import { readConfigChain, unsafeConfig, withoutUnsafeConfigs } from '../src/config-graph.js';
import { walkSourceTree } from '../src/source-tree.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'cn-config-graph-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const write = (name: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
  writeFileSync(path.join(root, name), text);
  return path.join(root, name);
};

describe('readConfigFile: a regular file of at most 1 MB, or a refusal before any byte is read', () => {
  it('reads a config, and one behind a symlink (a shared base)', () => {
    const base = write('base.json', '\uFEFF{ "compilerOptions": {} }');
    symlinkSync(base, path.join(root, 'linked.json'));
    expect(readConfigFile(path.join(root, 'linked.json'))).toBe('{ "compilerOptions": {} }');
  });

  it('refuses /dev/zero, /dev/urandom, a FIFO, a directory and a file over the cap, at once', () => {
    const fifo = path.join(root, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    symlinkSync('/dev/zero', path.join(root, 'zero.json'));
    write('huge.json', ' '.repeat(MAX_CONFIG_BYTES + 1));
    for (const file of ['/dev/zero', '/dev/urandom', fifo, path.join(root, 'zero.json'), root])
      expect(() => readConfigFile(file)).toThrow(/is not a regular file/);
    expect(() => readConfigFile(path.join(root, 'huge.json'))).toThrow(/is larger than 1048576 bytes/);
  });
});

describe('configs kept from the engines', () => {
  it('follows extends through paths and packages, bases first', () => {
    write('node_modules/@acme/tsconfig/package.json', '{ "tsconfig": "strict.json" }');
    write('node_modules/@acme/tsconfig/strict.json', '{ "compilerOptions": { "strict": true } }');
    write('base.json', '{ "extends": "@acme/tsconfig", "compilerOptions": { "baseUrl": "." } }');
    const config = write('tsconfig.json', '{ "extends": "./base", "compilerOptions": { "noEmit": true } }');
    expect(readConfigChain(config).chain.map((link) => path.relative(root, link.path))).toEqual([
      'node_modules/@acme/tsconfig/strict.json',
      'base.json',
      'tsconfig.json',
    ]);
    expect(unsafeConfig(config)).toBeUndefined();
  });

  it.each([
    ['extends /dev/zero', '{ "extends": "/dev/zero" }', /\/dev\/zero is not a regular file/, 'TS5083'],
    ['extends /dev/urandom', '{ "extends": "/dev/urandom" }', /\/dev\/urandom is not a regular file/, 'TS5083'],
    ['extends a symlink to /dev/zero', '{ "extends": "./zero.json" }', /zero\.json is not a regular file/, 'TS5083'],
    ['a cycle', '{ "extends": "./b.json" }', /^Circularity detected while resolving configuration: /, 'TS18000'],
    ['a reference to an unsafe config', '{ "references": [{ "path": "./sub" }] }', /^its reference .*sub/, 'TS18000'],
  ])('refuses %s, said as a config error', (_what, text, message, code) => {
    symlinkSync('/dev/zero', path.join(root, 'zero.json'));
    write('b.json', '{ "extends": "./tsconfig.json" }');
    write('sub/tsconfig.json', '{ "extends": "./tsconfig.json" }');
    const config = write('tsconfig.json', text);
    expect(unsafeConfig(config)).toMatchObject({ configPath: config, code, message, keptFromEngine: true });
  });

  it('takes an unsafe config out of the tree with the sources it would claim; a nested safe project stays', () => {
    write('tsconfig.json', '{ "extends": "/dev/zero" }');
    write('src/a.ts', 'export const a = 1;');
    write('packages/ok/tsconfig.json', '{}');
    write('packages/ok/b.ts', 'export const b = 1;');
    const { tree, refused } = withoutUnsafeConfigs(walkSourceTree(root));
    expect(refused.map((error) => path.relative(root, error.configPath))).toEqual(['tsconfig.json']);
    expect(tree.configs.map((config) => path.relative(root, config))).toEqual(['packages/ok/tsconfig.json']);
    expect(tree.sources.map((source) => path.relative(root, source))).toEqual(['packages/ok/b.ts']);
  });
});
