/**
 * File names are bytes; cn's paths are strings. A name that is valid UTF-8 is its text. One that is not (a Latin-1
 * `caf\xE9.ts` from an old archive, bytes a repository was built to hold) has no text: decoded as UTF-8 each bad byte
 * becomes U+FFFD, and the path no longer names the file (a file nobody can read, or two that look the same). cn
 * spells such a name with each byte that is not part of a UTF-8 character as `\xHH` and each backslash as `\\`: plain
 * ASCII where the name was not text, reversible (fileNameBytes), printed and typed back as it is. A name that is
 * valid UTF-8 is its own text, unless that text itself spells an escape (`a\x41.ts`): then it is escaped too (its
 * backslashes doubled), so no two files ever share a spelling.
 */

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const ENCODER = new TextEncoder();

/** The name cn uses for these bytes (a file name, or a whole path read as bytes). */
export function fileNameText(bytes: Uint8Array): string {
  try {
    const text = UTF8.decode(bytes);
    return hasByteEscapes(text) ? escapeBytes(bytes) : text;
  } catch {
    return escapeBytes(bytes);
  }
}

/**
 * The bytes a name spelled by fileNameText stands for; undefined for a name with no `\x` escape (its UTF-8 is its
 * bytes, and node takes it as a string). A `\` not followed by `\` or `xHH` is a byte of its own, as typed.
 */
export function fileNameBytes(name: string): Uint8Array | undefined {
  if (!hasByteEscapes(name)) return undefined;
  const bytes: number[] = [];
  for (let at = 0; at < name.length;) {
    const escape = /^\\(?:\\|x([0-9A-Fa-f]{2}))/.exec(name.slice(at, at + 4));
    if (escape) {
      bytes.push(escape[1] === undefined ? 0x5c : Number.parseInt(escape[1], 16));
      at += escape[0].length;
      continue;
    }
    const codePoint = name.codePointAt(at)!;
    const char = String.fromCodePoint(codePoint);
    bytes.push(...ENCODER.encode(char));
    at += char.length;
  }
  return Uint8Array.from(bytes);
}

/** Whether the name spells a byte that is not UTF-8 (`\xHH`): only then is it not its own text. */
export function hasByteEscapes(name: string): boolean {
  return /\\x[0-9A-Fa-f]{2}/.test(name);
}

/** Valid UTF-8 runs as text (a backslash doubled), every other byte as `\xHH`. */
function escapeBytes(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length;) {
    const length = utf8SequenceLength(bytes, at);
    if (length === 0) {
      text += `\\x${bytes[at].toString(16).toUpperCase().padStart(2, '0')}`;
      at += 1;
      continue;
    }
    const char = UTF8.decode(bytes.subarray(at, at + length));
    text += char === '\\' ? '\\\\' : char;
    at += length;
  }
  return text;
}

/** The length of the well-formed UTF-8 sequence at `at` (RFC 3629: no overlong, surrogate or past U+10FFFF), or 0. */
function utf8SequenceLength(bytes: Uint8Array, at: number): number {
  const first = bytes[at];
  const continuation = (offset: number, low = 0x80, high = 0xbf) =>
    at + offset < bytes.length && bytes[at + offset] >= low && bytes[at + offset] <= high;
  if (first < 0x80) return 1;
  if (first >= 0xc2 && first <= 0xdf) return continuation(1) ? 2 : 0;
  if (first >= 0xe0 && first <= 0xef) {
    const [low, high] = first === 0xe0 ? [0xa0, 0xbf] : first === 0xed ? [0x80, 0x9f] : [0x80, 0xbf];
    return continuation(1, low, high) && continuation(2) ? 3 : 0;
  }
  if (first >= 0xf0 && first <= 0xf4) {
    const [low, high] = first === 0xf0 ? [0x90, 0xbf] : first === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
    return continuation(1, low, high) && continuation(2) && continuation(3) ? 4 : 0;
  }
  return 0;
}

/**
 * A path typed with Windows separators (`src\util`) as cn's `/`-separated one, leaving cn's own escapes
 * (`\xE9`, `\\`) alone: they are part of a name, not separators.
 */
export function forwardSlashes(path: string): string {
  return path.replace(/\\\\|\\x[0-9A-Fa-f]{2}|\\/g, (found) => (found === '\\' ? '/' : found));
}
