import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TypeScriptEngine } from '../src/index.js';
import { describeLocation, fixture, LONG, startEngine } from './helpers.js';

/**
 * A script beside a tsconfig project that no config includes: it is loaded in the loose-file project, which takes the
 * root config's options (project-discovery.ts), and its uses of the project's symbols are part of every answer.
 */
describe('a loose script beside a tsconfig project', { timeout: LONG }, () => {
  const root = fixture('loose-files');
  let engine: TypeScriptEngine;
  let toldWhileLoading = 0;
  beforeAll(async () => {
    engine = await startEngine(root, { whileProjectsLoad: () => toldWhileLoading++ });
  }, LONG);
  afterAll(() => engine?.dispose());

  it('is loaded as one loose file beside both projects', () => {
    const status = engine.status();
    expect(status.projects).toEqual(['packages/tool/tsconfig.json', 'tsconfig.json']);
    expect(status.looseFiles).toBe(1);
  });

  it('lets the daemon know once, while tsserver builds the projects (it loads the compiler API then)', () => {
    expect(toldWhileLoading).toBe(1);
  });

  it("is where the project's class is also used: its references include the script's", async () => {
    const references = await engine.references(path.join(root, 'src/user.ts'), { line: 1, character: 14 }, true);
    expect(references.map((location) => describeLocation(root, location)).sort()).toEqual([
      'scripts/seed.js:1:10',
      'scripts/seed.js:4:15',
      'scripts/seed.js:4:32',
      'src/index.ts:1:10',
      'src/index.ts:3:26',
      'src/user.ts:1:14',
    ]);
  });

  it('declares names a search finds', async () => {
    const { hits } = await engine.searchSymbols('seedUsers');
    expect(hits.map((hit) => `${path.relative(root, hit.filePath)} ${hit.name}`)).toContain(
      'scripts/seed.js seedUsers',
    );
  });
});
