import { describe, expect, it } from 'vitest';
import { SourceText, type OutlineNode } from '../src/index.js';
import { changedDeclarations, topLevelDeclarations } from '../src/graph/changed-declarations.js';
import { isImportSite } from '../src/graph/import-sites.js';

/** Judges the site of the last occurrence of the name in the code (the first is often its declaration). */
function judge(code: string, name = 'foo'): boolean {
  const text = new SourceText(code);
  let line = 0;
  text.lineRange(1, text.lineCount).forEach((content, index) => {
    if (content.includes(name)) line = index + 1;
  });
  const character = text.line(line)!.lastIndexOf(name) + 1;
  return isImportSite(text, { start: { line, character }, end: { line, character: character + name.length } });
}

describe('isImportSite: the file depends on the name by an import or re-export', () => {
  it.each([
    "import { foo } from './a'",
    "import { bar, foo as baz } from './a'",
    "import type { foo } from './a'",
    "import D, { foo } from './a'",
    "import {\n  bar,\n  // why\n  foo,\n} from './a'",
    "export { foo } from './a'",
    "export type { foo } from './a'",
    "import foo from './a'",
    "const { foo } = require('./a')",
  ])('imports: %j', (code) => expect(judge(code)).toBe(true));

  it.each([
    'foo()',
    'const x = foo',
    'export { foo }',
    'const { foo } = options',
    'type T = typeof foo',
    "import { bar } from './a'\nfoo()",
  ])('no import: %j', (code) => expect(judge(code)).toBe(false));
});

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
