import type { CheckDiagnostic, CheckRequest, CheckResponse, DiagnosticEntry } from '@cn/protocol';
import { badInput } from '../domain/errors.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import { SourceText } from '../domain/source-text.js';
import { buildImporterIndex, projectFilesInRoot } from '../graph/import-index.js';
import type { EditChecking } from '../ports/check.js';
import type { ImportGraphSource } from '../ports/import-graph.js';
import type { CodeNavigation } from '../ports/navigation.js';
import type { SourceFiles } from '../ports/source-files.js';
import { diagnosticEntries } from './list-diagnostics.js';
import { resolveSourceFile } from './resolve-source.js';

type Deps = {
  navigation: CodeNavigation;
  checking: EditChecking;
  importGraph: ImportGraphSource;
  files: SourceFiles;
  paths: ProjectPaths;
};

/** Direct importers checked besides the file: the engine opens each one, as `cn diagnostics` does a named file. */
export const MAX_CHECKED_IMPORTERS = 49;

/**
 * `cn check <file>`: the diagnostics the compiler would give with `content` as the file's text, without writing it,
 * for the file and its direct importers; each marked new when the disk text's diagnostics have none like it
 * (sameDiagnostics). The disk text is asked first, then the edit (the engine restores the disk text itself).
 */
export async function checkEdit(deps: Deps, request: CheckRequest): Promise<CheckResponse> {
  const { content } = request;
  // A NUL or a lone surrogate (\p{Cs} in u mode matches only unpaired halves): bytes, not source text.
  if (content.includes('\u0000') || /\p{Cs}/u.test(content))
    throw badInput(`the content for ${request.file} is not text`, 'pass the UTF-8 source text of the file');
  const filePath = await resolveSourceFile(deps.files, request.file);
  const disk = await deps.files.readSource(filePath);
  const allImporters = await importersOf(deps, filePath);
  const importers = allImporters.slice(0, MAX_CHECKED_IMPORTERS);
  const checked = [filePath, ...importers];
  const before = diagnosticEntries(deps.paths, checked, await deps.navigation.diagnostics(checked));
  const after = diagnosticEntries(
    deps.paths,
    checked,
    await deps.checking.diagnosticsWithText(filePath, content, checked),
  );
  const file = deps.paths.toRelative(filePath);
  const lineDelta = new SourceText(content).lineCount - disk.lineCount;
  const { marked, unpaired } = pairWithDisk(before, after, (entry) => (entry.filePath === file ? lineDelta : 0));
  const errors = marked.filter((entry) => entry.severity === 'error');
  return {
    file,
    diagnostics: marked,
    importers: importers.map((importer) => deps.paths.toRelative(importer)),
    ...(allImporters.length > importers.length ? { importersNotChecked: allImporters.length - importers.length } : {}),
    errors: errors.length,
    newErrors: errors.filter((entry) => entry.new).length,
    fixedErrors: unpaired.filter((entry) => entry.severity === 'error').length,
  };
}

/** The project files (inside the root) that import `filePath` directly, sorted. */
async function importersOf(deps: Deps, filePath: string): Promise<string[]> {
  const files = await projectFilesInRoot(deps.importGraph, deps.files);
  const index = await buildImporterIndex(deps.importGraph, files);
  return [...new Set((index.get(filePath) ?? []).map((importer) => importer.filePath))].sort((a, b) =>
    a.localeCompare(b),
  );
}

const sameKind = (a: DiagnosticEntry, b: DiagnosticEntry) =>
  a.filePath === b.filePath && a.code === b.code && a.message === b.message;

/**
 * A diagnostic of the edit is already there when the disk text has one of the same file, code and message not yet
 * paired: first at the same line (shifted, in the edited file, by the lines the edit adds or removes), then anywhere
 * in that file (an error the edit only moved). Whatever stays unpaired on the disk side the edit fixed.
 */
export function pairWithDisk(
  before: DiagnosticEntry[],
  after: DiagnosticEntry[],
  lineDeltaOf: (entry: DiagnosticEntry) => number,
): { marked: CheckDiagnostic[]; unpaired: DiagnosticEntry[] } {
  const left = new Set(before);
  const paired = new Set<DiagnosticEntry>();
  const take = (entry: DiagnosticEntry, fits: (old: DiagnosticEntry) => boolean) => {
    const match = [...left].find((old) => sameKind(old, entry) && fits(old));
    if (!match) return;
    left.delete(match);
    paired.add(entry);
  };
  const sameLine = (old: DiagnosticEntry, entry: DiagnosticEntry) =>
    old.line + lineDeltaOf(entry) === entry.line || old.line === entry.line;
  for (const entry of after) take(entry, (old) => sameLine(old, entry));
  for (const entry of after) if (!paired.has(entry)) take(entry, () => true);
  return { marked: after.map((entry) => ({ ...entry, new: !paired.has(entry) })), unpaired: [...left] };
}
