import type { DepsResponse } from '@cn/protocol';
import { boundedMap } from '../bounded-map.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import { positionAt, type SourceText } from '../domain/source-text.js';
import type { ScannedTexts } from '../usecases/word-occurrences.js';
import type { Importer } from './import-index.js';

/** Files listed one by one; the rest are counted. */
const FILES_LISTED = 5;
/** Places given per file listed. */
const PLACES_LISTED = 5;
const PARALLEL_READS = 16;
/** What may follow a module specifier written in text and still be that module (not `@scope/pkg-other`, `pkg/sub`). */
const SPECIFIER_CONTINUES = /[\w\-/]/;

/**
 * The files that write a package or alias specifier the file's importers use (`'@mikro-orm/mysql'`) without
 * importing the file: a string naming the package, a comment's example. Agents searched the specifier's text after
 * `cn deps --direction in` of a package's entry point and read the files it added (two per run on mikro-orm).
 * Relative specifiers are left out: their text names the file only from where they stand.
 */
export async function specifierMentions(
  filePath: string,
  importers: ReadonlyMap<string, Importer[]>,
  files: readonly string[],
  keep: (filePath: string) => boolean,
  texts: ScannedTexts,
  paths: ProjectPaths,
): Promise<Pick<DepsResponse, 'specifierMentions'>> {
  const own = importers.get(filePath) ?? [];
  const specifiers = [...new Set(own.map(({ imported }) => imported.specifier).filter(isBareSpecifier))].sort();
  if (specifiers.length === 0) return {};
  const importing = new Set(own.map((importer) => importer.filePath));
  const others = files.filter((file) => file !== filePath && !importing.has(file) && keep(file));
  const written = await boundedMap(others, PARALLEL_READS, async (file) => {
    if (!texts.mayContainAny(file, specifiers)) return [];
    const source = await texts.text(file).catch(() => undefined);
    return source && source.mayContainAny(specifiers) ? occurrences(source, specifiers) : [];
  });
  const found = others
    .map((file, index) => ({
      file: paths.toRelative(file),
      count: written[index].length,
      places: written[index].slice(0, PLACES_LISTED),
    }))
    .filter(({ count }) => count > 0)
    .sort((a, b) => a.file.localeCompare(b.file));
  return { specifierMentions: { specifiers, files: found.slice(0, FILES_LISTED), totalFiles: found.length } };
}

function isBareSpecifier(specifier: string): boolean {
  return specifier !== '' && !specifier.startsWith('.') && !specifier.startsWith('/');
}

type Place = { line: number; in: 'string' | 'comment'; text: string };

/** Characters shown on each side of a written specifier: enough to see what writes it (`MySqlDriver: '…',`). */
const CONTEXT = 30;

/**
 * Where any of the specifiers is written whole (`@mikro-orm/mysql`, not `@mikro-orm/mysql-base`), in line order, each
 * in a comment (its line opens one, or `//` comes before it) or else a string: not an import of the file, so one or
 * the other (agents read the lines to see which).
 */
function occurrences(source: SourceText, specifiers: readonly string[]): Place[] {
  const text = source.text;
  const places: Place[] = [];
  for (const specifier of specifiers)
    for (let at = text.indexOf(specifier); at >= 0; at = text.indexOf(specifier, at + specifier.length)) {
      if (SPECIFIER_CONTINUES.test(text[at + specifier.length] ?? ' ')) continue;
      const lineStart = text.lastIndexOf('\n', at) + 1;
      const lineEnd = text.indexOf('\n', at);
      const before = text.slice(lineStart, at);
      const comment = /^\s*(?:\*|\/\*|\/\/)/.test(before) || before.includes('//');
      const end = lineEnd < 0 ? text.length : lineEnd;
      // Cut at spaces, not inside words.
      let from = Math.max(lineStart, at - CONTEXT);
      if (from > lineStart) from = Math.min(at, text.indexOf(' ', from) + 1 || at);
      let to = Math.min(end, at + specifier.length + CONTEXT);
      if (to < end) to = Math.max(at + specifier.length, text.lastIndexOf(' ', to));
      const shown = `${from > lineStart ? '…' : ''}${text.slice(from, to).trim()}${to < end ? '…' : ''}`;
      places.push({ line: positionAt(source.lineStarts, at).line, in: comment ? 'comment' : 'string', text: shown });
    }
  return places.sort((a, b) => a.line - b.line);
}
