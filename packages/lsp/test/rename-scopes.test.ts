import { describe, expect, it } from 'vitest';
import { renameCapturesIn } from '../src/navigation/rename-scopes.js';

/** The scope changes of renaming every `oldName` word of the text (one symbol of that name, as the compiler edits). */
function captures(lines: string[], oldName: string, newName: string) {
  const text = lines.join('\n');
  const edits = lines.flatMap((line, index) =>
    [...line.matchAll(new RegExp(`\\b${oldName}\\b`, 'g'))].map((match) => ({
      line: index + 1,
      character: match.index + 1,
    })),
  );
  return renameCapturesIn('/p/a.ts', text, edits, oldName, newName);
}

describe('a rename’s scope changes, from the syntax', () => {
  it('a renamed use captured by a local of the new name (it still type-checks)', () => {
    const lines = [
      'export const total = 1;',
      'export function addUp(): number {',
      '  const sum = 2;',
      '  return total + sum;',
      '}',
    ];
    expect(captures(lines, 'total', 'sum')).toEqual([
      { kind: 'captured', use: { line: 4, character: 10 }, declaration: { line: 3, character: 9 } },
    ]);
  });

  it('a parameter, a catch variable, a for head, a hoisted var and a nested function capture too', () => {
    const cases: [string[], number][] = [
      [['const a = 1;', 'function f(b: number) { return a + b; }'], 2],
      [['const a = 1;', 'try {} catch (b) { a; }'], 2],
      [['const a = 1;', 'for (const b of [1]) { a; }'], 2],
      [['const a = 1;', 'function f() { if (a) { var b = 2; } }'], 2],
      [['const a = 1;', 'function f() { a; function b() {} }'], 2],
      [['const a = 1;', 'const f = ({ b }: { b: number }) => a;'], 2],
    ];
    for (const [lines, line] of cases)
      expect(
        captures(lines, 'a', 'b').map((each) => [each.kind, each.use.line]),
        lines.join(' '),
      ).toEqual([['captured', line]]);
  });

  it('the reverse: a use of another symbol of the new name would refer to the renamed one', () => {
    const lines = [
      'const limit = 10;',
      'export function scale(factor: number): number {',
      '  return factor * limit;',
      '}',
    ];
    expect(captures(lines, 'factor', 'limit')).toEqual([{ kind: 'shadows', use: { line: 3, character: 19 } }]);
    // At module level: a global the file uses.
    expect(captures(['export const total = 1;', 'Math.max(total);'], 'total', 'Math')).toEqual([
      { kind: 'shadows', use: { line: 2, character: 1 } },
    ]);
  });

  it('the new name already declared in the renamed local’s own scope', () => {
    expect(captures(['function f() {', '  const a = 1;', '  const b = 2;', '  return a + b;', '}'], 'a', 'b')).toEqual([
      { kind: 'duplicate', use: { line: 2, character: 9 }, declaration: { line: 3, character: 9 } },
      { kind: 'duplicate', use: { line: 4, character: 10 }, declaration: { line: 3, character: 9 } },
    ]);
  });

  it('leaves what changes no meaning: another function’s local, properties, members, a shadowed outer name', () => {
    const cases: string[][] = [
      ['export const total = 1;', 'function g() { const sum = 2; return sum; }', 'function h() { return total; }'],
      ['const a = 1;', 'const o = { b: a };', 'o.b;', 'class C { b = a; b2() { return this.b; } }'],
      ['const a = 1;', 'function f() { const b = 1; return b; }', 'function g() { return a; }'],
      // The use of the other `b` resolves to its own local, inside the renamed parameter's function.
      ['function f(a: number) { return () => { const b = 2; return b; }; }'],
      ['function b() {}', 'function f(a: number) { return a; }'],
      // A function's own name is not seen first by its parameters.
      ['function a(b: number) { return b; }', 'a(1);'],
      ["import { a as local } from './x';", 'const b = local;'],
    ];
    for (const lines of cases) expect(captures(lines, 'a', 'b'), lines.join(' ')).toEqual([]);
    expect(
      captures(['export const total = 1;', 'function g() { const sum = 2; return sum; }'], 'total', 'sum'),
    ).toEqual([]);
  });
});
