import type { Range } from '../domain/location.js';
import type { SourceText } from '../domain/source-text.js';

/** How many lines back a multi-line import list may start. */
const LINES_BACK = 30;
// The text before a name inside `import { a, b }`, `import type { T }`, `import D, { a }`, `export { a } from`,
// `const { a } = require(`, or right after `import` (a default import).
const IN_BRACED_CLAUSE =
  /\b(?:(?:import|export)(?:\s+type)?(?:\s+[\p{L}$_][\p{L}\p{N}$_]*\s*,)?|const|let|var)\s*\{[^{}]*$/u;
const DEFAULT_IMPORT = /\bimport(?:\s+type)?\s+$/u;
const AFTER_BRACED_CLAUSE = /^[^{}]*\}\s*(?:from\b|=\s*require\s*\()/u;

/**
 * Whether the name in the range is imported or re-exported there (`import { a }`, `export { a } from`,
 * `import a from`, `const { a } = require(`): the file depends on the declaration by name without calling it.
 */
export function isImportSite(text: SourceText, range: Range): boolean {
  const line = text.line(range.start.line);
  if (line === undefined) return false;
  const before: string[] = [];
  for (let back = range.start.line - 1; back >= Math.max(1, range.start.line - LINES_BACK); back--) {
    const content = text.line(back) ?? '';
    before.unshift(content);
    if (/\b(?:import|export|const|let|var)\b/.test(content)) break;
  }
  const head = stripComments([...before, line.slice(0, range.start.character - 1)].join('\n'));
  if (DEFAULT_IMPORT.test(head)) return true;
  if (!IN_BRACED_CLAUSE.test(head)) return false;
  const after: string[] = [line.slice(range.end.character - 1)];
  for (let next = range.end.line + 1; next <= range.end.line + LINES_BACK; next++) {
    const content = text.line(next);
    if (content === undefined) break;
    after.push(content);
    if (content.includes('}')) break;
  }
  return AFTER_BRACED_CLAUSE.test(stripComments(after.join('\n')));
}

function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');
}
