/**
 * The check a compile cache must pass before V8 sees it. V8 takes a code cache on trust: its header names
 * the V8 version, flags and source length, but the rest is deserialized unchecked, and damaged bytes crashed
 * every later `cn` (segfaults, V8 fatal errors: 17 and 20 of 30 random corruptions of the CLI's cache, in
 * two runs). So a cache file is `cnV8`, the length of V8's data, then that data twice; it is used only when
 * both copies are whole and the same.
 *
 * A second copy rather than a hash because the check runs on every `cn` call, before anything else, and a
 * byte comparison is the one check node makes natively without loading a module. Timed inside the launcher
 * (the CLI's 120 KB cache, 2026-11-28, 2-core VM, Node 20.20.2): comparing the copies 0.09 ms, reading the
 * second about as much again; a JS hash over the data (two FNV-1a lanes over 32-bit words) 0.8-1.9 ms, the
 * interpreter's pace; node:crypto costs 2 ms just to load, node:zlib (for crc32) 1.3 ms. The copies sit at
 * different offsets, so a zeroed range, flipped bits or a cut file leave them different: only damage that
 * is the same in both passes, and of that only zeroing all of both, which V8's own header check refuses.
 * Not proof against a writer who means it, and it need not be: the cache directory is this user's own
 * (compile-cache.ts).
 */
export const CACHE_HEADER_BYTES = 8;
const MAGIC = 0x3856_6e63; // "cnV8" read as a little-endian uint32

/** What to write for V8's `data`: the header, then the data twice. */
export function cacheFileBytes(data: Buffer): Buffer {
  const header = Buffer.alloc(CACHE_HEADER_BYTES);
  header.writeUInt32LE(MAGIC, 0);
  header.writeUInt32LE(data.length, 4);
  return Buffer.concat([header, data, data]);
}

/** V8's data from a cache file, if its header is ours and its two copies are whole and the same. */
export function verifiedPayload(file: Buffer): Buffer | undefined {
  if (file.length < CACHE_HEADER_BYTES || file.readUInt32LE(0) !== MAGIC) return undefined;
  const length = file.readUInt32LE(4);
  if (file.length !== CACHE_HEADER_BYTES + 2 * length) return undefined;
  const first = file.subarray(CACHE_HEADER_BYTES, CACHE_HEADER_BYTES + length);
  return first.equals(file.subarray(CACHE_HEADER_BYTES + length)) ? first : undefined;
}
