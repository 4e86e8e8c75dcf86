/**
 * A source file's bytes decoded as TypeScript's own sys.readFile does: a UTF-16 BOM (either byte
 * order) means UTF-16, a UTF-8 BOM is dropped, anything else is UTF-8. cn must see the text the
 * compiler sees, or its lines and columns drift from the language server's (a kept UTF-8 BOM
 * shifts line 1 by one column; UTF-16 read as UTF-8 is garbage).
 */
export function decodeSourceBytes(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length >= 2 && buffer[0] === 0xfe && buffer[1] === 0xff) {
    // Node has no UTF-16 BE decoder: swap each byte pair (on a copy) and read it as LE.
    const evenLength = (buffer.length - 2) & ~1;
    return Buffer.from(buffer.subarray(2, 2 + evenLength)).swap16().toString('utf16le');
  }
  if (buffer.length >= 2 && buffer[0] === 0xff && buffer[1] === 0xfe) return buffer.toString('utf16le', 2);
  if (buffer.length >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) return buffer.toString('utf8', 3);
  return buffer.toString('utf8');
}

/** A NUL among the first characters marks a binary file (after decoding, so UTF-16 text is not one). */
export function looksBinary(text: string): boolean {
  return text.slice(0, 8192).includes('\0');
}
