import { appendFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TypeScriptEngine } from '../src/index.js';
import { ENGINE, LONG, startEngine } from './helpers.js';

/**
 * cn's own symbol index on the native engine, whose workspace/symbol stops at 256 results: a project with
 * 300 names sharing a word, a re-export, and edits made between questions.
 */
describe.runIf(ENGINE === 'native')('native engine: cn’s symbol index', { timeout: LONG }, () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'cn-index-'));
  let engine: TypeScriptEngine;
  beforeAll(async () => {
    mkdirSync(path.join(root, 'src'));
    writeFileSync(path.join(root, 'tsconfig.json'), '{ "compilerOptions": { "strict": true, "noEmit": true } }');
    for (let file = 0; file < 10; file++) {
      const names = Array.from({ length: 30 }, (_, index) => `export function routeHandler${file * 30 + index}() {}`);
      writeFileSync(path.join(root, 'src', `handlers${file}.ts`), `${names.join('\n')}\n`);
    }
    writeFileSync(path.join(root, 'src', 'index.ts'), "export { routeHandler0 as firstHandler } from './handlers0';\n");
    engine = await startEngine(root);
  }, LONG);
  afterAll(async () => {
    await engine?.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  it('finds all 300 names, more than workspace/symbol returns, with the re-export as an alias', async () => {
    const { hits, complete } = await engine.searchSymbols('routeHandler');
    expect(complete).toBe(true);
    expect(hits.filter((hit) => !hit.alias && hit.kind === 'Function')).toHaveLength(300);
    expect((await engine.searchSymbols('firstHandler')).hits).toEqual([
      expect.objectContaining({ name: 'firstHandler', alias: true, filePath: path.join(root, 'src', 'index.ts') }),
    ]);
  });

  it('matches as navto does: a prefix, a lowercase query at a word start, capitals anywhere', async () => {
    const names = (await engine.searchSymbols('handler29')).hits.map((hit) => hit.name);
    expect(names).toEqual(expect.arrayContaining(['routeHandler29', 'routeHandler290', 'routeHandler299']));
    expect((await engine.searchSymbols('andler29')).hits).toEqual([]);
    expect((await engine.searchSymbols('Handler29')).hits.length).toBe(names.length);
  });

  it('follows edits, new and deleted files between two questions', async () => {
    appendFileSync(path.join(root, 'src', 'handlers1.ts'), 'export class LateRouter {}\n');
    writeFileSync(path.join(root, 'src', 'extra.ts'), 'export interface ExtraRouter {}\n');
    rmSync(path.join(root, 'src', 'handlers9.ts'));
    const names = (await engine.searchSymbols('Router')).hits.map((hit) => hit.name).sort();
    expect(names).toEqual(['ExtraRouter', 'LateRouter']);
    expect((await engine.searchSymbols('routeHandler')).hits.filter((hit) => !hit.alias)).toHaveLength(270);
  });

  it('reports the compiler’s errors, not the editor’s hints (deprecated, unused), as tsserver does', async () => {
    const file = path.join(root, 'src', 'old.ts');
    writeFileSync(
      file,
      '/** @deprecated use newer */\nexport function older(): number { return 1; }\nexport const n: string = older();\n',
    );
    const found = await engine.diagnostics([file]);
    expect(found.map(({ code, severity }) => `${code} ${severity}`)).toEqual(['TS2322 error']);
  });
});

describe.runIf(ENGINE === 'native')(
  'native engine: the name index saved for the next daemon',
  { timeout: LONG },
  () => {
    const state = mkdtempSync(path.join(os.tmpdir(), 'cn-index-state-'));
    const root = mkdtempSync(path.join(os.tmpdir(), 'cn-index-saved-'));
    const savedIndex = { file: path.join(state, 'name-index.json'), cnVersion: 'test' };
    afterAll(() => {
      rmSync(root, { recursive: true, force: true });
      rmSync(state, { recursive: true, force: true });
    });

    it('a second engine takes the unchanged files from it and reads the edited one again', async () => {
      mkdirSync(path.join(root, 'src'));
      writeFileSync(path.join(root, 'tsconfig.json'), '{ "compilerOptions": { "strict": true, "noEmit": true } }');
      for (let file = 0; file < 5; file++)
        writeFileSync(path.join(root, 'src', `shape${file}.ts`), `export class Shape${file} {}\n`);
      const first = await startEngine(root, { savedIndex });
      await first.whenIndexed();
      await first.dispose();
      // Saved on dispose, in the state directory, never in the project.
      expect(statSync(savedIndex.file).isFile()).toBe(true);
      writeFileSync(path.join(root, 'src', 'shape4.ts'), 'export class Hexagon {}\n');
      const lines: string[] = [];
      const second = await startEngine(root, { savedIndex, onLog: (line) => lines.push(line) });
      try {
        await second.whenIndexed();
        expect(lines).toContain('cn: saved name index: 4 of 5 files unchanged, taken from it');
        const names = (await second.searchSymbols('Shape')).hits.map((hit) => hit.name).sort();
        expect(names).toEqual(['Shape0', 'Shape1', 'Shape2', 'Shape3']);
        expect((await second.searchSymbols('Hexagon')).hits.map((hit) => hit.filePath)).toEqual([
          path.join(root, 'src', 'shape4.ts'),
        ]);
      } finally {
        await second.dispose();
      }
    });
  },
);
