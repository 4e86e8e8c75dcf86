import type { CheckResponse } from '@cn/protocol';
import { fileList, plural } from './notes.js';
import type { Presenter } from './presenter.js';

/** One line per diagnostic, the new ones marked: `new  src/a.ts:3:7  error TS2322  Type 'string' is not …`. */
function checkText(answer: CheckResponse): string {
  const lines = answer.diagnostics.map(
    (d) =>
      `${d.new ? 'new ' : 'old '} ${d.filePath}:${d.line}:${d.character}  ${d.severity} ${d.code}  ${d.message.split('\n')[0]}`,
  );
  const checked = plural(1 + answer.importers.length, 'file');
  lines.push(
    `${plural(answer.newErrors, 'new error')}, ${answer.errors - answer.newErrors} already there, ${answer.fixedErrors} fixed, in ${checked} (${answer.file} and its direct importers); nothing written`,
  );
  if (answer.importersNotChecked)
    lines.push(`${plural(answer.importersNotChecked, 'more importer')} not checked (the first 49 were)`);
  return lines.join('\n');
}

export const checkPresenter: Presenter<CheckResponse> = {
  text: checkText,
  // Already one line per diagnostic.
  compact: checkText,
  ids: (answer) => answer.diagnostics.map((d) => d.id).join('\n'),
  files: (answer) => fileList(answer.diagnostics),
};
