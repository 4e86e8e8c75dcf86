import type { RenameResponse } from '@cn/protocol';
import { guessNotes, named } from './graph-text.js';
import { fileList, plural } from './notes.js';
import type { Presenter } from './presenter.js';
import type { Voice } from './voice.js';

/** What the answer did, in one line: a preview writes nothing, an apply says what it wrote. */
function headline(answer: RenameResponse): string {
  const edits = `${plural(answer.editCount, 'edit')} in ${plural(answer.files.length, 'file')}`;
  return answer.applied
    ? `renamed ${answer.oldName} → ${answer.newName}: ${edits} written`
    : `rename ${answer.oldName} → ${answer.newName}: ${edits} (preview: nothing written)`;
}

/** How to apply exactly this preview, in the reader's words. */
function applyHint(answer: RenameResponse, voice: Voice): string {
  const cli = voice.option('ifUnchanged').startsWith('--');
  const rest = cli
    ? `${answer.newName} --apply --if-unchanged ${answer.fingerprint}`
    : `newName=${answer.newName} apply=true ifUnchanged=${answer.fingerprint}`;
  return `apply: ${voice.ask('rename', answer.target.id)} ${rest}`;
}

/** Before and after error counts of the touched files, and the first errors the rename added. */
function diagnosticLines(answer: RenameResponse): string[] {
  const change = answer.diagnostics;
  if (!change) return [];
  const counts = `errors in the touched files: ${change.before} before, ${change.after} after`;
  if (change.added.length === 0) return [counts];
  return [
    `${counts}: the rename added errors`,
    ...change.added.map((error) => `  ${error.id} TS${error.code}: ${error.message.split('\n')[0]}`),
  ];
}

function footer(answer: RenameResponse, voice: Voice): string[] {
  return [
    ...(answer.applied ? diagnosticLines(answer) : [`fingerprint ${answer.fingerprint}`, applyHint(answer, voice)]),
    ...guessNotes(answer, 'rename', voice),
  ];
}

/** A unified diff of the changed lines (zero lines of context: each hunk is one line). */
function diff(answer: RenameResponse): string[] {
  return answer.files.flatMap((file) => [
    `--- a/${file.filePath}`,
    `+++ b/${file.filePath}`,
    ...file.lines.flatMap((line) => [`@@ -${line.line} +${line.line} @@`, `-${line.old}`, `+${line.new}`]),
  ]);
}

export const renamePresenter: Presenter<RenameResponse> = {
  text: (answer, voice) =>
    [headline(answer), named(answer.target), ...diff(answer), ...footer(answer, voice)].join('\n'),
  compact: (answer, voice) =>
    [
      headline(answer),
      ...answer.files.flatMap((file) =>
        file.lines.flatMap((line) => line.edits.map((edit) => `${edit.id} ${line.new.trim()}`)),
      ),
      ...footer(answer, voice),
    ].join('\n'),
  ids: (answer) =>
    answer.files.flatMap((file) => file.lines.flatMap((line) => line.edits.map((edit) => edit.id))).join('\n'),
  files: (answer) => fileList(answer.files),
};
