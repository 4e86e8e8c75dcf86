import { describe, expect, it } from 'vitest';
import { isBareCall } from '../src/domain/call-shape.js';

/** Whether the first `wrap` in the text reads as a bare call. */
function called(text: string): boolean {
  return isBareCall(text, text.indexOf('wrap'), 'wrap'.length);
}

describe('isBareCall: the call shape agents grep for, (^|[^.\\w])wrap(<[^>]*>)?\\(', () => {
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
});
