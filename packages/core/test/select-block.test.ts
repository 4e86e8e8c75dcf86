import { describe, expect, it } from 'vitest';
import { SourceText, includeClosingLine, selectBlock, selectDeclaration, surround } from '../src/index.js';
import { node } from './fakes.js';

const code = new SourceText(
  [
    'import { A } from "./a";', // 1
    '', // 2
    'export class Box {', // 3
    '  size = 1;', // 4
    '  grow(by: number) {', // 5
    '    this.size += by;', // 6
    '    return this;', // 7
    '  }', // 8
    '}', // 9
    'const top = 1;', // 10
  ].join('\n'),
);

describe('includeClosingLine', () => {
  it('adds the closing brace TypeScript folding leaves out', () => {
    expect(includeClosingLine({ startLine: 5, endLine: 7 }, code)).toEqual({ startLine: 5, endLine: 8 });
  });
  it('leaves spans that do not end before a closer alone', () => {
    expect(includeClosingLine({ startLine: 1, endLine: 1 }, code)).toEqual({ startLine: 1, endLine: 1 });
  });
});

describe('selectBlock', () => {
  const outline = [
    node(
      'Box',
      'Class',
      [3, 9],
      [3, 14],
      [node('size', 'Property', [4, 4], [4, 3]), node('grow', 'Method', [5, 8], [5, 3])],
    ),
  ];
  const folds = [
    { startLine: 3, endLine: 8 },
    { startLine: 5, endLine: 7 },
  ];

  const grow = { line: 5, character: 3 };
  it('gives the class from its first line to its brace when pointing at the class name', () => {
    expect(selectBlock(3, outline, folds, code)).toEqual({
      startLine: 3,
      endLine: 9,
      name: { line: 3, character: 14 },
    });
  });
  it('gives the smallest enclosing block for a line inside a method, with where the method names itself', () => {
    expect(selectBlock(6, outline, folds, code)).toEqual({ startLine: 5, endLine: 8, name: grow });
  });
  it('gives a one-line declaration as itself', () => {
    expect(selectBlock(4, outline, folds, code)).toEqual({ startLine: 4, endLine: 4, name: { line: 4, character: 3 } });
  });
  it('gives a folding region that is no declaration without a name', () => {
    const body = [{ startLine: 6, endLine: 7 }];
    expect(selectBlock(7, [], body, code)).toEqual({ startLine: 6, endLine: 8 });
  });
  it('gives the whole method when its signature line holds one-line folds (tuple types) and a parameter-list fold', () => {
    // TLS folds `[[T, Params][]]` within line 5 and a multi-line parameter list from line 5: pointing
    // at the method's name once gave only its first line.
    const signatureFolds = [
      ...folds,
      { startLine: 5, endLine: 5 },
      { startLine: 5, endLine: 5 },
      { startLine: 5, endLine: 6 },
    ];
    expect(selectBlock(5, outline, signatureFolds, code)).toEqual({ startLine: 5, endLine: 8, name: grow });
  });
  it('never gives a one-line fold as the block of a line in a body', () => {
    expect(selectBlock(6, outline, [...folds, { startLine: 6, endLine: 6 }], code)).toEqual({
      startLine: 5,
      endLine: 8,
      name: grow,
    });
  });
  it('finds no block for a top-level statement', () => {
    expect(selectBlock(10, outline, folds, code)).toBeUndefined();
  });
});

describe('surround', () => {
  it('clamps to the file', () => {
    expect(surround(2, 5, code)).toEqual({ startLine: 1, endLine: 7 });
    expect(surround(9, 5, code)).toEqual({ startLine: 4, endLine: 10 });
  });
});

describe('selectDeclaration (--expand declaration, issue 24 item 11)', () => {
  const source = new SourceText(
    [
      'export class Box {', // 1
      '  grow(by: number) {', // 2
      '    if (by < 0) {', // 3
      '      throw new Error("negative");', // 4
      '    }', // 5
      '    const local = () => {', // 6
      '      return by;', // 7
      '    };', // 8
      '  }', // 9
      '}', // 10
      'run(() => {', // 11
      '  go();', // 12
      '});', // 13
    ].join('\n'),
  );
  const local = node('local', 'Function', [6, 8], [6, 11]);
  const grow = node('grow', 'Method', [2, 9], [2, 3], [local]);
  const outline = [node('Box', 'Class', [1, 10], [1, 14], [grow])];
  const folds = [
    { startLine: 1, endLine: 9 },
    { startLine: 2, endLine: 8 },
    { startLine: 3, endLine: 4 },
    { startLine: 6, endLine: 7 },
    { startLine: 11, endLine: 12 },
  ];

  it('gives the declaration a line is in, where block gives the if around it', () => {
    expect(selectBlock(4, outline, folds, source)).toEqual({ startLine: 3, endLine: 5 });
    expect(selectDeclaration(4, outline, source)).toEqual({
      startLine: 2,
      endLine: 9,
      name: { line: 2, character: 3 },
    });
  });
  it('is the declaration cn map lists: a function inside a body is part of its method', () => {
    expect(selectDeclaration(7, outline, source)).toEqual({
      startLine: 2,
      endLine: 9,
      name: { line: 2, character: 3 },
    });
  });
  it('finds none for a line outside every declaration (a top-level call)', () => {
    expect(selectDeclaration(12, outline, source)).toBeUndefined();
  });
});
