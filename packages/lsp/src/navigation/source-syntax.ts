import ts from '../typescript-api.cjs';
import type { Position } from '@cn/core';

/** A syntax tree of one file, parents set (no project, no type checking). */
export function parseSource(fileName: string, text: string): ts.SourceFile {
  return ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKind(fileName));
}

/**
 * A syntax tree for reading what is at a few places: no parent pointers (the reader sets them on its way down)
 * and no JSDoc parsed (comments stay trivia either way): rxjs's 252 sources take 59 ms of CPU instead of 101.
 */
export function parseSourceLean(fileName: string, text: string): ts.SourceFile {
  return ts.createSourceFile(
    fileName,
    text,
    { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    false,
    scriptKind(fileName),
  );
}

/** The domain's 1-based position of a character offset. */
export function positionOf(source: ts.SourceFile, offset: number): Position {
  const { line, character } = source.getLineAndCharacterOfPosition(offset);
  return { line: line + 1, character: character + 1 };
}

/** The character offset of a 1-based position; undefined when the file has no such line (it changed meanwhile). */
export function offsetOf(source: ts.SourceFile, position: Position): number | undefined {
  const lineStarts = source.getLineStarts();
  const lineStart = lineStarts[position.line - 1];
  if (lineStart === undefined) return undefined;
  const lineEnd = lineStarts[position.line] ?? source.text.length;
  const offset = lineStart + position.character - 1;
  return offset >= lineStart && offset <= lineEnd ? offset : undefined;
}

function scriptKind(fileName: string): ts.ScriptKind {
  const extension = /\.[^./\\]+$/.exec(fileName)?.[0].toLowerCase() ?? '';
  if (extension === '.tsx') return ts.ScriptKind.TSX;
  if (extension === '.jsx') return ts.ScriptKind.JSX;
  if (extension === '.js' || extension === '.mjs' || extension === '.cjs') return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}
