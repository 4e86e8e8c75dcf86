import type { DiagnosticEntry, DiagnosticsRequest, DiagnosticsResponse } from '@cn/protocol';
import { badInput } from '../domain/errors.js';
import { formatLocationId } from '../domain/ids.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import { graphFiles, projectFilesInRoot } from '../graph/import-index.js';
import type { ImportGraphSource } from '../ports/import-graph.js';
import type { CodeNavigation, EngineDiagnostic } from '../ports/navigation.js';
import type { SourceFiles } from '../ports/source-files.js';
import { filesToCheck } from './find-unused.js';

type Deps = { navigation: CodeNavigation; importGraph: ImportGraphSource; files: SourceFiles; paths: ProjectPaths };

export const MAX_NAMED_FILES = 500;
/** One request never checks more files than this; the answer says where to go on. */
export const MAX_FILES_PER_REQUEST = 5000;

/**
 * `cn diagnostics [paths…]`: syntax and type errors and warnings, sorted by file and position. A path is a file or
 * a directory (the project's files under it); without paths it checks every project file. A page at a time when
 * asked (the CLI pages to show progress on big projects).
 */
export async function listDiagnostics(deps: Deps, request: DiagnosticsRequest): Promise<DiagnosticsResponse> {
  const named = request.files ?? [];
  if (named.length > MAX_NAMED_FILES)
    throw badInput(
      `too many files (${named.length}, at most ${MAX_NAMED_FILES})`,
      'name fewer files or a directory, or none to check the whole project',
    );
  const offset = wholeNumber(request.offset, 'offset', 0) ?? 0;
  const limit = Math.min(wholeNumber(request.limit, 'limit', 1) ?? MAX_FILES_PER_REQUEST, MAX_FILES_PER_REQUEST);
  const all =
    named.length > 0
      ? [...new Set((await Promise.all(named.map((path) => filesToCheck(deps, path)))).flatMap(({ files }) => files))]
      : graphFiles(await projectFilesInRoot(deps.importGraph, deps.files));
  const page = all.slice(offset, offset + limit);
  const nextOffset = offset + page.length < all.length ? offset + page.length : undefined;
  // A config tsc cannot read is a project-wide error: reported once, with the whole project's first page.
  const configErrors =
    offset === 0 && named.length === 0
      ? (deps.navigation.configDiagnostics?.() ?? []).map((diagnostic) => toEntry(deps.paths, diagnostic))
      : [];
  return {
    diagnostics: [...configErrors, ...(await check(deps, page))],
    filesChecked: page.length,
    totalFiles: all.length,
    ...(nextOffset !== undefined ? { nextOffset } : {}),
  };
}

async function check(deps: Deps, files: string[]): Promise<DiagnosticEntry[]> {
  if (files.length === 0) return [];
  return diagnosticEntries(deps.paths, files, await deps.navigation.diagnostics(files));
}

/** The engine's diagnostics as answered: in the order of `files`, then by position; paths relative to the root. */
export function diagnosticEntries(paths: ProjectPaths, files: string[], found: EngineDiagnostic[]): DiagnosticEntry[] {
  const order = new Map(files.map((file, index) => [file, index]));
  return [...found]
    .sort(
      (a, b) =>
        (order.get(a.filePath) ?? 0) - (order.get(b.filePath) ?? 0) ||
        a.range.start.line - b.range.start.line ||
        a.range.start.character - b.range.start.character,
    )
    .map((diagnostic) => toEntry(paths, diagnostic));
}

function toEntry(paths: ProjectPaths, diagnostic: EngineDiagnostic): DiagnosticEntry {
  const relative = paths.toRelative(diagnostic.filePath);
  const { line, character } = diagnostic.range.start;
  return {
    id: formatLocationId(relative, line, character),
    filePath: relative,
    line,
    character,
    severity: diagnostic.severity,
    code: diagnostic.code,
    message: diagnostic.message,
  };
}

function wholeNumber(value: number | undefined, name: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < min)
    throw badInput(`${name} must be a whole number of ${min} or more, not ${value}`);
  return value;
}
