import type { SnippetLevel } from '@cn/protocol';
import { badInput } from '../domain/errors.js';
import type { SourceText } from '../domain/source-text.js';
import { plural } from '../format/notes.js';

export const SNIPPET_LEVELS: readonly SnippetLevel[] = ['fold', 'preview', 'full'];
/** `preview` shows the signature and this many lines in all. */
export const PREVIEW_LINES = 6;
const SIGNATURE_MAX = 160;
const SIGNATURE_MAX_LINES = 12;

export function checkSnippetLevel(level: string | undefined): SnippetLevel | undefined {
  if (level === undefined) return undefined;
  if (!SNIPPET_LEVELS.includes(level as SnippetLevel))
    throw badInput(`unknown snippet level '${level}'`, 'use --snippet fold, preview or full');
  return level as SnippetLevel;
}

/**
 * A declaration's code at a level of detail (the LocAgent/CDS convention): `fold` is the one-line
 * signature with the body folded to `{ … }`, `preview` the first lines, `full` the whole block.
 * Common indentation is removed: it costs tokens and says nothing.
 */
export function snippet(text: SourceText, startLine: number, endLine: number, level: SnippetLevel): string {
  const first = firstCodeLine(text, startLine, endLine);
  if (level === 'fold') return signature(text, first, endLine);
  const last = level === 'preview' ? Math.min(endLine, first + PREVIEW_LINES - 1) : endLine;
  const lines = dedent(text.lineRange(first, last));
  if (last < endLine) lines.push(`… (${plural(endLine - last, 'more line')})`);
  return lines.join('\n');
}

/** Declarations start at decorators and sometimes comments; the signature starts after them. */
function firstCodeLine(text: SourceText, startLine: number, endLine: number): number {
  let line = startLine;
  while (line < endLine && /^\s*(?:@[\w.$]+(?:\(.*\))?\s*$|\/\/|\/\*|\*)/.test(text.line(line) ?? '')) line++;
  return line;
}

/** The declaration up to its body or its end, on one line: parameters spread over lines join. */
export function signature(text: SourceText, startLine: number, endLine: number): string {
  let depth = 0;
  let quote: string | undefined;
  let out = '';
  const last = Math.min(endLine, startLine + SIGNATURE_MAX_LINES - 1, text.lineCount);
  for (let lineNumber = startLine; lineNumber <= last; lineNumber++) {
    const line = (text.line(lineNumber) ?? '').replace(/\/\/.*$/, '');
    for (let i = 0; i < line.length; i++) {
      const ch = line[i];
      if (quote) {
        if (ch === '\\') i++;
        else if (ch === quote) quote = undefined;
      } else if (ch === '"' || ch === "'" || ch === '`') quote = ch;
      else if ('([<'.includes(ch)) depth++;
      else if (')]'.includes(ch) || (ch === '>' && line[i - 1] !== '=')) depth = Math.max(0, depth - 1);
      else if (depth === 0 && ch === '{') {
        // `interface Empty {}` and one-line bodies are already short: keep them whole.
        const closesOnLine = /^[^{}]*}\s*;?\s*$/.test(line.slice(i + 1)) && line.length - i < 60;
        return closesOnLine ? finish(`${out}${line}`, false) : finish(`${out}${line.slice(0, i + 1)}`, true);
      } else if (depth === 0 && ch === ';') return finish(`${out}${line.slice(0, i + 1)}`, false);
    }
    out += `${line} `;
  }
  return finish(out, false, last < endLine);
}

function finish(raw: string, openedBody: boolean, cut = false): string {
  let text = raw.replace(/\s+/g, ' ').trim();
  if (openedBody) text = `${text} … }`;
  else if (cut) text = `${text} …`;
  return text.length > SIGNATURE_MAX ? `${text.slice(0, SIGNATURE_MAX - 1)}…` : text;
}

function dedent(lines: string[]): string[] {
  const indents = lines.filter((line) => line.trim() !== '').map((line) => /^\s*/.exec(line)![0].length);
  const common = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((line) => line.slice(Math.min(common, /^\s*/.exec(line)![0].length)).trimEnd());
}
