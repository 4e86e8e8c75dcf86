import { badInput } from './errors.js';

/**
 * Ids name a place: `path::line::character`, 1-based, path relative to the root with `/`.
 * People and tools also paste `ref::path::line::char` (our own reference ids) and `path:line[:col]`
 * (compiler and ripgrep output), so the parser takes all of them.
 */
export interface Target {
  filePath: string;
  line: number;
  /** Absent when the input named only a line. */
  character?: number;
}

const REF_PREFIX = 'ref::';

export function formatLocationId(relativePath: string, line: number, character: number): string {
  return `${relativePath}::${line}::${character}`;
}

/**
 * `path::Name` or `path::Class.member`: the declaration of that name in that file. Agents write it
 * when they know the file but not the line (`cn impl src/hono-base.ts::Hono`).
 */
export interface NamedTarget {
  filePath: string;
  /** One name, or names joined by `.` from the outermost container in; `#` starts a private name. */
  name: string;
}

const NAME_PATH = /^#?[\p{L}$_][\p{L}\p{N}$_]*(?:\.#?[\p{L}$_][\p{L}\p{N}$_]*)*$/u;

/** An id as people and grep write the place: `src/api.ts::3::10` → `src/api.ts:3`. */
export function idAsFileLine(id: string): string {
  const [file, line] = id.split('::');
  return line === undefined ? id : `${file}:${line}`;
}

/** The named form of a target, or nothing when the text is a place (`path::line::char`, `path:line`) or a bare name. */
export function parseNamedTarget(input: string): NamedTarget | undefined {
  let text = input.trim();
  if (text.startsWith(REF_PREFIX)) text = text.slice(REF_PREFIX.length);
  const cut = text.indexOf('::');
  if (cut <= 0) return undefined;
  const name = text.slice(cut + 2);
  return NAME_PATH.test(name) ? { filePath: text.slice(0, cut), name } : undefined;
}

/** True when the text has the shape of an id rather than a symbol name. */
export function looksLikeTarget(text: string): boolean {
  // Symbol names never contain `:`; ids contain `::` or end in `:line[:col]` (rg adds `:text`).
  return text.includes('::') || /:\d+(?::\d+)?(?::|$)/.test(text);
}

export function parseTarget(input: string): Target {
  let text = input.trim();
  if (text.startsWith(REF_PREFIX)) text = text.slice(REF_PREFIX.length);
  if (text.length === 0) throw badInput('empty id', 'pass an id like src/user.ts::12::14 or src/user.ts:12:14');
  const parts = text.includes('::') ? text.split('::') : splitCompilerStyle(text);
  if (!parts) throw malformed(input);
  // `path::1::1::1` would otherwise name a place other than the one meant, silently.
  if (parts.length > 3) throw malformed(input, 'more parts than path::line::character');
  const [filePath, lineText, characterText] = parts;
  if (!filePath) throw malformed(input);
  const line = parsePositiveInteger(lineText, 'line', input);
  const character =
    characterText === undefined || characterText === ''
      ? undefined
      : parsePositiveInteger(characterText, 'column', input);
  return character === undefined ? { filePath, line } : { filePath, line, character };
}

/** `path:line[:col]`, where the path itself may contain `:` only before the numeric tail. */
function splitCompilerStyle(text: string): string[] | undefined {
  const match = /^(.*?):([^:]*)(?::([^:]*))?(?::.*)?$/.exec(text);
  if (!match) return undefined;
  // rg -n prints `path:line:text`; keep the column only when it is numeric.
  const column = match[3] !== undefined && /^-?\d+$/.test(match[3]) ? match[3] : undefined;
  return column === undefined ? [match[1], match[2]] : [match[1], match[2], column];
}

function parsePositiveInteger(text: string | undefined, what: string, input: string): number {
  if (text === undefined || !/^-?\d+$/.test(text)) throw malformed(input);
  const value = Number(text);
  if (value < 1) throw badInput(`${what} must be 1 or more in '${clip(input)}'`, 'lines and columns are 1-based');
  if (!Number.isSafeInteger(value))
    throw badInput(`${what} ${clip(text, 21)} is too large in '${clip(input)}'`, `no file has that many ${what}s`);
  return value;
}

function malformed(input: string, why?: string) {
  return badInput(
    `malformed id '${clip(input)}'${why ? `: ${why}` : ''}`,
    'use path::line::character (as cn prints), path:line[:col] or path::Name',
  );
}

export function clip(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
