import * as path from 'node:path';
import type { UnusedRequest, UnusedResponse } from '@cn/protocol';
import { CnError, badInput } from '../domain/errors.js';
import { formatLocationId } from '../domain/ids.js';
import { rangeContains, type Position, type SourceLocation } from '../domain/location.js';
import { isDeclarationFile, isSourceFile, isTestFile, type ProjectPaths } from '../domain/project-paths.js';
import { projectFilesInRoot } from '../graph/import-index.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { SymbolIndex } from '../ports/symbol-index.js';
import type { ImportGraphSource } from '../ports/import-graph.js';
import type { SourceFiles } from '../ports/source-files.js';
import { kindFilter } from '../ranking/kind-filter.js';
import { referenceScope } from '../ranking/path-filter.js';
import { refineKind } from '../ranking/refine-kind.js';
import { boundedMap } from '../bounded-map.js';
import { resolveSourceFile } from './resolve-source.js';
import {
  isAugmentation,
  isExported,
  isIdentifierName,
  isImportOrReExport,
  statementBindingTest,
} from './top-level-declarations.js';
import { DeletedFiles } from './deleted-files.js';
import { ComputedAccess, type KeyAccess } from './computed-access.js';
import { NamedImports } from './named-imports.js';
import type { UnusedCandidate } from './unused-candidate.js';
import { memberCandidates } from './unused-members.js';
import { groupByFile, possiblyUsed, searched } from './unused-answer.js';
import type { NameMatchDeps } from './name-matches.js';
import { withWordMatches } from './unused-word-matches.js';
import { ExportEvidence, usedEvidence } from './unused-evidence.js';

/** References are asked a few at a time: tsserver answers one by one anyway, and this bounds memory. */
const CONCURRENT_QUERIES = 4;
const CONCURRENT_OUTLINES = 8;

type Deps = {
  engine: CodeIntelligence;
  symbols: SymbolIndex;
  files: SourceFiles;
  paths: ProjectPaths;
  importGraph: Pick<ImportGraphSource, 'projectFiles' | 'importsOf'>;
} & Omit<NameMatchDeps, 'engine' | 'files' | 'paths'>;

/**
 * `cn unused [path]`: the top-level declarations of a file, a directory or the whole project that
 * nothing else uses — one call instead of a map plus a find per symbol. With `exported`, only
 * exports, and only uses from other files count. `refsIn`/`refsNotIn` say which files' uses count.
 * A declaration whose counted uses are all in test files is listed too, marked `usedOnlyByTests`.
 */
