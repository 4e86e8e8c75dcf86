import { describe, expect, it } from 'vitest';
import { callShapeOf, isCallShaped, type CallShape } from '../src/domain/call-shape.js';

/** Whether the first `wrap` in the text reads as a call of that shape. */
function called(text: string, shape: CallShape = 'bare'): boolean {
  return isCallShaped(text, text.indexOf('wrap'), 'wrap'.length, shape);
}

describe('isCallShaped: the call shapes agents grep for, (^|[^.\\w])wrap(<[^>]*>)?\\( and \\.wrap\\(', () => {
  it('takes a bare call, with type arguments, optional call, a spread, new and space before the parenthesis', () => {
    expect(called('return wrap(item).toJSON();')).toBe(true);
    expect(called('wrap<Entity>(item)')).toBe(true);
    expect(called('wrap<Map<string, (a: number) => void>>(item)')).toBe(true);
    expect(called('wrap<{ a: string; b: number }>(item)')).toBe(true);
    expect(called('wrap?.(item)')).toBe(true);
    expect(called('f(...wrap(items))')).toBe(true);
    expect(called('new wrap')).toBe(true);
    expect(called('wrap (item)')).toBe(true);
  });

  it('leaves out member calls, references that are no call, and comparisons', () => {
    expect(called('this.wrap(key)')).toBe(false);
    expect(called('this?.wrap(key)')).toBe(false);
    expect(called('helper.\n  wrap(key)')).toBe(false);
    expect(called("import { wrap } from './wrap';")).toBe(false);
    expect(called('const f = wrap;')).toBe(false);
    expect(called('if (wrap < limit && count > (max)) {')).toBe(false);
    expect(called('const small = wrap < limit; const f = (x) => x;')).toBe(false);
    expect(called('wrap')).toBe(false);
  });

  it('for a member, takes calls after a dot and leaves out bare calls and reads', () => {
    expect(called('this.wrap(key)', 'member')).toBe(true);
    expect(called('comparator?.wrap<string>(key)', 'member')).toBe(true);
    expect(called('helper.\n  wrap(key)', 'member')).toBe(true);
    expect(called('wrap(key)', 'member')).toBe(false);
    expect(called('new wrap', 'member')).toBe(false);
    expect(called('f(...wrap(items))', 'member')).toBe(false);
    expect(called('if (options.wrap) {', 'member')).toBe(false);
  });

  it('a method or property is called after a dot; a function, class or variable bare', () => {
    expect(['Method', 'Property', 'Field', 'Function', 'Class', 'Variable', undefined].map(callShapeOf)).toEqual([
      'member',
      'member',
      'member',
      'bare',
      'bare',
      'bare',
      'bare',
    ]);
  });
});
