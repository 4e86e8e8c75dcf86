/**
 * Which three-character sequences a text holds, as a bit set hashed from each of them: a literal with a sequence
 * the set lacks is surely not in the text, so `cn grep` skips the text without scanning it (on effect, 7 MB in 361
 * files, the scan for a literal was ~4 ms of every grep, the signatures' test ~0.05 ms). A set bit proves nothing
 * (another sequence may share it): a "maybe" is always scanned.
 *
 * Sequences are case-folded as RE2 and the `iu` flags fold characters to ASCII (A–Z, plus the Kelvin sign for k and
 * the long s for s), so one signature serves case-sensitive and case-insensitive patterns; a literal's sequences
 * holding any other non-ASCII code unit are not tested at all, since other folds would reach them.
 *
 * Sized at one bit per two characters (at least 512 bits; at most 2^20, 128 KB): on effect, three and rxjs about 8,
 * 20 and 29% of the bits are set, so a literal of six or more characters is all but never a false "maybe". That is
 * ~6% of the text's characters in bytes, kept with the text for as long as the text is kept.
 */
export class TrigramSignature {
  private constructor(
    private readonly bits: Int32Array,
    private readonly shift: number,
  ) {}

  static of(text: string): TrigramSignature {
    let log2 = MIN_LOG2_BITS;
    while (log2 < MAX_LOG2_BITS && 2 ** log2 < text.length / CHARACTERS_PER_BIT) log2++;
    const bits = new Int32Array(2 ** (log2 - 5));
    const shift = 32 - log2;
    let first = fold(text.charCodeAt(0));
    let second = fold(text.charCodeAt(1));
    for (let at = 2; at < text.length; at++) {
      const third = fold(text.charCodeAt(at));
      const bit = hash(first, second, third) >>> shift;
      bits[bit >>> 5] |= 1 << (bit & 31);
      first = second;
      second = third;
    }
    return new TrigramSignature(bits, shift);
  }

  /**
   * A signature from the bytes `bytes` gave (in this machine's byte order): undefined unless they are the size `of`
   * makes one, so what a file outside cn's control holds cannot pass for a signature of another size.
   */
  static fromBytes(bytes: Uint8Array): TrigramSignature | undefined {
    const bitCount = bytes.byteLength * 8;
    const log2 = Math.log2(bitCount);
    if (!Number.isInteger(log2) || log2 < MIN_LOG2_BITS || log2 > MAX_LOG2_BITS) return undefined;
    // A copy: the words must be aligned, and must not keep the (larger) buffer they were read from alive.
    const bits = new Int32Array(bitCount / 32);
    new Uint8Array(bits.buffer).set(bytes);
    return new TrigramSignature(bits, 32 - log2);
  }

  /** The signature's bits as bytes, in this machine's byte order: what fromBytes takes back. */
  bytes(): Uint8Array {
    return new Uint8Array(this.bits.buffer, this.bits.byteOffset, this.bits.byteLength);
  }

  /** What the signature takes in memory, in bytes. */
  get byteLength(): number {
    return this.bits.byteLength;
  }

  /** False only when the text surely holds none of `literals`. */
  mayContainAny(literals: readonly string[]): boolean {
    return literals.some((literal) => this.mayContain(literal));
  }

  /** False only when the text surely does not hold `literal` (in any case, under the folding above). */
  mayContain(literal: string): boolean {
    for (let at = 2; at < literal.length; at++) {
      const first = literal.charCodeAt(at - 2);
      const second = literal.charCodeAt(at - 1);
      const third = literal.charCodeAt(at);
      if (first > LAST_ASCII || second > LAST_ASCII || third > LAST_ASCII) continue;
      const bit = hash(fold(first), fold(second), fold(third)) >>> this.shift;
      if ((this.bits[bit >>> 5] & (1 << (bit & 31))) === 0) return false;
    }
    return true;
  }
}

const CHARACTERS_PER_BIT = 2;
const MIN_LOG2_BITS = 9;
const MAX_LOG2_BITS = 20;
const LAST_ASCII = 0x7f;
const KELVIN_SIGN = 0x212a;
const LONG_S = 0x017f;

/** The folding every case-insensitive match agrees with on ASCII: RE2's and the `iu` flags' simple case folding. */
function fold(code: number): number {
  if (code >= 0x41 && code <= 0x5a) return code | 0x20;
  if (code === KELVIN_SIGN) return 0x6b;
  if (code === LONG_S) return 0x73;
  return code;
}

function hash(first: number, second: number, third: number): number {
  return Math.imul(first, 0x9e3779b1) ^ Math.imul(second, 0x85ebca77) ^ Math.imul(third, 0xc2b2ae3d);
}
