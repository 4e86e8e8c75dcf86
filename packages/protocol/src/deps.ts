/** `cn deps` — POST /deps: a file's import graph; POST /deps/orphans: files nothing imports. */
import { z } from 'zod';
import { graphDepth, graphDirection, graphResponse } from './graph.js';
import { MAX_PATH_LENGTH } from './limits.js';
import { budgetReport, optionalSearchReport, scopeWarnings, searchReport } from './shared.js';

export const depsRequest = z.strictObject({
  /** A project file (relative to the root or absolute). */
  file: z.string().max(MAX_PATH_LENGTH),
  direction: graphDirection.optional(),
  depth: graphDepth.optional(),
  /** Only importers in files under this root-relative path or matching this glob (as `cn find --refs-in`). */
  refsIn: z.string().max(MAX_PATH_LENGTH).optional(),
  /** No importers in files under this path or matching this glob (tests: `--refs-not-in "tests/**"`). */
  refsNotIn: z.string().max(MAX_PATH_LENGTH).optional(),
  /** At most this many edges (in the graph's order); `totalEdges` and `truncated` say when more exist. */
  limit: z.int().min(1).optional(),
});
export type DepsRequest = z.infer<typeof depsRequest>;
export const depsResponse = graphResponse.extend({
  /** With importers (`in`, `both`): the projects whose files were searched. */
  ...optionalSearchReport,
  /** How many edges the graph has when `limit` (or the client's `--max-tokens`) cut the list. */
  totalEdges: z.int().optional(),
  /** Import statements of importers `refsIn`/`refsNotIn` leave out. */
  filteredImports: z.int().optional(),
  /** The importer filters asked for, echoed. */
  refsIn: z.string().optional(),
  refsNotIn: z.string().optional(),
  ...scopeWarnings,
  /**
   * With importers (`in`, `both`): the project's other imports whose specifier's last segment names the file
   * (`'./html'`, `'../utils/html.js'` for src/utils/html.ts; `'./dir'` for dir/index.ts) but resolve elsewhere or to
   * nothing: what a search of import lines for the file's name would hit beyond the importers. Up to 20, `to` the
   * file or package each resolves to (absent: unresolved); `namesakeImportCount` counts them all (0: none), within
   * the importer filters; `namesakeImportsLeftOut` counts those in files the filters exclude.
   */
  namesakeImports: z.array(z.object({ site: z.string(), specifier: z.string(), to: z.string().optional() })).optional(),
  namesakeImportCount: z.int().optional(),
  namesakeImportsLeftOut: z.int().optional(),
  /**
   * The names those imports were searched for: the file's own (`html`; a directory's for index.ts) and the last
   * segments of the specifiers its importers use (`mysql` of `@mikro-orm/mysql` for packages/mysql/src/index.ts).
   */
  namesakeNames: z.array(z.string()).optional(),
  /**
   * With importers: the files (within the importer filters) that write a package or alias specifier the importers use
   * (`@mikro-orm/mysql`) without importing the file, in a string or a comment; `files` the first 5 with how many times,
   * `totalFiles` all of them. Absent when every importer uses a relative path.
   */
  specifierMentions: z
    .object({
      specifiers: z.array(z.string()),
      /**
       * Each file with how often it writes one, and where (the first 5: the line, in a string or a comment, and the
       * text around it on its line).
       */
      files: z.array(
        z.object({
          file: z.string(),
          count: z.int(),
          places: z.array(z.object({ line: z.int(), in: z.enum(['string', 'comment']), text: z.string() })),
        }),
      ),
      totalFiles: z.int(),
    })
    .optional(),
  budget: budgetReport.optional(),
});
export type DepsResponse = z.infer<typeof depsResponse>;

export const orphansRequest = z.strictObject({
  /** At most this many files (in path order); `total` and `truncated` say when more exist. */
  limit: z.int().min(1).optional(),
});
export type OrphansRequest = z.infer<typeof orphansRequest>;
export const orphanFile = z.object({
  /** Root-relative path. */
  filePath: z.string(),
  /** Nothing imports it, but it is meant to be run or loaded directly. */
  entryPoint: z.boolean(),
  /**
   * Why it may be an orphan by mistake: an import elsewhere that resolves to nothing names a file of its name
   * (`./view-common` for view-common.ts): the id of that specifier and the specifier.
   */
  unresolvedImport: z.object({ site: z.string(), specifier: z.string() }).optional(),
});
export type OrphanFile = z.infer<typeof orphanFile>;
export const orphansResponse = z.object({
  orphans: z.array(orphanFile),
  /** How many project files were examined. */
  totalFiles: z.int(),
  ...searchReport,
  /** How many files nothing imports, when `limit` (or the client's `--max-tokens`) cut the list. */
  total: z.int().optional(),
  truncated: z.literal(true).optional(),
  budget: budgetReport.optional(),
});
export type OrphansResponse = z.infer<typeof orphansResponse>;
