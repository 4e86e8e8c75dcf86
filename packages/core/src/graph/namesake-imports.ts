import type { DepsResponse } from '@cn/protocol';
import { formatLocationId } from '../domain/ids.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import { fileModuleName, specifierModuleName, type Importer } from './import-index.js';

/**
 * Namesakes listed one by one; the rest are counted. Five left agents grepping import lines for the rest (hono's
 * html.ts has 14, 12 of them `'../helper/html'`), so the answer lists as many as an rg of them would print.
 */
const NAMESAKES_LISTED = 20;

/**
 * The imports that name the file by its last segment and resolve elsewhere or to nothing (`'./html'` in src/jsx for
 * src/utils/html.ts): what a search of import lines for the file's name would hit beyond its importers. Agents ran
 * that search after every `cn deps --direction in` (11 of 28 cross-checks in one hono run).
 */
export function namesakeImports(
  filePath: string,
  importers: ReadonlyMap<string, Importer[]>,
  unresolved: readonly Importer[],
  paths: ProjectPaths,
  keep: (file: string) => boolean = () => true,
): Pick<DepsResponse, 'namesakeImports' | 'namesakeImportCount' | 'namesakeNames' | 'namesakeImportsLeftOut'> {
  const names = namesOf(filePath, importers.get(filePath) ?? []);
  if (names.length === 0) return {};
  const elsewhere = [...importers]
    .filter(([target]) => target !== filePath)
    .flatMap(([target, list]) => list.map((importer) => ({ importer, to: paths.toRelative(target) })));
  const named = [...elsewhere, ...unresolved.map((importer) => ({ importer, to: undefined }))].filter(
    ({ importer }) =>
      importer.filePath !== filePath && names.includes(specifierModuleName(importer.imported.specifier)),
  );
  // The importer filters hold here too: a namesake in a test file the agent left out is counted, not listed.
  const found = named
    .filter(({ importer }) => keep(importer.filePath))
    .map(({ importer: { filePath: from, imported }, to }) => ({
      site: formatLocationId(paths.toRelative(from), imported.line, imported.character),
      specifier: imported.specifier,
      ...(to !== undefined ? { to } : {}),
    }))
    .sort((a, b) => a.site.localeCompare(b.site, 'en', { numeric: true }));
  const leftOut = named.length - found.length;
  return {
    namesakeImports: found.slice(0, NAMESAKES_LISTED),
    namesakeImportCount: found.length,
    namesakeNames: names,
    ...(leftOut > 0 ? { namesakeImportsLeftOut: leftOut } : {}),
  };
}

/**
 * What an import of the file ends in: its own name, and the last segment of each specifier its importers use that is
 * more than `index` or a dot (an alias or package name: `@mikro-orm/mysql` for packages/mysql/src/index.ts, which an
 * agent searched import lines for).
 */
function namesOf(filePath: string, ownImporters: readonly Importer[]): string[] {
  const own = fileModuleName(filePath);
  const used = ownImporters
    .map(({ imported }) => specifierModuleName(imported.specifier))
    .filter((name) => name !== '' && name !== 'index' && name !== '.' && name !== '..');
  return [...new Set([...(own ? [own] : []), ...used.sort()])];
}
