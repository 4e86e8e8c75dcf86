import type { ProjectPaths } from '../domain/project-paths.js';
import type { SourceText } from '../domain/source-text.js';
import type { Importer } from './import-index.js';
import { importStatementAt } from './import-statement.js';

/** Re-exports listed; the rest are counted. */
const LISTED = 8;
/** Barrels of barrels followed this deep (mikro-orm: a dialect's index, the dialects' index, the package's). */
const MAX_DEPTH = 6;

export interface ReExporters {
  /** Nearest first: `file:line` and the statement as written. */
  statements: Array<{ site: string; statement: string }>;
  total: number;
}

/**
 * The files that re-export a symbol's file (`export * from`, or `export { name } from` naming its word), then those
 * re-exporting them, nearest first: the barrels an importer may reach it through, which the engine's references
 * follow. Agents read the index files after `cn impact` to see whether one re-exports the file; none is an answer too.
 */
export async function reExportersOf(
  filePath: string,
  /** The symbol's word, for `export { word } from`; undefined: `export *` alone. */
  word: string | undefined,
  importers: ReadonlyMap<string, Importer[]>,
  text: (filePath: string) => Promise<SourceText | undefined>,
  paths: ProjectPaths,
): Promise<ReExporters> {
  const statements: ReExporters['statements'] = [];
  const seen = new Set([filePath]);
  let level = [filePath];
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0; depth++) {
    const next: string[] = [];
    for (const file of level)
      for (const importer of importers.get(file) ?? []) {
        if (seen.has(importer.filePath)) continue;
        const source = await text(importer.filePath);
        if (!source) continue;
        const statement = importStatementAt(source, importer.imported.line, importer.imported.character);
        if (!reExports(statement.text, word)) continue;
        seen.add(importer.filePath);
        next.push(importer.filePath);
        statements.push({
          site: `${paths.toRelative(importer.filePath)}:${statement.line}`,
          statement: statement.text,
        });
      }
    level = next;
  }
  return { statements: statements.slice(0, LISTED), total: statements.length };
}

/** `export * from '…'`, `export * as ns from '…'`, or `export { …word… } from '…'`. */
function reExports(statement: string, word: string | undefined): boolean {
  if (/^export\s*\*/.test(statement)) return true;
  if (word === undefined || !/^export\s*(?:type\s*)?\{/.test(statement)) return false;
  return new RegExp(`(?<![\\p{L}\\p{N}$_])${word.replace(/\$/g, '\\$')}(?![\\p{L}\\p{N}$_])`, 'u').test(statement);
}
