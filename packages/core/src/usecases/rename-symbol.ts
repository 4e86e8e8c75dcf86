import type { RenameRequest, RenameResponse } from '@cn/protocol';
import { badInput, conflict, notFound } from '../domain/errors.js';
import { formatLocationId } from '../domain/ids.js';
import type { Position } from '../domain/location.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import type { CodeNavigation, EngineDiagnostic } from '../ports/navigation.js';
import type { ReferenceSyntax } from '../ports/reference-syntax.js';
import type { EngineRenameEdit, ProjectWriter, RenameEngine } from '../ports/rename.js';
import type { SourceFiles } from '../ports/source-files.js';
import { describeTarget } from './find-implementations.js';
import { LocationRefBuilder } from './location-refs.js';
import { applyRenameEdits } from './rename-edits.js';
import { refuseCapture, refuseCollision } from './rename-collisions.js';
import { checkNewName } from './rename-name.js';
import { resolveSymbolTarget, type NameSearchDeps, type ResolvedSymbolTarget } from './symbol-search.js';
import { guessFields } from './target-guess.js';

type Deps = NameSearchDeps & {
  navigation: CodeNavigation;
  renaming: RenameEngine;
  writer: ProjectWriter;
  files: SourceFiles;
  paths: ProjectPaths;
  referenceSyntax: ReferenceSyntax;
};

/** Errors a rename added that it names: the first few are enough to undo or fix it. */
const MAX_ADDED_ERRORS = 5;

/**
 * `cn rename <target> <newName>`: the compiler's rename across every project of the root. A preview by default
 * (nothing written: the edits and a fingerprint of the files they touch); with `apply`, every file is written or
 * none, after the same refusals: a name that is no identifier, a symbol declared outside the root, a rename the
 * engine refuses, a collision, files changed since the preview whose fingerprint `ifUnchanged` gives.
 */
export async function renameSymbol(deps: Deps, request: RenameRequest): Promise<RenameResponse> {
  checkNewName(request.newName);
  const target = await resolveSymbolTarget(deps, request.target, request);
  const relative = (filePath: string) => deps.paths.toRelative(filePath);
  const declaration = await declaredInRoot(deps, target.filePath, target.position);
  const prepared = await deps.renaming.prepareRename(target.filePath, target.position);
  if (!prepared.renameable)
    throw badInput(
      `the compiler will not rename '${request.target}': ${prepared.reason}`,
      'point at a name the project declares',
    );
  const edits = await deps.renaming.renameEdits(target.filePath, target.position, request.newName);
  if (edits.length === 0) throw notFound(`the compiler found nothing to rename at '${request.target}'`);
  const guessed = target.ambiguous && !sameSymbol(target, edits);
  if (request.apply && guessed)
    throw badInput(`'${request.target}' matches more than one symbol`, 'preview it, then rename by the id you mean');
  await refuseOutsideRoot(deps, edits);
  const touched = [...new Set(edits.map((edit) => edit.filePath))];
  const { texts, fingerprint } = await deps.writer.read(touched);
  const oldName = nameAt(texts.get(target.filePath) ?? '', prepared.range);
  checkNewName(request.newName, oldName);
  // Scopes first: they say exactly which local or use is in the way (the outline sees no parameter or local).
  await refuseCapture(deps.referenceSyntax, request.newName, oldName, edits, texts, relative);
  await refuseCollision(deps.engine, declaration, request.newName, oldName, edits, texts, relative);
  const edited = applyRenameEdits(texts, edits, oldName, relative);
  const builder = new LocationRefBuilder(deps.files, deps.paths);
  const answer: RenameResponse = {
    target: await describeTarget(deps, builder, target),
    oldName,
    newName: request.newName,
    applied: false,
    fingerprint,
    editCount: edits.length,
    files: edited.map((file) => file.shown),
    ...(guessed ? await guessFields(builder, [target]) : {}),
  };
  if (!request.apply) return answer;
  if (request.ifUnchanged !== undefined && request.ifUnchanged !== fingerprint)
    throw conflict(
      `not renamed: ${touched.length === 1 ? 'the file' : 'a file'} to edit changed since that preview`,
      'preview again (cn rename without --apply) and apply its fingerprint',
    );
  const before = await errorsIn(deps, touched);
  await deps.writer.writeAll(
    edited.map(({ filePath, text }) => ({ filePath, text })),
    fingerprint,
  );
  await deps.renaming.filesWritten(touched);
  const after = await errorsIn(deps, touched);
  return { ...answer, applied: true, diagnostics: diagnosticsChange(before, after, relative) };
}

/**
 * The declaration the rename starts from (an id may point at a use), refused when the project does not own it: a
 * file outside the root, or in a node_modules folder inside it (a package's, even when installed there).
 */
async function declaredInRoot(
  deps: Deps,
  filePath: string,
  position: Position,
): Promise<{ filePath: string; position: Position }> {
  const definitions = await deps.engine.definition(filePath, position).catch(() => []);
  const places = [
    { filePath, position },
    ...definitions.map((each) => ({ filePath: each.filePath, position: each.range.start })),
  ];
  for (const place of places) await refuseFile(deps, place.filePath, 'is declared');
  return places[1] ?? places[0];
}

/**
 * A name that matched several declarations names one symbol when the rename edits each of them: an interface and the
 * class it merges with, a function's overloads.
 */
function sameSymbol(target: ResolvedSymbolTarget, edits: EngineRenameEdit[]): boolean {
  return (target.alternatives ?? []).every(({ hit, position }) =>
    edits.some(
      ({ filePath, range }) =>
        filePath === hit.filePath && range.start.line === position.line && range.start.character === position.character,
    ),
  );
}

async function refuseOutsideRoot(deps: Deps, edits: EngineRenameEdit[]): Promise<void> {
  for (const filePath of new Set(edits.map((edit) => edit.filePath))) await refuseFile(deps, filePath, 'would edit');
}

async function refuseFile(deps: Deps, filePath: string, what: string): Promise<void> {
  const inside = await deps.files.isInsideRoot(filePath);
  const relative = deps.paths.toRelative(filePath);
  if (inside && !relative.split('/').includes('node_modules')) return;
  const where = inside ? `in ${relative}` : 'outside the project root';
  throw badInput(`not renamed: the symbol ${what} ${where}`, 'cn renames only what the project declares');
}

function nameAt(text: string, range: { start: Position; end: Position }): string {
  const lines = text.split(/\r\n|[\n\r\u2028\u2029]/);
  const line = lines[range.start.line - 1] ?? '';
  return line.slice(range.start.character - 1, range.end.character - 1);
}

async function errorsIn(deps: Deps, files: string[]): Promise<EngineDiagnostic[]> {
  return (await deps.navigation.diagnostics(files)).filter((each) => each.severity === 'error');
}

function diagnosticsChange(
  before: EngineDiagnostic[],
  after: EngineDiagnostic[],
  relative: (filePath: string) => string,
): NonNullable<RenameResponse['diagnostics']> {
  const known = new Map<string, number>();
  const key = (each: EngineDiagnostic) => `${each.code}\u0000${each.message}`;
  for (const each of before) known.set(key(each), (known.get(key(each)) ?? 0) + 1);
  const added = after.filter((each) => {
    const left = known.get(key(each)) ?? 0;
    known.set(key(each), left - 1);
    return left <= 0;
  });
  return {
    before: before.length,
    after: after.length,
    added: added.slice(0, MAX_ADDED_ERRORS).map((each) => ({
      id: formatLocationId(relative(each.filePath), each.range.start.line, each.range.start.character),
      code: each.code,
      message: each.message,
    })),
  };
}
