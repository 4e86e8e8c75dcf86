import type { SourceText } from '../domain/source-text.js';
import { exportEntries, type ExportEntry } from './export-entries.js';
import { importBindings, type ImportBinding } from './import-bindings.js';

/**
 * A text's import bindings and `export … from` entries, each tokenized once per version of the text and kept as long
 * as the daemon keeps the text: a warm `cn find DataSource` on typeorm tokenized the ~900 files of its references and
 * definitions again on every question, 7.6 MB of garbage and their lexing each time.
 */
const bindingsByText = new WeakMap<SourceText, readonly ImportBinding[]>();
const entriesByText = new WeakMap<SourceText, readonly ExportEntry[]>();

export function importBindingsOf(text: SourceText): readonly ImportBinding[] {
  let bindings = bindingsByText.get(text);
  if (bindings === undefined) bindingsByText.set(text, (bindings = importBindings(text.text)));
  return bindings;
}

export function exportEntriesOf(text: SourceText): readonly ExportEntry[] {
  let entries = entriesByText.get(text);
  if (entries === undefined) entriesByText.set(text, (entries = exportEntries(text.text)));
  return entries;
}
