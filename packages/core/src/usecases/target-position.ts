import { badInput } from '../domain/errors.js';
import { parseNamedTarget, parseTarget } from '../domain/ids.js';
import type { Position } from '../domain/location.js';
import { SourceText } from '../domain/source-text.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { SourceFiles } from '../ports/source-files.js';
import { positionOfNamedTarget, type ReExportHop } from './named-target.js';
import { resolveSourceFile } from './resolve-source.js';

export interface ResolvedTarget {
  filePath: string;
  position: Position;
  text: SourceText;
  /** A `path::Name` the file has through `export *` or a re-export: the statements followed (named-target.ts). */
  through?: ReExportHop[];
  /** With `through`: the files the `export *` statements led to that were looked in (named-target.ts). */
  searched?: { files: number; alsoExportedBy: string[] };
}

/**
 * Turns an id into a checked position in the file as it is now: an id whose line no longer exists
 * is refused rather than answered with code from the wrong place. `path::Name` is the position of
 * that declaration's name in the file's outline, or in a file it re-exports with `export *` (named-target.ts).
 */
export async function resolveTargetPosition(
  deps: { files: SourceFiles; engine: Pick<CodeIntelligence, 'outline' | 'definition'> },
  id: string,
): Promise<ResolvedTarget> {
  const named = parseNamedTarget(id);
  if (named) {
    const filePath = await resolveSourceFile(deps.files, named.filePath);
    return positionOfNamedTarget(deps, named, filePath, await deps.files.readSource(filePath));
  }
  const target = parseTarget(id);
  const filePath = await resolveSourceFile(deps.files, target.filePath);
  const text = await deps.files.readSource(filePath);
  const content = text.line(target.line);
  if (content === undefined) {
    throw badInput(
      `line ${target.line} is past the end of ${target.filePath} (${text.lineCount} lines)`,
      'the file may have changed; run cn map or cn find again for fresh ids',
    );
  }
  if (target.character !== undefined && target.character > content.length + 1) {
    throw badInput(
      `column ${target.character} is past the end of line ${target.line} of ${target.filePath} (${content.length} characters)`,
      'the file may have changed; run cn map or cn find again for fresh ids',
    );
  }
  const character = target.character ?? firstIdentifierColumn(content);
  return { filePath, position: { line: target.line, character }, text };
}

/** For `path:line` without a column: the first identifier on the line, past keywords like `export`. */
function firstIdentifierColumn(content: string): number {
  const declaration =
    /^(\s*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:class|interface|function\*?|const|let|var|type|enum|namespace)\s+)([\p{L}$_])/u.exec(
      content,
    );
  if (declaration) return declaration[1].length + 1;
  const identifier = /[\p{L}$_]/u.exec(content);
  return identifier ? identifier.index + 1 : 1;
}
