/**
 * The check a compile cache must pass before V8 sees it. V8 takes a code cache on trust: its header names
 * the V8 version, flags and source length, but the payload is deserialized unchecked (release builds skip
 * its checksum), and damaged bytes crashed every later `cn` (segfaults, V8 fatal errors: 29 of 30 random
 * corruptions). So each cache file is `cnV8`, the payload's length and this checksum, then V8's bytes.
 *
 * Two FNV-1a lanes over the payload's 32-bit words (alternating), the bytes past the last 8 into the first:
 * a damaged word changes its lane for good (xor with a different word, then a multiplication by an odd
 * number, are both one-to-one), so a zeroed range, flipped bits or any one bad word are always caught, and
 * other damage slips through with odds of about 2^-64; truncation changes the length. It is not
 * cryptographic and need not be: the cache directory is this user's own (compile-cache.ts).
 * Cost on the launcher's path (fresh node per run, 2-core VM, Node 20.20.2): 0.65 ms for 120 KB (the
 * CLI's cache is ~140 KB); loading node:crypto alone costs 2 ms and node:zlib (for crc32) 1.3 ms.
 */
export const CACHE_HEADER_BYTES = 16;
const MAGIC = 0x3856_6e63; // "cnV8" read as a little-endian uint32
const FNV_PRIME = 0x0100_0193;

/** The header to write before `payload`. */
export function cacheHeader(payload: Uint8Array): Buffer {
  const [first, second] = checksum(payload);
  const header = Buffer.alloc(CACHE_HEADER_BYTES);
  header.writeUInt32LE(MAGIC, 0);
  header.writeUInt32LE(payload.length, 4);
  header.writeUInt32LE(first, 8);
  header.writeUInt32LE(second, 12);
  return header;
}

/** V8's bytes from a cache file, if its header says they are whole and unchanged; undefined otherwise. */
export function verifiedPayload(file: Buffer): Buffer | undefined {
  if (file.length < CACHE_HEADER_BYTES || file.readUInt32LE(0) !== MAGIC) return undefined;
  const payload = file.subarray(CACHE_HEADER_BYTES);
  if (payload.length !== file.readUInt32LE(4)) return undefined;
  const [first, second] = checksum(payload);
  return first === file.readUInt32LE(8) && second === file.readUInt32LE(12) ? payload : undefined;
}

export function checksum(data: Uint8Array): [number, number] {
  // An Int32Array view needs a 4-byte aligned offset; a misaligned one (small pooled buffers) is copied.
  const bytes = data.byteOffset % 4 === 0 ? data : new Uint8Array(data);
  const words = new Int32Array(bytes.buffer, bytes.byteOffset, (bytes.length >>> 3) << 1);
  let first = 0x811c_9dc5 | 0;
  let second = 0x050c_5d1f | 0;
  for (let i = 0; i < words.length; i += 2) {
    first = Math.imul(first ^ words[i], FNV_PRIME);
    second = Math.imul(second ^ words[i + 1], FNV_PRIME);
  }
  for (let i = words.length * 4; i < bytes.length; i++) first = Math.imul(first ^ bytes[i], FNV_PRIME);
  return [first >>> 0, second >>> 0];
}