export async function findUnused(deps: Deps, request: UnusedRequest): Promise<UnusedResponse> {
  checkLimit(request.limit);
  const ofKind = kindFilter(request.kind);
  const counts = usesThatCount(request);
  const checkList =
    request.membersOf !== undefined
      ? await membersToCheck(deps, request, request.membersOf)
      : await declarationsToCheck(deps, request);
  const { base, membersOf, files, unreadable, deleted } = checkList;
  const candidates = ofKind ? checkList.candidates.filter(({ symbol }) => ofKind(symbol.kind)) : checkList.candidates;
  // Members are not imported by name; top-level declarations often are, and then need no reference search. The same
  // read finds the computed keys (`ns[key]`) that may read any export of a module.
  const computed = new ComputedAccess();
  const imports =
    request.membersOf === undefined && candidates.length > 0
      ? await NamedImports.read(
          deps.importGraph,
          deps.files,
          await projectFilesInRoot(deps.importGraph, deps.files),
          (importer, source, found) => computed.add(importer, source, found, deps.paths),
        )
      : undefined;
  const computedKey = (candidate: UnusedCandidate) =>
    checkList.computedKey
      ? checkList.computedKey(candidate)
      : candidate.symbol.exported
        ? computed.reaching(candidate.filePath, candidate.symbol.name)
        : undefined;
  const users: string[][] = [];
  const referencesOf = new Map<string, SourceLocation[]>();
  const verdicts = await boundedMap(candidates, CONCURRENT_QUERIES, async ({ filePath, node, symbol }, index) => {
    const importers = imports
      ? provenUsers(deps.paths, filePath, [...imports.importersOf(filePath, symbol.name)], counts)
      : [];
    if (importers.length > 0) {
      users[index] = importers;
      return 'used';
    }
    const at = node.selectionRange.start;
    // Asked twice before giving up: a file deleted and written again while the project is checked is one the engine
    // may not know until its next look at the file set ("no project found for URI" on the native engine).
    const search = () => deps.engine.references(filePath, at, false);
    const found = await search()
      .catch(search)
      .catch(async (error: unknown) => {
        if (!(await deleted.skipsRewritten(deps.files, filePath, symbol.name, at, error))) throw error;
        return undefined;
      });
    if (found === undefined) return 'deleted';
    referencesOf.set(symbol.id, found);
    const uses = found
      // A place inside the declaration belongs to it (a recursive call, a class building itself): no use. That covers
      // its own name too, which some servers list even when asked not to.
      .filter((use) => !(use.filePath === filePath && (rangeContains(node.range, use.range.start) || isAt(use, at))))
      .filter((use) => !request.exported || use.filePath !== filePath)
      .map((use) => deps.paths.toRelative(use.filePath))
      .filter(counts);
    if (uses.length === 0) return 'unused';
    if (!isTestFile(deps.paths.toRelative(filePath)) && uses.every(isTestFile)) return 'tests';
    users[index] = [...new Set(uses.filter((use) => !isTestFile(use) || isTestFile(deps.paths.toRelative(filePath))))];
    return 'used';
  });
  const reported: UnusedCandidate[] = [];
  candidates.forEach((candidate, index) => {
    if (verdicts[index] === 'used' || deleted.has(candidate.filePath)) return;
    const access = computedKey(candidate);
    const counted =
      access &&
      (!request.exported || access.filePath !== candidate.filePath) &&
      counts(deps.paths.toRelative(access.filePath));
    reported.push({
      ...candidate,
      symbol: {
        ...candidate.symbol,
        ...(verdicts[index] === 'tests' ? { usedOnlyByTests: true as const } : {}),
        ...(counted ? { computedAccess: access.at } : {}),
      },
    });
  });
  const listed = await withWordMatches(
    deps,
    request.limit === undefined ? reported : reported.slice(0, request.limit),
    referencesOf,
    request,
  );
  const grouped = groupByFile(deps.paths, listed);
  // Exports are shown as written, and with the barrels an import may go through: the evidence for "no other file".
  const evidence = request.exported && membersOf === undefined ? new ExportEvidence(deps) : undefined;
  return {
    path: base,
    ...(membersOf !== undefined ? { membersOf } : {}),
    filesChecked: files.length - unreadable.length - deleted.size,
    ...(deleted.size > 0 ? { deletedWhileChecking: deleted.list(deps.paths) } : {}),
    checked: candidates.filter((candidate) => !deleted.has(candidate.filePath)).length,
    files: evidence ? await evidence.files(grouped) : grouped,
    total: reported.length,
    usedOnlyByTests: reported.filter((candidate) => candidate.symbol.usedOnlyByTests).length,
    ...possiblyUsed(reported),
    ...(await usedEvidence(candidates, verdicts, users, evidence)),
    ...(listed.length < reported.length ? { truncated: true as const } : {}),
    ...(request.exported ? { exported: true as const } : {}),
    ...(request.kind !== undefined ? { kind: request.kind } : {}),
    ...(request.refsIn !== undefined ? { refsIn: request.refsIn } : {}),
    ...(request.refsNotIn !== undefined ? { refsNotIn: request.refsNotIn } : {}),
    ...searched(deps.engine, unreadable),
  };
}

/** What one request checks: where, which declarations, how many files could not be outlined, which were deleted. */
interface CheckList {
  base: string;
  membersOf?: string;
  files: string[];
  candidates: UnusedCandidate[];
  /** Root-relative. */
  unreadable: string[];
  deleted: DeletedFiles;
  /** Members: the computed key on their class or enum that may read a candidate (`Color[name]`), if any. */
  computedKey?: (candidate: UnusedCandidate) => KeyAccess | undefined;
}

async function declarationsToCheck(deps: Deps, request: UnusedRequest): Promise<CheckList> {
  const { base, files } = await filesOfPaths(deps, request.path, request.morePaths ?? []);
  const deleted = new DeletedFiles(files.length === 1);
  const unreadable: string[] = [];
  const perFile = await boundedMap(files, CONCURRENT_OUTLINES, async (filePath) => {
    const found = await candidatesOf(deps, filePath, request.exported === true).catch((error: unknown) => {
      if (deleted.skips(filePath, error)) return undefined;
      // One file the engine cannot outline must not sink a directory's answer; it is counted instead.
      if (files.length === 1 || !(error instanceof CnError)) throw error;
      unreadable.push(deps.paths.toRelative(filePath));
      return undefined;
    });
    return found ?? [];
  });
  return { base, files, candidates: perFile.flat(), unreadable, deleted };
}

/** `membersOf`: one class's members instead of files' top-level declarations. */
async function membersToCheck(deps: Deps, request: UnusedRequest, membersOf: string): Promise<CheckList> {
  if (request.path !== undefined || request.morePaths !== undefined)
    throw badInput(
      'pass a path, or a class whose members to check, not both',
      'e.g. cn unused src/models or cn unused User --members',
    );
  const { filePath, className, candidates, computedKey } = await memberCandidates(
    deps,
    membersOf,
    request.exported === true,
  );
  return {
    base: deps.paths.toRelative(filePath),
    membersOf: className,
    files: [filePath],
    candidates,
    unreadable: [],
    deleted: new DeletedFiles(true),
    computedKey,
  };
}

