import type { SourceText } from '../domain/source-text.js';
import type { ImportGraphSource, ModuleImport } from '../ports/import-graph.js';
import type { SourceFiles } from '../ports/source-files.js';
import { boundedMap } from '../bounded-map.js';

const PARALLEL_READS = 16;
/** How far before a specifier its clause may start: a long import list, not a whole file. */
const CLAUSE_WINDOW = 4000;
// The clause right before `from '<specifier>'`: `import { a, b as c }`, `import type { T }`,
// `import D, { a }`, `export { a } from`, `export type { T } from` (the specifier's place may be past its quote).
const NAMED_CLAUSE =
  /\b(?:import|export)\s+(?:type\s+)?(?:[\p{L}$_][\p{L}\p{N}$_]*\s*,\s*)?\{([^{}]*)\}\s*from\s*['"`]?$/u;

/**
 * Who imports which name of which file, by name, from import clauses whose module the import graph
 * resolved (the project's own module resolution). An import or re-export of a declaration by name
 * is a reference to it in the importing file — the compiler reports exactly that place — so
 * `cn unused` knows such a declaration is used without a reference query, the slow part on a large
 * project. It only ever proves use: a name imported another way (`import * as ns`, a default import,
 * through a barrel) is left to the references.
 */
export class NamedImports {
  /** Absolute imported file → name → absolute importing files. */
  private readonly byFile = new Map<string, Map<string, Set<string>>>();

  static async read(
    importGraph: Pick<ImportGraphSource, 'importsOf'>,
    files: Pick<SourceFiles, 'readSource'>,
    projectFiles: string[],
    /** Also shown each file that imports another, with its text: one read of the project serves both. */
    also?: (importer: string, source: SourceText, imports: ModuleImport[]) => void,
  ): Promise<NamedImports> {
    const index = new NamedImports();
    await boundedMap(projectFiles, PARALLEL_READS, async (importer) => {
      const imports = (await importGraph.importsOf(importer).catch(() => [])).filter(
        (imported) => imported.resolvedFile !== undefined && imported.resolvedFile !== importer,
      );
      if (imports.length === 0) return;
      const source = await files.readSource(importer).catch(() => undefined);
      if (source === undefined) return;
      also?.(importer, source, imports);
      const { text, lineStarts: starts } = source;
      for (const imported of imports) {
        const offset = (starts[imported.line - 1] ?? Number.NaN) + imported.character - 1;
        if (!Number.isFinite(offset)) continue;
        const clause = NAMED_CLAUSE.exec(stripComments(text.slice(Math.max(0, offset - CLAUSE_WINDOW), offset)));
        if (clause) for (const name of clauseNames(clause[1])) index.add(imported.resolvedFile!, name, importer);
      }
    });
    return index;
  }

  /** Files importing `name` from `filePath` by name. */
  importersOf(filePath: string, name: string): ReadonlySet<string> {
    return this.byFile.get(filePath)?.get(name) ?? new Set();
  }

  private add(filePath: string, name: string, importer: string): void {
    let names = this.byFile.get(filePath);
    if (!names) this.byFile.set(filePath, (names = new Map<string, Set<string>>()));
    let importers = names.get(name);
    if (!importers) names.set(name, (importers = new Set()));
    importers.add(importer);
  }
}

/** `a`, `b as c`, `type T` → the exported names `a`, `b`, `T`. */
function clauseNames(list: string): string[] {
  const names: string[] = [];
  for (const part of list.split(',')) {
    const name = /^\s*(?:type\s+)?([\p{L}$_][\p{L}\p{N}$_]*)/u.exec(part)?.[1];
    if (name && name !== 'default') names.push(name);
  }
  return names;
}

/** Comments inside an import list (`// used by x`) would hide the clause from the pattern. */
function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');
}
