/**
 * A source file's bytes decoded as TypeScript's own sys.readFile does: a UTF-16 BOM (either byte
 * order) means UTF-16, a UTF-8 BOM is dropped, anything else is UTF-8. cn must see the text the
 * compiler sees, or its lines and columns drift from the language server's (a kept UTF-8 BOM
 * shifts line 1 by one column; UTF-16 read as UTF-8 is garbage).
 */
export function decodeSourceBytes(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return decodeUtf16(bytes.subarray(2), false);
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return decodeUtf16(bytes.subarray(2), true);
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return decodeUtf8(bytes.subarray(3));
  return decodeUtf8(bytes);
}

function decodeUtf8(bytes: Uint8Array): string {
  // ignoreBOM: a further BOM is a character, as in the compiler's Buffer decoding.
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

/**
 * Code unit by code unit, as the compiler's Buffer decoding does: a lone surrogate is kept (a
 * TextDecoder would replace it with U+FFFD) and an odd last byte is dropped.
 */
function decodeUtf16(bytes: Uint8Array, littleEndian: boolean): string {
  let text = '';
  const units: number[] = [];
  for (let at = 0; at + 1 < bytes.length; at += 2) {
    units.push(littleEndian ? bytes[at] | (bytes[at + 1] << 8) : (bytes[at] << 8) | bytes[at + 1]);
    // In slices: String.fromCharCode takes its units as arguments, and arguments are limited.
    if (units.length === 8192) text += String.fromCharCode(...units.splice(0));
  }
  return text + String.fromCharCode(...units);
}

/** A NUL among the first characters marks a binary file (after decoding, so UTF-16 text is not one). */
export function looksBinary(text: string): boolean {
  return text.slice(0, 8192).includes('\0');
}
