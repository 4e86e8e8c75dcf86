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

/** Who imports each project file: the import graph turned around, built from every project file. */
export async function buildImporterIndex(source: ImportGraphSource, files: string[]): Promise<Map<string, Importer[]>> {
  const index = new Map<string, Importer[]>();
  await mapInOrder(
    files,
    PARALLEL_READS,
    (file) => source.importsOf(file),
    (imports, filePath) => {
      for (const imported of imports) {
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
  files: Pick<SourceFiles, 'isInsideRoot'>,
  fresh = false,
): Promise<string[]> {
  const all = await source.projectFiles(fresh);
  const inside = await Promise.all(all.map((file) => files.isInsideRoot(file)));
  return all.filter((_file, index) => inside[index]);
}