/**
 * The files (root-relative) that import it by name where uses count — and, unless the declaring file is a test, are no
 * test files: any one makes it used, no question asked.
 */
function provenUsers(
  paths: ProjectPaths,
  filePath: string,
  importers: string[],
  counts: (relativePath: string) => boolean,
): string[] {
  const declaredInTest = isTestFile(paths.toRelative(filePath));
  return importers
    .filter((importer) => importer !== filePath)
    .map((importer) => paths.toRelative(importer))
    .filter((relative) => counts(relative) && (declaredInTest || !isTestFile(relative)));
}

function checkLimit(limit: number | undefined): void {
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1))
    throw badInput(`limit must be a whole number of 1 or more, not ${limit}`);
}

/** The filters on where a use is: `refsIn` keeps, `refsNotIn` drops (both root-relative paths or globs). */
function usesThatCount(request: UnusedRequest): (relativePath: string) => boolean {
  return referenceScope(request);
}

/**
 * A source file is checked alone; a directory (or nothing: the root) stands for its project files, declaration files
 * aside.
 */
/** Several paths checked together: their files once each, in path order; `base` names them all. */
async function filesOfPaths(
  deps: Pick<Deps, 'files' | 'paths'> & { importGraph: Pick<ImportGraphSource, 'projectFiles'> },
  first: string | undefined,
  more: string[],
): Promise<{ base: string; files: string[] }> {
  const given = [first, ...more].filter((one): one is string => one !== undefined);
  if (given.length <= 1) return filesToCheck(deps, given[0]);
  const each = await Promise.all(given.map((one) => filesToCheck(deps, one)));
  const files = [...new Set(each.flatMap((checked) => checked.files))].sort((a, b) => a.localeCompare(b));
  return { base: [...new Set(each.map((checked) => checked.base))].join(', '), files };
}

/**
 * A file (itself), a directory (the project's source files under it, declaration files aside, in path order) or
 * nothing (the whole project): what `cn unused` and `cn diagnostics` check.
 */
export async function filesToCheck(
  deps: Pick<Deps, 'files' | 'paths'> & { importGraph: Pick<ImportGraphSource, 'projectFiles'> },
  userPath: string | undefined,
): Promise<{ base: string; files: string[] }> {
  const given = userPath === undefined || userPath.trim() === '' ? '.' : userPath;
  const resolved = await deps.files.resolveInRoot(given);
  if (isSourceFile(resolved)) {
    const filePath = await resolveSourceFile(deps.files, given);
    return { base: deps.paths.toRelative(filePath), files: [filePath] };
  }
  const base = deps.paths.toRelative(resolved);
  const under = (relative: string) => base === '' || relative === base || relative.startsWith(`${base}/`);
  const files = (await projectFilesInRoot(deps.importGraph, deps.files))
    .filter((file) => !isDeclarationFile(file) && under(deps.paths.toRelative(file)))
    .sort((a, b) => a.localeCompare(b));
  if (files.length === 0 && path.extname(base) !== '') await resolveSourceFile(deps.files, given); // says why a file is refused
  if (files.length === 0)
    throw badInput(
      `no source files under ${base || '.'}`,
      'pass a source file, a directory holding files the project loads, or nothing for the whole project',
    );
  return { base: base || '.', files };
}

/** The file's own top-level declarations in line order, overloads (and merged declarations) once. */
async function candidatesOf(deps: Deps, filePath: string, exportedOnly: boolean): Promise<UnusedCandidate[]> {
  const text = await deps.files.readSource(filePath);
  const relative = deps.paths.toRelative(filePath);
  const seen = new Set<string>();
  // The engine's outline is not always in document order; people and agents read top to bottom.
  const nodes = [...(await deps.engine.outline(filePath))].sort(
    (a, b) => a.selectionRange.start.line - b.selectionRange.start.line,
  );
  const candidates: UnusedCandidate[] = [];
  const isStatementBinding = statementBindingTest(text);
  for (const node of nodes) {
    const { line, character } = node.selectionRange.start;
    const lineText = text.line(line) ?? '';
    if (
      !isIdentifierName(node.name) ||
      isImportOrReExport(lineText) ||
      isAugmentation(node, text) ||
      isStatementBinding(node) ||
      seen.has(node.name)
    )
      continue;
    seen.add(node.name);
    const exported = isExported(text, node, lineText);
    if (exportedOnly && !exported) continue;
    const symbol = {
      id: formatLocationId(relative, line, character),
      name: node.name,
      kind: refineKind(node.kind, lineText, character),
      line,
      exported,
    };
    candidates.push({ filePath, node, symbol });
  }
  return candidates;
}

function isAt(use: SourceLocation, position: Position): boolean {
  return use.range.start.line === position.line && use.range.start.character === position.character;
}
