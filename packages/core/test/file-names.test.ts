import { describe, expect, it } from 'vitest';
import { fileNameBytes, fileNameText, forwardSlashes, hasByteEscapes } from '../src/domain/file-names.js';

const bytes = (...parts: Array<string | number[]>) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part)] : part)));

describe('file names that are not UTF-8', () => {
  it('a UTF-8 name is its own text, escapes and all else untouched', () => {
    for (const name of ['src/café.ts', 'src/名前.ts', 'a\\b.ts', 'emoji-😀.ts']) {
      expect(fileNameText(Buffer.from(name))).toBe(name);
      expect(fileNameBytes(name)).toBeUndefined();
    }
  });

  it('each byte outside a UTF-8 character is \\xHH, a backslash \\\\, and the spelling gives the bytes back', () => {
    const cases: Array<[Uint8Array, string]> = [
      [bytes('src/caf', [0xe9], '.ts'), 'src/caf\\xE9.ts'],
      [bytes('a\\', [0xff], 'é'), 'a\\\\\\xFFé'],
      [bytes([0xc0, 0x80], 'x'), '\\xC0\\x80x'], // an overlong NUL
      [bytes([0xed, 0xa0, 0x80]), '\\xED\\xA0\\x80'], // a UTF-16 surrogate
      [bytes('ok', [0xe2, 0x82]), 'ok\\xE2\\x82'], // a cut character
    ];
    for (const [raw, spelled] of cases) {
      expect(fileNameText(raw)).toBe(spelled);
      expect(hasByteEscapes(spelled)).toBe(true);
      expect([...fileNameBytes(spelled)!]).toEqual([...raw]);
    }
  });

  it('a UTF-8 name that itself spells an escape is escaped too, so two files never share a spelling', () => {
    const literal = Buffer.from('a\\xE9.ts');
    const latin = bytes('a', [0xe9], '.ts');
    expect(fileNameText(literal)).toBe('a\\\\xE9.ts');
    expect(fileNameText(latin)).toBe('a\\xE9.ts');
    expect([...fileNameBytes(fileNameText(literal))!]).toEqual([...literal]);
    expect([...fileNameBytes(fileNameText(latin))!]).toEqual([...latin]);
  });
});

describe('forwardSlashes', () => {
  it('turns Windows separators into / and leaves cn’s escapes in a name alone', () => {
    expect(forwardSlashes('src\\util\\a.ts')).toBe('src/util/a.ts');
    expect(forwardSlashes('src\\caf\\xE9.ts')).toBe('src/caf\\xE9.ts');
    expect(forwardSlashes('src/a\\\\\\xFF.ts')).toBe('src/a\\\\\\xFF.ts');
  });
});
