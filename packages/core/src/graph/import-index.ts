import { mapInOrder } from '../bounded-map.js';
import { isDeclarationFile } from '../domain/project-paths.js';
import type { ImportGraphSource, ModuleImport } from '../ports/import-graph.js';
import type { SourceFiles } from '../ports/source-files.js';

export interface Importer {
  /** Absolute path of the importing file. */
  filePath: string;
  imported: ModuleImport;
}

const PARALLEL_READS = 16;

/**
 * Who imports each project file: the import graph turned around, built from every project file. `unresolved`, when
 * given, collects the imports that resolve to nothing (no file, no package).
 */
export async function buildImporterIndex(
  source: Pick<ImportGraphSource, 'importsOf'>,
  files: string[],
  unresolved?: Importer[],
): Promise<Map<string, Importer[]>> {
  const index = new Map<string, Importer[]>();
  await mapInOrder(
    files,
    PARALLEL_READS,
    (file) => source.importsOf(file),
    (imports, filePath) => {
      for (const imported of imports) {
        if (!imported.resolvedFile && !imported.packageName) unresolved?.push({ filePath, imported });
        if (!imported.resolvedFile || imported.resolvedFile === filePath) continue;
        const list = index.get(imported.resolvedFile) ?? [];
        list.push({ filePath, imported });
        index.set(imported.resolvedFile, list);
      }
    },
  );
  return index;
}

/**
 * Declaration files are types for the compiler, not modules anyone runs; they never count as orphans or nodes to walk.
 */
export function graphFiles(files: string[]): string[] {
  return files.filter((file) => !isDeclarationFile(file));
}

/**
 * The project's files whose real path is inside the root. A tsconfig `include` of `../elsewhere`
 * or a symlinked directory brings in files whose text cn must not show; project-wide answers
 * (overview, diagnostics, importers, orphans) leave them out.
 */
export async function projectFilesInRoot(
  source: Pick<ImportGraphSource, 'projectFiles'>,
  files: Pick<SourceFiles, 'filesInsideRoot'>,
  fresh = false,
): Promise<string[]> {
  const all = await source.projectFiles(fresh);
  const inside = await files.filesInsideRoot(all);
  return all.filter((_file, index) => inside[index]);
}

/**
 * For `--orphans`: the first import elsewhere that resolves to nothing but whose last segment names the file (`~/x`,
 * `../x.js` for x.ts; `./dir` for dir/index.ts), the likeliest reason a file nothing imports should have an importer.
 */
export function unresolvedNamesakes(unresolved: Importer[]): (filePath: string) => Importer | undefined {
  const byName = new Map<string, Importer[]>();
  for (const importer of unresolved) {
    const name = specifierModuleName(importer.imported.specifier);
    if (!name) continue;
    const list = byName.get(name) ?? [];
    list.push(importer);
    byName.set(name, list);
  }
  return (filePath) => byName.get(fileModuleName(filePath) ?? '')?.find((importer) => importer.filePath !== filePath);
}

/** The name an import specifier gives a file: its own, or its directory's for an index file. */
export function fileModuleName(filePath: string): string | undefined {
  const parts = filePath.split(/[\\/]/);
  const own = moduleName(parts[parts.length - 1]);
  return own === 'index' ? parts[parts.length - 2] : own;
}

/** The module name a specifier's last segment gives (`'../utils/html.js'` → html). */
export function specifierModuleName(specifier: string): string {
  return moduleName(specifier.split('/').pop() ?? '');
}

/** `view-common.ts`, `view-common.js`, `view-common` → `view-common`. */
function moduleName(segment: string): string {
  return segment.replace(/(?:\.d)?\.[cm]?[jt]sx?$/i, '');
}
