import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TypeScriptEngine, startTypeScriptEngine } from '../src/index.js';
import { columnOf, describeLocation, ENGINE, fixture, LONG, startEngine } from './helpers.js';

const root = fixture('ts-multi');
const file = (relative: string) => path.join(root, relative);

describe('ts-multi: two tsconfig projects', { timeout: LONG }, () => {
  let engine: TypeScriptEngine;
  beforeAll(async () => {
    engine = await startEngine(root);
  }, LONG);
  afterAll(() => engine?.dispose());

  it('loads both projects before answering', () => {
    const status = engine.status();
    expect(status.state).toBe('ready');
    expect(status.projects).toEqual(['app/tsconfig.json', 'lib/tsconfig.json']);
    expect(status.looseFiles).toBe(0);
    expect(status.typescriptSource).toBe('bundled');
    expect(status.engine).toBe(ENGINE);
    // TLS 5.3 with tsserver 5.9, or typescript-go 7.0 serving itself.
    expect(status.typescriptVersion).toMatch(ENGINE === 'native' ? /^7\.0\./ : /^5\.9\./);
    expect(status.serverVersion).toMatch(ENGINE === 'native' ? /^7\.0\./ : /^5\.3\./);
  });

  it('finds the User class, the lowercase user variable and members with their container', async () => {
    const hits = (await engine.searchSymbols('User')).hits;
    const userClass = hits.find((hit) => hit.name === 'User' && hit.kind === 'Class');
    expect(userClass).toMatchObject({ filePath: file('lib/user.ts'), range: { start: { line: 2, character: 1 } } });
    expect(userClass?.containerName).toBeUndefined();
    // Symbols of both projects: `user` lives only in app, `UserRegistry` only in lib.
    expect(hits.find((hit) => hit.name === 'user')).toMatchObject({ kind: 'Constant', filePath: file('app/main.ts') });
    expect(hits.find((hit) => hit.name === 'UserRegistry')).toMatchObject({
      kind: 'Class',
      filePath: file('lib/registry.ts'),
    });
    expect(hits.find((hit) => hit.name === 'users')).toMatchObject({ kind: 'Property', containerName: 'UserRegistry' });
  });

  it('reports nested declarations with their container', async () => {
    const hits = (await engine.searchSymbols('Meter')).hits;
    expect(hits).toContainEqual(expect.objectContaining({ name: 'Meter', kind: 'Class', containerName: 'Units' }));
  });

  it('finds every reference of User across both projects, through the re-export', async () => {
    const line = 2;
    const references = await engine.references(
      file('lib/user.ts'),
      { line, character: columnOf(file('lib/user.ts'), line, 'User') },
      true,
    );
    const expected: [string, number][] = [
      ['lib/user.ts', 2],
      ['lib/user.ts', 13],
      ['lib/index.ts', 1],
      ['lib/registry.ts', 1],
      ['lib/registry.ts', 4],
      ['lib/registry.ts', 6],
      ['lib/registry.ts', 10],
      ['app/main.ts', 1],
      ['app/main.ts', 5],
      ['app/welcome.ts', 1],
      ['app/welcome.ts', 3],
      ['app/welcome.ts', 7],
      ['app/welcome.ts', 8],
    ];
    expect(references.map((location) => describeLocation(root, location)).sort()).toEqual(
      expected.map(([relative, at]) => `${relative}:${at}:${columnOf(file(relative), at, 'User')}`).sort(),
    );
    const withoutDeclaration = await engine.references(file('lib/user.ts'), { line, character: 14 }, false);
    expect(withoutDeclaration).toHaveLength(12);
  });

  it('outlines nested namespaces, classes and overloads', async () => {
    const outline = await engine.outline(file('lib/geometry.ts'));
    const geometry = outline.find((node) => node.name === 'Geometry');
    expect(geometry).toMatchObject({ kind: 'Module', selectionRange: { start: { line: 1, character: 18 } } });
    const point = geometry?.children.find((node) => node.name === 'Point');
    expect(point?.kind).toBe('Class');
    expect(point?.children.find((node) => node.name === 'distanceTo')).toMatchObject({
      kind: 'Method',
      range: { start: { line: 8, character: 5 } },
    });
    const units = geometry?.children.find((node) => node.name === 'Units');
    expect(units?.children[0]).toMatchObject({ name: 'Meter', kind: 'Class' });
    expect(units?.children[0].children[0]).toMatchObject({ name: 'toCentimeters', kind: 'Method' });
    const overloads = outline.filter((node) => node.name === 'format');
    expect(overloads.map((node) => [node.kind, node.range.start.line])).toEqual([
      ['Function', 22],
      ['Function', 23],
      ['Function', 24],
    ]);
  });

  it('reports folding spans 1-based as the server sends them', async () => {
    const spans = await engine.foldingSpans(file('lib/geometry.ts'));
    // The namespace spans lines 1–20; the language server ends a fold on the line before the closing brace.
    expect(spans).toContainEqual({ startLine: 1, endLine: 19 });
    expect(spans).toContainEqual({ startLine: 24, endLine: 25 });
    expect(spans.every((span) => span.startLine >= 1 && span.endLine >= span.startLine)).toBe(true);
  });

  it('goes to the definition in the other project', async () => {
    const target = file('app/welcome.ts');
    const definitions = await engine.definition(target, { line: 3, character: columnOf(target, 3, 'User') });
    expect(definitions.map((location) => describeLocation(root, location))).toEqual(['lib/user.ts:2:14']);
  });

  it('refuses files outside the root and files that do not exist', async () => {
    await expect(engine.outline(path.join(root, '..', 'js-plain', 'src', 'legacy.js'))).rejects.toMatchObject({
      kind: 'bad-input',
    });
    await expect(engine.outline(file('lib/missing.ts'))).rejects.toMatchObject({ kind: 'bad-input' });
    await expect(engine.definition(file('lib/user.ts'), { line: 0, character: 1 })).rejects.toMatchObject({
      kind: 'bad-input',
    });
  });
});

describe('ts-multi: a question asked during start-up', { timeout: LONG }, () => {
  it('waits for every project instead of answering from the first one loaded', async () => {
    const engine = await startTypeScriptEngine({ root, logDirectory: os.tmpdir() });
    try {
      expect(['starting', 'loading']).toContain(engine.status().state);
      const names = (await engine.searchSymbols('User')).hits.map((hit) => hit.name);
      expect(names).toEqual(expect.arrayContaining(['User', 'user', 'UserRegistry', 'users']));
      expect(engine.status().state).toBe('ready');
    } finally {
      await engine.dispose();
    }
  });
});
