import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TypeScriptEngine } from '../src/index.js';
import { fixture, LONG, startEngine } from './helpers.js';

/**
 * test/fixtures/loose-importer: packages/app imports '@lib/helpers' through the `paths` of tsconfig.base.json, and a
 * loose script (packages/app/build.config.js, in no config) imports packages/app's index. The loose files are compiled
 * with the options of docs/tsconfig.json (the config nearest the root), which has no such alias: a file's answers
 * taken from the loose files' program say "Cannot find module '@lib/helpers'", as vitest's watcher.ts did (issue 24).
 */
const root = fixture('loose-importer');
const watcher = path.join(root, 'packages/app/src/watcher.ts');

describe('a file is answered by the program of the project that owns it', { timeout: LONG }, () => {
  let engine: TypeScriptEngine;
  beforeAll(async () => {
    engine = await startEngine(root);
  }, LONG);
  afterAll(() => engine?.dispose());

  it('loads every project, and the loose script', () => {
    expect(engine.status()).toMatchObject({
      projects: ['docs/tsconfig.json', 'packages/app/tsconfig.json', 'packages/lib/tsconfig.json'],
      looseFiles: 1,
    });
  });

  it("takes a named file's diagnostics from its own project, not from the loose files' program", async () => {
    expect(await engine.diagnostics([watcher])).toEqual([]);
  });

  it('does the same for files checked without opening them (more than 50 at a time)', async () => {
    const many = Array.from({ length: 51 }, () => watcher);
    expect(await engine.diagnostics(many)).toEqual([]);
  });

  it('still checks the loose script in the loose files program', async () => {
    const script = path.join(root, 'packages/app/build.config.js');
    expect(await engine.diagnostics([script])).toEqual([]);
  });
});
