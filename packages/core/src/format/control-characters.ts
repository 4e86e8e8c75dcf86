/**
 * What a terminal acts on instead of showing, when it comes from a file or a user: C0 controls (ESC starts an
 * OSC title or a `\x1b[2J` clear screen, BEL rings), DEL, C1 controls (U+0080–U+009F: 8-bit CSI and OSC) and the
 * bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069, "Trojan Source": a line shown in
 * another order than it reads). Tab is text. A line break is text in a block (code, a snippet, a doc comment)
 * and a control in a one-line field (a path or a name: a file named `a\nb.ts` would print as two ids).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS_IN_LINE = /[\x00-\x08\x0a-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;
/** In a block: `\n` and the `\r` of a `\r\n` are line breaks; a lone `\r` returns the cursor over the line. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS_IN_BLOCK = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;
/** What JSON.stringify leaves raw (it escapes C0 itself): each is valid JSON as a `\u` escape too. */
const RAW_IN_JSON = /[\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

/** `\u001b`: JSON's spelling of a character, visible, and plain ASCII, so escaping it again changes nothing. */
export function unicodeEscape(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** One line of outside text made safe to print; clean text comes back as it was (same tokens). */
export function escapeControls(text: string): string {
  return text.replace(CONTROLS_IN_LINE, unicodeEscape);
}

/** A block of lines (code, a snippet): the same, keeping its line breaks. */
export function escapeControlsInBlock(text: string): string {
  return text.replace(CONTROLS_IN_BLOCK, unicodeEscape);
}

/**
 * JSON that is safe on a terminal and parses to the same value: JSON.stringify escapes C0 controls but leaves
 * DEL, C1 and the bidi controls raw; they can only stand inside strings, where `\u` escapes mean the same.
 */
export function jsonText(value: unknown): string {
  return JSON.stringify(value).replace(RAW_IN_JSON, unicodeEscape);
}

/** Answer fields that hold several lines: code, snippets, hover signatures, doc comments, diagnostic messages. */
const BLOCK_FIELDS = new Set(['code', 'snippet', 'signature', 'documentation', 'message']);

/**
 * An answer with every string escaped for a terminal, for the formats that print text (json escapes itself):
 * names, paths, previews, messages — whatever field a presenter prints, so a new field cannot be missed. A
 * string takes its field's rule (a block keeps its line breaks), an array its parent's field's.
 */
export function escapeAnswerControls<T>(answer: T): T {
  return escapeValue(answer, undefined) as T;
}

function escapeValue(value: unknown, field: string | undefined): unknown {
  if (typeof value === 'string')
    return field !== undefined && BLOCK_FIELDS.has(field) ? escapeControlsInBlock(value) : escapeControls(value);
  if (Array.isArray(value)) return value.map((item: unknown) => escapeValue(item, field));
  if (typeof value !== 'object' || value === null) return value;
  const escaped: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) escaped[escapeControls(key)] = escapeValue(item, key);
  return escaped;
}
