import { unicodeEscape } from './format/control-characters.js';

/**
 * Text from outside (request lines, headers, names read from the system) made safe for a log line
 * or a terminal: control characters and anything beyond ASCII become \uXXXX escapes, so a crafted
 * value can neither start a new line nor carry escape sequences, and long values are cut to `max`
 * characters. The result is plain printable ASCII, so escaping it again changes nothing.
 */
export function printable(text: string, max: number): string {
  const escaped = text.replace(/[^\x20-\x7e]/g, unicodeEscape);
  return escaped.length <= max ? escaped : `${escaped.slice(0, max)}... (${escaped.length - max} more characters)`;
}
