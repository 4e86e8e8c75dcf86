import type { UnusedFile, UnusedResponse } from '@cn/protocol';
import type { ProjectPaths } from '../domain/project-paths.js';
import { buildImporterIndex, graphFiles, projectFilesInRoot } from '../graph/import-index.js';
import { reExportersOf } from '../graph/re-exporters.js';
import type { ImportGraphSource } from '../ports/import-graph.js';
import type { SourceText } from '../domain/source-text.js';
import type { SourceFiles } from '../ports/source-files.js';
import type { UnusedCandidate } from './unused-candidate.js';

/** Past this many files, exports are listed without their lines and barrels: a directory would cost too much. */
const MAX_FILES_WITH_EVIDENCE = 5;
/** Past this many declarations found used, they are only counted: a directory's list would cost more than it tells. */
const MAX_USED_LISTED = 30;
/** The users named for each: the first proves it used, the count says how widely. */
const USERS_NAMED = 1;

interface EvidenceDeps {
  files: SourceFiles;
  paths: ProjectPaths;
  importGraph: Pick<ImportGraphSource, 'projectFiles' | 'importsOf'>;
}

/**
 * What `cn unused --exported` shows of a few files: each export's line as written (`export const decodeURIComponent_
 * = decodeURIComponent`), used or not, so whether it is a function, an alias or a type is read there, and the barrels
 * re-exporting each file (graph/re-exporters.ts: imports through them were counted). Agents ran `rg -n "^export"` on
 * the files they had asked about, first for the unused exports' lines, then (mikro-orm, 3 runs in 4) for the used
 * ones': the answer now lists every export of the file as grep would, each with its verdict.
 */
export class ExportEvidence {
  private readonly sources = new Map<string, Promise<SourceText | undefined>>();

  constructor(private readonly deps: EvidenceDeps) {}

  async files(files: UnusedFile[]): Promise<UnusedFile[]> {
    if (files.length === 0 || files.length > MAX_FILES_WITH_EVIDENCE) return files;
    const { importGraph, paths } = this.deps;
    const importers = await buildImporterIndex(
      importGraph,
      graphFiles(await projectFilesInRoot(importGraph, this.deps.files)),
    );
    return Promise.all(
      files.map(async (file) => {
        const filePath = paths.toAbsolute(file.filePath);
        const source = await this.source(filePath);
        return {
          ...file,
          unused: file.unused.map((symbol) => {
            const declaration = source?.preview(symbol.line);
            return declaration ? { ...symbol, declaration } : symbol;
          }),
          reExportedBy: await reExportersOf(filePath, undefined, importers, (at) => this.source(at), paths),
        };
      }),
    );
  }

  /** The line each of these declarations starts on, as written; none when they lie in too many files. */
  async lines(candidates: UnusedCandidate[]): Promise<Array<string | undefined>> {
    if (new Set(candidates.map(({ filePath }) => filePath)).size > MAX_FILES_WITH_EVIDENCE)
      return candidates.map(() => undefined);
    return Promise.all(
      candidates.map(async ({ filePath, symbol }) => (await this.source(filePath))?.preview(symbol.line) || undefined),
    );
  }

  private source(filePath: string): Promise<SourceText | undefined> {
    let read = this.sources.get(filePath);
    if (!read) {
      read = this.deps.files.readSource(filePath).catch(() => undefined);
      this.sources.set(filePath, read);
    }
    return read;
  }
}

/** What "used" rests on: each declaration found used, its kind, its first user and how many files use it. */
export async function usedEvidence(
  candidates: UnusedCandidate[],
  verdicts: string[],
  users: string[][],
  evidence: ExportEvidence | undefined,
): Promise<Pick<UnusedResponse, 'used'>> {
  const used = candidates.flatMap((candidate, index) => (verdicts[index] === 'used' ? [{ candidate, index }] : []));
  if (used.length === 0 || used.length > MAX_USED_LISTED) return {};
  const lines = evidence ? await evidence.lines(used.map(({ candidate }) => candidate)) : [];
  return {
    used: used.map(({ candidate: { symbol }, index }, at) => {
      const by = [...(users[index] ?? [])].sort();
      const declaration = lines[at];
      return {
        name: symbol.container !== undefined ? `${symbol.container}.${symbol.name}` : symbol.name,
        kind: symbol.kind,
        id: symbol.id,
        files: by.length,
        by: by.slice(0, USERS_NAMED),
        ...(declaration !== undefined ? { declaration } : {}),
      };
    }),
  };
}
