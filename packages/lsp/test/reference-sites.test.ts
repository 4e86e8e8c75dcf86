import { describe, expect, it } from 'vitest';
import { LazyReferenceSyntax } from '../src/navigation/lazy-reference-syntax.js';
import { TsReferenceSyntax } from '../src/navigation/reference-roles.js';

const at = (line: number, character: number) => ({ line, character });

describe('TsReferenceSyntax without an engine', () => {
  it('reads roles and enclosing declarations from a lean parse (no JSDoc, parents set on the way down)', async () => {
    const text = [
      '/** Makes a {@link User}. */',
      'export function make(): User {',
      '  const user = new User();',
      '  user.name = "x";',
      '  return user;',
      '}',
    ].join('\n');
    const sites = await new TsReferenceSyntax().classify('/p/a.ts', text, [
      at(1, 20),
      at(2, 25),
      at(3, 20),
      at(4, 8),
      at(2, 17),
    ]);
    expect(sites.map((site) => site.role)).toEqual(['comment', 'type', 'new', 'write', 'declaration']);
    expect(sites[2].enclosing).toEqual({ name: 'make', kind: 'Function', position: at(2, 17), end: at(6, 2) });
  });

  it('answers a file again from what it read while the text is the same, and reads a changed text afresh', async () => {
    const syntax = new LazyReferenceSyntax();
    const before = 'let x = 1;\nx = 2;\n';
    expect((await syntax.classify('/p/b.ts', before, [at(2, 1)]))[0].role).toBe('write');
    // The same text (another string with equal content, as after the text cache re-read the file) and a new place.
    const again = await syntax.classify('/p/b.ts', `${before}`, [at(2, 1), at(1, 5)]);
    expect(again.map((site) => site.role)).toEqual(['write', 'declaration']);
    // An edit moves what stands at 2:1: the remembered answer for the old text must not be given.
    const after = await syntax.classify('/p/b.ts', 'let x = 1;\nf(x);\n', [at(2, 1), at(2, 3)]);
    expect(after.map((site) => site.role)).toEqual(['call', 'read']);
  });

  it('keeps files apart: the same place in another file is read from that file', async () => {
    const syntax = new LazyReferenceSyntax();
    await syntax.classify('/p/c.ts', 'new A();\n', [at(1, 5)]);
    expect((await syntax.classify('/p/d.ts', 'A();\n', [at(1, 1)]))[0].role).toBe('call');
    expect((await syntax.classify('/p/c.ts', 'new A();\n', [at(1, 5)]))[0].role).toBe('new');
  });

  /** The role at the last occurrence of the name (the first is often its declaration or import). */
  const roleOfLast = async (code: string, name: string) => {
    const lines = code.split('\n');
    const line = lines.findLastIndex((content) => content.includes(name)) + 1;
    const character = lines[line - 1].lastIndexOf(name) + 1;
    return (await new TsReferenceSyntax().classify('/p/roles.ts', code, [at(line, character)]))[0].role;
  };

  // What cn calls keeps (call, new) and what cn impact counts as an import: read from the syntax, not the text.
  it.each([
    ['Foo()', 'call'],
    ['a.Foo()', 'call'],
    ['a?.Foo?.()', 'call'],
    ['Foo!()', 'call'],
    ['Foo<string>()', 'call'],
    ['Foo<(a: A) => B, { x: number }>(1)', 'call'],
    ['Foo<\n  T,\n>(1)', 'call'],
    ['Foo`<b>${x}</b>`', 'call'],
    ['super.Foo(1)', 'call'],
    ['new Foo', 'new'],
    ['new z.Foo(1)', 'new'],
    ['x instanceof z.Foo', 'read'],
    ['expect(e).toBeInstanceOf(z.Foo)', 'read'],
    ['const f = Foo;', 'read'],
    ['if (a.Foo < b) { go() }', 'read'],
    ['let a: Foo = b', 'type'],
    ['class A { Foo(): void {} }', 'declaration'],
    ['interface I { Foo(): void }', 'declaration'],
    ['const o = { Foo() { return 1; } };', 'declaration'],
    ['x.Foo = () => 1;', 'write'],
    ["import { Foo } from './a'", 'import'],
    ["import {\n  bar,\n  // why\n  Foo,\n} from './a'", 'import'],
    ["import Foo from './a'", 'import'],
    ["export { Foo } from './a'", 'export'],
    ["const { Foo } = require('./a')", 'import'],
    ["const { Foo: renamed } = require('./a')", 'import'],
    ['const { Foo } = options', 'declaration'],
  ])('%s: %s', async (code, role) => expect(await roleOfLast(code, 'Foo')).toBe(role));
});
