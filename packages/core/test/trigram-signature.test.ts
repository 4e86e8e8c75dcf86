import { describe, expect, it } from 'vitest';
import { TrigramSignature } from '../src/domain/trigram-signature.js';

/** A seeded generator (mulberry32): the same texts on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Letters of both cases, digits, punctuation, line ends and the characters folding treats specially. */
const ALPHABET = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _.$({\n\r',
  'é',
  'É',
  '\u212a',
  '\u017f',
  '😀',
];

function randomText(next: () => number, length: number): string {
  let text = '';
  while (text.length < length) text += ALPHABET[Math.floor(next() * ALPHABET.length)];
  return text;
}

describe('TrigramSignature: a literal it rules out is surely not in the text', () => {
  it('never rules out a piece of the text, whatever its length, case or characters', () => {
    const next = random(7);
    for (let round = 0; round < 40; round++) {
      const text = randomText(next, 1 + Math.floor(next() * 3000));
      const signature = TrigramSignature.of(text);
      for (let probe = 0; probe < 50; probe++) {
        const start = Math.floor(next() * text.length);
        const piece = text.slice(start, start + 1 + Math.floor(next() * 12));
        expect(signature.mayContain(piece), JSON.stringify(piece)).toBe(true);
        expect(signature.mayContain(piece.toUpperCase()), JSON.stringify(piece)).toBe(true);
        expect(signature.mayContain(piece.toLowerCase()), JSON.stringify(piece)).toBe(true);
      }
    }
  });

  it('rules out most literals the text does not hold', () => {
    const next = random(11);
    // Like code: a few hundred words used over and over (a random text holds nearly every sequence there is).
    const words = Array.from({ length: 400 }, () => randomText(next, 4 + Math.floor(next() * 8)));
    const text = Array.from({ length: 8000 }, () => words[Math.floor(next() * words.length)]).join(' ');
    const signature = TrigramSignature.of(text);
    const absent = Array.from({ length: 200 }, () => randomText(next, 8)).filter((literal) => !text.includes(literal));
    const ruledOut = absent.filter((literal) => !signature.mayContain(literal));
    expect(ruledOut.length).toBeGreaterThan(absent.length * 0.95);
    expect(TrigramSignature.of('export const retryDelay = 1').mayContain('exponential')).toBe(false);
  });

  it('folds as case-insensitive patterns do: ASCII case, the Kelvin sign as k, the long s as s', () => {
    expect(TrigramSignature.of('const EXPONENTIAL = 2').mayContain('exponential')).toBe(true);
    expect(TrigramSignature.of('const exponential = 2').mayContain('ExPoNeNtIaL')).toBe(true);
    expect(TrigramSignature.of('\u212aELVIN').mayContain('kelvin')).toBe(true);
    expect(TrigramSignature.of('cla\u017f\u017f').mayContain('CLASS')).toBe(true);
  });

  it('never rules out on what it does not test: fewer than three characters, or non-ASCII sequences', () => {
    const signature = TrigramSignature.of('abc');
    expect(signature.mayContain('zz')).toBe(true);
    expect(signature.mayContain('')).toBe(true);
    // Other folds (É and é) would reach a sequence with a non-ASCII character: it is not tested.
    expect(TrigramSignature.of('CAFÉ').mayContain('é')).toBe(true);
    expect(TrigramSignature.of('café').mayContain('ÉÉÉ')).toBe(true);
    expect(TrigramSignature.of('café').mayContain('xyz')).toBe(false);
  });

  it('reads back from its bytes as the same signature, and refuses bytes of a size no text gives', () => {
    const text = 'export class DataSource { connect() {} }\n'.repeat(300);
    const signature = TrigramSignature.of(text);
    const copy = TrigramSignature.fromBytes(Uint8Array.from(signature.bytes()))!;
    expect(copy.bytes()).toEqual(signature.bytes());
    for (const literal of ['DataSource', 'connect', 'repository', 'EntityManager'])
      expect(copy.mayContain(literal), literal).toBe(signature.mayContain(literal));
    expect(copy.mayContain('repository')).toBe(false);
    // Bytes read at an odd offset of a larger buffer still make aligned words.
    const shifted = new Uint8Array(signature.byteLength + 1).subarray(1);
    shifted.set(signature.bytes());
    expect(TrigramSignature.fromBytes(shifted)?.mayContain('connect')).toBe(true);
    expect(TrigramSignature.fromBytes(new Uint8Array(0))).toBeUndefined();
    expect(TrigramSignature.fromBytes(new Uint8Array(48))).toBeUndefined();
    expect(TrigramSignature.fromBytes(new Uint8Array(32))).toBeUndefined();
    expect(TrigramSignature.fromBytes(new Uint8Array(2 ** 18))).toBeUndefined();
    expect(TrigramSignature.fromBytes(new Uint8Array(64))).toBeDefined();
  });
});
