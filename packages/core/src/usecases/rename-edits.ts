import type { RenameFile, RenameLine } from '@cn/protocol';
import { engineFailure } from '../domain/errors.js';
import { formatLocationId } from '../domain/ids.js';
import { SourceText } from '../domain/source-text.js';
import type { EngineRenameEdit } from '../ports/rename.js';

/** A file's text after the rename, and its changed lines as the answer shows them. */
export interface EditedFile {
  filePath: string;
  text: string;
  shown: RenameFile;
}

/**
 * Applies the engine's edits to the texts the writer read. Each edit must replace exactly the old name where the
 * engine said: anything else means the file changed between the engine's answer and this read, and nothing is
 * computed from a text the engine did not see.
 */
export function applyRenameEdits(
  texts: Map<string, string>,
  edits: EngineRenameEdit[],
  oldName: string,
  relative: (filePath: string) => string,
): EditedFile[] {
  const byFile = new Map<string, EngineRenameEdit[]>();
  for (const edit of edits) byFile.set(edit.filePath, [...(byFile.get(edit.filePath) ?? []), edit]);
  return [...byFile.entries()]
    .sort(([a], [b]) => relative(a).localeCompare(relative(b)))
    .map(([filePath, fileEdits]) =>
      editFile(filePath, texts.get(filePath) ?? '', fileEdits, oldName, relative(filePath)),
    );
}

function editFile(
  filePath: string,
  text: string,
  edits: EngineRenameEdit[],
  oldName: string,
  relativePath: string,
): EditedFile {
  const source = new SourceText(text);
  const offsetOf = (line: number, character: number) => (source.lineStarts[line - 1] ?? Infinity) + character - 1;
  const placed = edits
    .map((edit) => {
      const { start, end } = edit.range;
      const from = offsetOf(start.line, start.character);
      const to = offsetOf(end.line, end.character);
      if (start.line !== end.line || text.slice(from, to) !== oldName)
        throw engineFailure(
          `the engine's rename does not match ${relativePath} at line ${start.line}: the file changed meanwhile`,
          'run cn rename again',
        );
      return { edit, from, to };
    })
    .sort((a, b) => a.from - b.from)
    .filter((each, index, all) => index === 0 || all[index - 1].from !== each.from);
  let result = '';
  let cursor = 0;
  for (const { edit, from, to } of placed) {
    result += text.slice(cursor, from) + edit.newText;
    cursor = to;
  }
  result += text.slice(cursor);
  return {
    filePath,
    text: result,
    shown: { filePath: relativePath, lines: changedLines(source, placed, relativePath) },
  };
}

function changedLines(
  source: SourceText,
  placed: { edit: EngineRenameEdit; from: number; to: number }[],
  relativePath: string,
): RenameLine[] {
  const lines = new Map<number, typeof placed>();
  for (const each of placed) {
    const line = each.edit.range.start.line;
    lines.set(line, [...(lines.get(line) ?? []), each]);
  }
  return [...lines.entries()].map(([line, onLine]) => {
    const old = source.line(line) ?? '';
    let changed = '';
    let cursor = 0;
    for (const { edit } of onLine) {
      const { start, end } = edit.range;
      changed += old.slice(cursor, start.character - 1) + edit.newText;
      cursor = end.character - 1;
    }
    changed += old.slice(cursor);
    return {
      line,
      old,
      new: changed,
      edits: onLine.map(({ edit }) => ({
        id: formatLocationId(relativePath, line, edit.range.start.character),
        line,
        character: edit.range.start.character,
        oldText: old.slice(edit.range.start.character - 1, edit.range.end.character - 1),
        newText: edit.newText,
      })),
    };
  });
}
