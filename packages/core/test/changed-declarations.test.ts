import { describe, expect, it } from 'vitest';
import type { OutlineNode } from '../src/index.js';
import { changedDeclarations, topLevelDeclarations } from '../src/graph/changed-declarations.js';

function node(name: string, kind: string, start: number, end: number, children: OutlineNode[] = []): OutlineNode {
  return {
    name,
    kind,
    range: { start: { line: start, character: 1 }, end: { line: end, character: 2 } },
    selectionRange: { start: { line: start, character: 7 }, end: { line: start, character: 7 + name.length } },
    children,
  };
}

const OUTLINE = [
  node('helper', 'Function', 3, 8, [node('local', 'Variable', 4, 4)]),
  node('Shop', 'Class', 10, 20, [node('pay', 'Method', 11, 14), node('refund', 'Method', 16, 19)]),
  node("describe('x') callback", 'Function', 22, 30, [node('fixture', 'Function', 23, 25)]),
];
const names = (nodes: OutlineNode[]) => nodes.map((found) => found.name);

describe('changedDeclarations: the declaration changed lines fall in', () => {
  it('a function, not its locals; a class member, not the class; through callbacks', () => {
    expect(names(changedDeclarations(OUTLINE, [{ start: 4, end: 4 }]))).toEqual(['helper']);
    expect(names(changedDeclarations(OUTLINE, [{ start: 12, end: 17 }]))).toEqual(['pay', 'refund']);
    expect(names(changedDeclarations(OUTLINE, [{ start: 15, end: 15 }]))).toEqual(['Shop']);
    expect(names(changedDeclarations(OUTLINE, [{ start: 24, end: 24 }]))).toEqual(['fixture']);
  });

  it('lines outside every declaration name none; several hunks merge, each declaration once', () => {
    expect(changedDeclarations(OUTLINE, [{ start: 1, end: 2 }])).toEqual([]);
    expect(
      names(
        changedDeclarations(OUTLINE, [
          { start: 5, end: 5 },
          { start: 6, end: 7 },
          { start: 11, end: 11 },
        ]),
      ),
    ).toEqual(['helper', 'pay']);
  });

  it('a whole file is its top-level declarations, through callbacks', () => {
    expect(names(topLevelDeclarations(OUTLINE))).toEqual(['helper', 'Shop', 'fixture']);
  });
});
