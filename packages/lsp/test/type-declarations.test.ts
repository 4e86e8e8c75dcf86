import { describe, expect, it } from 'vitest';
import { TsTypeSyntax } from '../src/navigation/type-declarations.js';

const syntax = new TsTypeSyntax();

async function summary(fileName: string, text: string): Promise<string[]> {
  const declarations = await syntax.typeDeclarations(fileName, text);
  return declarations.map((declaration) => {
    const heritage = declaration.heritage
      .map((name) => ` ${name.clause} ${name.text}@${name.position.line}:${name.position.character}`)
      .join('');
    const container = declaration.container ? ` in ${declaration.container}` : '';
    return `${declaration.kind} ${declaration.name}@${declaration.position.line}:${declaration.position.character}${container}${heritage}`;
  });
}

describe('TsTypeSyntax', () => {
  it('reads classes, interfaces and type aliases with the names in their heritage clauses', async () => {
    const text = [
      'export class A extends ns.Base<string> implements I, J<number> {}',
      'interface K extends I, J<string> {}',
      'export default class extends A {}',
      'type Named = { name: string };',
    ].join('\n');
    expect(await summary('a.ts', text)).toEqual([
      'Class A@1:14 extends ns.Base@1:27 implements I@1:51 implements J@1:54',
      'Interface K@2:11 extends I@2:21 extends J@2:24',
      'Class default@3:16 extends A@3:30',
      'TypeAlias Named@4:6',
    ]);
  });

  it('names a class expression by what it is assigned to, and the rest by where it is', async () => {
    const text = [
      'const Ring = class<T> extends Circle<T> {};',
      'exports.Disc = (class extends Circle {});',
      'function mixin(base: any) {',
      '  return class extends Base {};',
      '}',
    ].join('\n');
    expect(await summary('b.js', text)).toEqual([
      'Class Ring@1:7 extends Circle@1:31',
      'Class Disc@2:9 extends Circle@2:31',
      'Class class@4:10 in mixin extends Base@4:24',
    ]);
  });

  it('takes no name out of an expression: a cast or typeof are no heritage', async () => {
    const text = [
      'const x = y as Shape;',
      'type P = ConstructorParameters<typeof Circle>;',
      'class F { shape: Shape; }',
    ].join('\n');
    expect(await summary('c.tsx', text)).toEqual(['TypeAlias P@2:6', 'Class F@3:7']);
  });

  it('a mixin applied in extends: the classes it is applied to, at any depth, with the clause as written', async () => {
    const text = [
      'class M extends mixin(Base) {}',
      'class N extends Timestamped(Activatable(ns.Base), { soft: true }) {}',
      'class O extends factory() {}',
    ].join('\n');
    const declarations = await syntax.typeDeclarations('d.ts', text);
    expect(
      declarations.map((declaration) =>
        [
          declaration.name,
          ...declaration.heritage.map(
            (name) => `${name.clause} ${name.text}@${name.position.line}:${name.position.character} via ${name.mixin}`,
          ),
        ].join(' '),
      ),
    ).toEqual([
      'M extends Base@1:23 via mixin(Base)',
      'N extends ns.Base@2:44 via Timestamped(Activatable(ns.Base), { soft: true })',
      'O',
    ]);
  });
});
