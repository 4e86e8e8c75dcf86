/**
 * A source file's bytes decoded as TypeScript's own sys.readFile does: a UTF-16 BOM (either byte
 * order) means UTF-16, a UTF-8 BOM is dropped, anything else is UTF-8. cn must see the text the
 * compiler sees, or its lines and columns drift from the language server's (a kept UTF-8 BOM
 * shifts line 1 by one column; UTF-16 read as UTF-8 is garbage).
 */
export function decodeSourceBytes(bytes: Uint8Array): string {
  // ignoreBOM keeps any further BOM as a character, as the compiler's Buffer decoding does; an odd last
  // byte of UTF-16 is dropped, as there.
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return decode('utf-16be', evenPart(bytes.subarray(2)));
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return decode('utf-16le', evenPart(bytes.subarray(2)));
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decode('utf-8', bytes.subarray(3));
  return decode('utf-8', bytes);
}

function decode(encoding: 'utf-8' | 'utf-16le' | 'utf-16be', bytes: Uint8Array): string {
  return new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes);
}

function evenPart(bytes: Uint8Array): Uint8Array {
  return bytes.subarray(0, bytes.length & ~1);
}

/** A NUL among the first characters marks a binary file (after decoding, so UTF-16 text is not one). */
export function looksBinary(text: string): boolean {
  return text.slice(0, 8192).includes('\0');
}
