import { describe, expect, it } from 'vitest';
import { SymbolKind } from 'vscode-languageserver-protocol';
import { fromDocumentSymbols } from '../src/convert.js';
import { fromNavtoItem } from '../src/tsserver-navto.js';

const range = (line: number) => ({ start: { line, character: 0 }, end: { line, character: 5 } });

describe('enum members are EnumMember, in the outline and in search hits alike', () => {
  it('turns the server’s Constant children of an enum into EnumMember, and leaves other constants alone', () => {
    const [verb, limit] = fromDocumentSymbols([
      {
        name: 'Verb',
        kind: SymbolKind.Enum,
        range: range(0),
        selectionRange: range(0),
        children: [{ name: 'Get', kind: SymbolKind.Constant, range: range(1), selectionRange: range(1) }],
      },
      { name: 'LIMIT', kind: SymbolKind.Constant, range: range(3), selectionRange: range(3) },
    ]);
    expect(verb.children.map((child) => child.kind)).toEqual(['EnumMember']);
    expect(limit.kind).toBe('Constant');
  });

  it('gives a navto enum member the same kind', () => {
    const hit = fromNavtoItem({
      name: 'Get',
      kind: 'enum member',
      file: '/p/a.ts',
      start: { line: 2, offset: 3 },
      end: { line: 2, offset: 6 },
    });
    expect(hit.kind).toBe('EnumMember');
  });
});
