import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TypeScriptEngine } from '../src/index.js';
import { ENGINE, copyFixture, describeLocation, fixture, LONG, startEngine } from './helpers.js';

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

  it('lets the daemon know once, while the engine builds the projects (it reads its saved state then)', () => {
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

/**
 * The native server opens a loose file into its inferred project one didOpen at a time, each open costing time in
 * proportion to the projects loaded (minutes for 608 loose files beside 102 projects): cn gives it one config of its
 * own naming them, in the session's private directory (native-loose-project.ts), and writes a new one when they change.
 */
describe.runIf(ENGINE === 'native')("loose files as one project of cn's own (native)", { timeout: LONG }, () => {
  let root: string;
  let logDirectory: string;
  let engine: TypeScriptEngine;
  const userFile = () => path.join(root, 'src/user.ts');
  const referencePlaces = async () =>
    (await engine.references(userFile(), { line: 1, character: 14 }, true))
      .map((location) => describeLocation(root, location))
      .filter((place) => place.startsWith('scripts/'))
      .sort();
  /** The loose-project configs in the private directory, as { generation directory: files named }. */
  const looseConfigs = () => {
    const found: Record<string, string[]> = {};
    for (const tmp of readdirSync(logDirectory).filter((name) => name.startsWith('tmp-')))
      for (const entry of readdirSync(path.join(logDirectory, tmp)).filter((name) =>
        name.startsWith('loose-project-'),
      )) {
        const config = JSON.parse(readFileSync(path.join(logDirectory, tmp, entry, 'tsconfig.json'), 'utf8'));
        found[entry] = (config.files as string[])
          .filter((file) => file.startsWith(root))
          .map((file) => path.relative(root, file));
      }
    return found;
  };

  beforeAll(async () => {
    root = copyFixture('loose-files');
    logDirectory = mkdtempSync(path.join(os.tmpdir(), 'cn-lsp-logs-'));
    engine = await startEngine(root, { logDirectory });
  }, LONG);
  afterAll(async () => {
    await engine?.dispose();
    rmSync(root, { recursive: true, force: true });
    rmSync(logDirectory, { recursive: true, force: true });
  });

  it('names the loose files in a config of its private directory, and writes nothing under the root', () => {
    expect(looseConfigs()).toEqual({ 'loose-project-1': ['scripts/seed.js'] });
    expect(existsSync(path.join(root, 'scripts/tsconfig.json'))).toBe(false);
    expect(readdirSync(root).sort()).toEqual(readdirSync(fixture('loose-files')).sort());
  });

  it('takes a loose file created later into a new generation, and lets the old one go', async () => {
    writeFileSync(
      path.join(root, 'scripts/extra.js'),
      "import { User } from '../src/user';\nexport const admin = new User('root');\n",
    );
    expect(await referencePlaces()).toEqual([
      'scripts/extra.js:1:10',
      'scripts/extra.js:2:26',
      'scripts/seed.js:1:10',
      'scripts/seed.js:4:15',
      'scripts/seed.js:4:32',
    ]);
    expect(looseConfigs()).toEqual({ 'loose-project-2': ['scripts/extra.js', 'scripts/seed.js'] });
  });

  it('drops a loose file deleted', async () => {
    rmSync(path.join(root, 'scripts/seed.js'));
    expect(await referencePlaces()).toEqual(['scripts/extra.js:1:10', 'scripts/extra.js:2:26']);
    expect(looseConfigs()).toEqual({ 'loose-project-3': ['scripts/extra.js'] });
  });
});
