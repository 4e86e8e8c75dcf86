import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceLocation } from '@cn/core';
import { TsReferenceSyntax } from '../src/navigation/reference-roles.js';
import type { TypeScriptEngine } from '../src/index.js';
import { columnOf, fixture, LONG, startEngine } from './helpers.js';

const root = fixture('references');
const repository = path.join(root, 'src/repository.ts');
const syntax = new TsReferenceSyntax();

/** The engine's references at a name, each as `path:line:col role in`, classified one parse per file. */
async function described(engine: TypeScriptEngine, line: number, name: string): Promise<string[]> {
  const locations = await engine.references(repository, { line, character: columnOf(repository, line, name) }, true);
  const byFile = new Map<string, SourceLocation[]>();
  for (const location of locations) byFile.set(location.filePath, [...(byFile.get(location.filePath) ?? []), location]);
  const lines: string[] = [];
  for (const [filePath, inFile] of byFile) {
    const sites = await syntax.classify(
      filePath,
      readFileSync(filePath, 'utf8'),
      inFile.map((location) => location.range.start),
    );
    inFile.forEach(({ range: { start } }, index) => {
      const { role, enclosing } = sites[index];
      const within = enclosing ? `${enclosing.kind} ${enclosing.name}@${enclosing.position.line}` : '<module>';
      lines.push(`${path.relative(root, filePath)}:${start.line}:${start.character} ${role} in ${within}`);
    });
  }
  return lines.sort();
}

describe('reference roles and enclosing declarations on the references fixture', { timeout: LONG }, () => {
  let engine: TypeScriptEngine;
  beforeAll(async () => {
    engine = await startEngine(root);
  }, LONG);
  afterAll(() => engine?.dispose());

  it('tells a class apart where it is declared, imported, re-exported, built, typed, extended, implemented, mentioned', async () => {
    expect(await described(engine, 5, 'Repository')).toEqual([
      'src/index.ts:1:10 export in <module>',
      'src/repository.ts:3:9 comment in <module>',
      'src/repository.ts:5:14 declaration in <module>',
      'src/service.ts:12:32 type in Property repository@12',
      'src/service.ts:12:49 new in Property repository@12',
      'src/service.ts:15:26 read in Method run@14',
      'src/service.ts:1:10 import in <module>',
      'src/service.ts:22:33 new in Constant shared@22',
      'src/service.ts:4:39 extends in Class CachedRepository@4',
      'src/service.ts:6:40 implements in Class FakeRepository@6',
      'test/service.test.ts:1:10 import in <module>',
      'test/service.test.ts:3:24 new in Constant repository@3',
    ]);
  });

  it('tells calls from the declaration and the import, inside a method and at top level', async () => {
    expect(await described(engine, 14, 'record')).toEqual([
      'src/repository.ts:14:17 declaration in <module>',
      'src/service.ts:15:38 call in Method run@14',
      'src/service.ts:1:22 import in <module>',
      'src/service.ts:23:1 call in <module>',
    ]);
  });

  it('tells writes (++, array and object destructuring targets) from reads', async () => {
    expect(await described(engine, 12, 'saved')).toEqual([
      'src/repository.ts:12:12 declaration in <module>',
      'src/repository.ts:15:3 write in Function record@14',
      'src/repository.ts:16:10 read in Function record@14',
      'src/repository.ts:20:4 write in Function reset@19',
      'src/repository.ts:21:6 write in Function reset@19',
      'src/service.ts:17:15 read in Method run@14',
      'src/service.ts:1:30 import in <module>',
    ]);
  });
});

describe('TsReferenceSyntax on its own', () => {
  const roleAt = async (fileName: string, text: string, needle: string, occurrence = 0) => {
    const lines = text.split('\n');
    let seen = 0;
    for (const [index, line] of lines.entries()) {
      for (let at = line.indexOf(needle); at >= 0; at = line.indexOf(needle, at + 1)) {
        if (seen++ === occurrence) {
          const [site] = await syntax.classify(fileName, text, [{ line: index + 1, character: at + 1 }]);
          return site.role;
        }
      }
    }
    throw new Error(`no ${needle}`);
  };

  it('reads a comment between the last tokens of a block, and a line past the end as a plain read', async () => {
    const text = 'function f() {\n  g();\n  /* see g */\n}\n';
    expect(await roleAt('a.ts', text, 'g', 1)).toBe('comment');
    expect(await roleAt('a.ts', text, 'g', 0)).toBe('call');
    expect(await syntax.classify('a.ts', text, [{ line: 40, character: 1 }])).toEqual([{ role: 'read' }]);
  });

  it('calls a decorator and a JSX component; a cast and a type argument are types; f<T> is a read of f', async () => {
    expect(await roleAt('a.ts', '@logged class A {}\n', 'logged')).toBe('call');
    expect(await roleAt('a.tsx', 'const v = <Panel title="x" />;\n', 'Panel')).toBe('call');
    expect(await roleAt('a.ts', 'const v = x as Shape;\n', 'Shape')).toBe('type');
    expect(await roleAt('a.ts', 'const v = make<Shape>();\n', 'Shape')).toBe('type');
    expect(await roleAt('a.ts', 'const v = make<Shape>;\n', 'make')).toBe('read');
    expect(await roleAt('a.ts', 'total += 1;\n', 'total')).toBe('write');
    expect(await roleAt('a.ts', 'for (item of items) {}\n', 'item')).toBe('write');
    expect(await roleAt('a.ts', 'const o = { size: 1 };\n', 'size')).toBe('write');
    expect(await roleAt('a.ts', 'export default Shape;\n', 'Shape')).toBe('export');
  });

  it('names the declaration a place belongs to with its container, and the unnamed functions between', async () => {
    const text = [
      "export const $ZodObject = make('x', (inst) => {", // 1
      '  define(inst);', // 2
      '});', // 3
      'export class Mounter {', // 4
      '  mount(items: string[]) {', // 5
      '    items.forEach((item) => {', // 6
      '      [1].map(function () { define(item); });', // 7
      '    });', // 8
      '    const local = () => define(items);', // 9
      '  }', // 10
      '}', // 11
      '(() => define(1))();', // 12
      'export const handler = { onClick: () => define(2) };', // 13
      '',
    ].join('\n');
    const at = (line: number) => ({ line, character: text.split('\n')[line - 1].indexOf('define') + 1 });
    const sites = await syntax.classify('b.ts', text, [2, 7, 9, 12, 13].map(at));
    const described = sites.map(
      ({ role, enclosing, through }) =>
        `${role} ${enclosing ? `${enclosing.container ? `${enclosing.container}.` : ''}${enclosing.name}@${enclosing.position.line}-${enclosing.end?.line}` : '<module>'}${(through ?? []).map((scope) => ` › ${scope.kind}@${scope.line}`).join('')}`,
    );
    expect(described).toEqual([
      'call $ZodObject@1-3 › arrow@1',
      'call Mounter.mount@5-10 › arrow@6 › function@7',
      // `const local = () => …` is a named function itself, not a callback of mount.
      'call mount.local@9-9',
      'call <module> › arrow@12',
      'call handler.onClick@13-13',
    ]);
  });
});
