import { describe, expect, it } from 'vitest';
import { SourceText } from '../src/domain/source-text.js';
import { exportEntriesOf, importBindingsOf } from '../src/inspect/module-statements.js';

describe('importBindingsOf / exportEntriesOf: each version of a text tokenized once', () => {
  const code = "import { a, b as c } from './m';\nexport { d } from './n';\n";

  it('answers what importBindings and exportEntries do, the same array for the same text', () => {
    const text = new SourceText(code);
    expect(importBindingsOf(text).map(({ name, from }) => [name, from])).toEqual([
      ['a', './m'],
      ['c', './m'],
    ]);
    expect(exportEntriesOf(text).map(({ name, from }) => [name, from])).toEqual([['d', './n']]);
    expect(importBindingsOf(text)).toBe(importBindingsOf(text));
    expect(exportEntriesOf(text)).toBe(exportEntriesOf(text));
  });

  it('reads another version anew', () => {
    const before = new SourceText(code);
    const after = new SourceText("import e from './o';\n");
    expect(importBindingsOf(before)).not.toBe(importBindingsOf(after));
    expect(importBindingsOf(after).map(({ name }) => name)).toEqual(['e']);
    expect(exportEntriesOf(after)).toEqual([]);
  });
});
