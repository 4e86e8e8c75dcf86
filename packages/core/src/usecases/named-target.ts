import type { ImportStatement } from '@cn/protocol';
import { badInput, notFound } from '../domain/errors.js';
import { importStatementAt } from '../graph/import-statement.js';
import type { NamedTarget } from '../domain/ids.js';
import type { Position } from '../domain/location.js';
import type { OutlineNode } from '../domain/symbols.js';
import { exportEntriesOf, importBindingsOf } from '../inspect/module-statements.js';
import { closestNames } from '../ranking/did-you-mean.js';
import { isExported } from './top-level-declarations.js';
import { boundedMap } from '../bounded-map.js';
import type { SourceText } from '../domain/source-text.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { SourceFiles } from '../ports/source-files.js';

interface Declared {
  /** Container names, outermost first, then the name. */
  path: string[];
  position: Position;
  /** Named by an export or import statement (`export { a as b } from`), which the engine follows further. */
  statement?: true;
}

/** A statement a `path::Name` went through to its declaration: an `export *` followed, or the re-export naming it. */
export interface ReExportHop {
  /** Absolute. */
  filePath: string;
  /** The statement, from the line where it starts, on one line (as `cn deps` shows import statements). */
  statement: ImportStatement;
}

export interface NamedPosition {
  filePath: string;
  position: Position;
  text: SourceText;
  /** From the file named to the declaration, when it was not declared there (empty or absent: it was). */
  through?: ReExportHop[];
  /**
   * With `through`: how many files the `export *` statements led to were looked in (the file named aside), and those
   * of them besides the declaration's own that also export the name (absolute), which the compiler leaves ambiguous.
   */
  searched?: { files: number; alsoExportedBy: string[] };
}

/** How many `export *` hops a `path::Name` follows (a barrel of barrels is two or three), and files it reads. */
const MAX_REEXPORT_DEPTH = 8;
const MAX_REEXPORTED_FILES = 500;
/** Re-exported files read, and specifiers resolved, at once. */
const FOLLOW_WIDTH = 8;

/** What positionOfNamedTarget reads: outlines, and the engine's resolution of a re-exported module's specifier. */
export interface NamedTargetDeps {
  files: Pick<SourceFiles, 'readSource'>;
  engine: Pick<CodeIntelligence, 'outline' | 'definition'>;
}

/**
 * Where the declaration `path::Name` (or `path::Class.member`) names is: its name's position in the
 * file's outline, the shallowest match first (a class before a same-named member elsewhere); overloads
 * are one declaration. A re-export (`export { Hono } from './hono'`) or an import (`import { Node } from './node'`),
 * which outlines leave out, is the name in its statement, which the engine follows to the declaration: "the `Node`
 * this file uses" in one call. A name the file has only through `export * from './mod'` (a barrel) is looked up in
 * what it re-exports, the engine resolving each specifier (path aliases too), and `ns.Name` through
 * `export * as ns from`. Two declarations at the same depth under different containers are refused with their
 * qualified names, so one re-ask settles it.
 */
export async function positionOfNamedTarget(
  deps: NamedTargetDeps,
  target: NamedTarget,
  filePath: string,
  text: SourceText,
): Promise<NamedPosition> {
  const read = { names: new Set<string>(), files: 0 };
  const found = await lookUp(deps, target, { filePath, text, wanted: target.name.split('.') }, read);
  if (found) return found;
  const suggestions = closestNames(target.name, [...read.names]);
  throw notFound(
    `no declaration named '${target.name}' in ${target.filePath}${read.files > 1 ? ' or what it re-exports' : ''}`,
    suggestions.length > 0
      ? `did you mean ${suggestions.map((name) => `${target.filePath}::${name}`).join(', ')}?`
      : `cn map ${target.filePath} lists what it declares`,
  );
}

interface Visit {
  filePath: string;
  text: SourceText;
  /** The name path still to find in this file (`ns.Name` is `Name` in the module `export * as ns` names). */
  wanted: string[];
  /** The file and statement that re-exported this one. */
  from?: { visit: Visit; at: Position };
}

/**
 * The file first, then what its `export *` statements re-export, a level at a time (a nearer declaration shadows a
 * farther one, as in the compiler): each level's files read and resolved at once, a file read only when its text
 * holds the name. What was read is counted, and its names kept, for the not-found answer's "did you mean".
 */
async function lookUp(
  deps: NamedTargetDeps,
  target: NamedTarget,
  start: Visit,
  read: { names: Set<string>; files: number },
): Promise<NamedPosition | undefined> {
  const seen = new Set([start.filePath]);
  let level = [start];
  for (let depth = 0; level.length > 0 && depth <= MAX_REEXPORT_DEPTH; depth++) {
    const declared = await boundedMap(level, FOLLOW_WIDTH, (visit) =>
      visit === start
        ? declaredIn(deps, visit)
        : hasWord(visit.text.text, visit.wanted[visit.wanted.length - 1])
          ? exportedBy(deps, visit)
          : Promise.resolve([]),
    );
    for (const [index, visit] of level.entries()) {
      const found = declaredPosition(target, visit.wanted, declared[index]);
      if (!found) continue;
      const through = hopsTo(visit);
      if (found.statement) through.push(hop(visit, found.position));
      // The rest of this level was read too: a second file exporting the name is said, not passed over.
      const alsoExportedBy = level
        .filter((other, at) => at !== index && declared[at].some(({ path }) => endsWith(path, other.wanted)))
        .map((other) => other.filePath);
      return {
        filePath: visit.filePath,
        position: found.position,
        text: visit.text,
        ...(through.length > 0 ? { through, searched: { files: read.files + level.length - 1, alsoExportedBy } } : {}),
      };
    }
    for (const { path } of declared.flat()) read.names.add(path.join('.'));
    read.files += level.length;
    const hops = level.flatMap((visit) =>
      exportEntriesOf(visit.text).flatMap((entry) => {
        const wanted = entry.name === '*' ? visit.wanted : entry.name === visit.wanted[0] ? visit.wanted.slice(1) : [];
        return wanted.length > 0 && entry.from !== undefined ? [{ from: visit, at: entry.resolveAt, wanted }] : [];
      }),
    );
    const modules = await boundedMap(hops.slice(0, MAX_REEXPORTED_FILES - seen.size), FOLLOW_WIDTH, (hop) =>
      reExportedModule(deps, hop.from.filePath, hop.at),
    );
    level = [];
    for (const [index, module] of modules.entries()) {
      if (!module || seen.has(module.filePath)) continue;
      seen.add(module.filePath);
      level.push({ ...module, wanted: hops[index].wanted, from: { visit: hops[index].from, at: hops[index].at } });
    }
  }
  return undefined;
}

/** The file named: what it declares, exports and imports (`path::Node` is also "the Node this file uses"). */
async function declaredIn(deps: NamedTargetDeps, { filePath, text }: Visit): Promise<Declared[]> {
  const outline = await deps.engine.outline(filePath).catch((): OutlineNode[] => []);
  return [...declarations(outline, []), ...exported(text), ...imported(text)];
}

/**
 * A file reached through `export *`: only what it exports, as the compiler re-exports it. Its imports, its own
 * unexported declarations and its default export are not re-exported (mikro-orm's pglite index reached
 * PostgreSqlSchemaHelper through a file that only imports it, where `export * from '@mikro-orm/sql'` re-exports it).
 */
async function exportedBy(deps: NamedTargetDeps, { filePath, text }: Visit): Promise<Declared[]> {
  const outline = await deps.engine.outline(filePath).catch((): OutlineNode[] => []);
  const topLevel = outline.filter((node) => {
    const line = text.line(node.selectionRange.start.line) ?? '';
    // `export *` leaves the default export out.
    return isExported(text, node, line) && !/^\s*export\s+default\b/.test(text.line(node.range.start.line) ?? line);
  });
  return [...declarations(topLevel, []), ...exported(text)];
}

/** The name as a whole word of the text: a file without it cannot declare or re-export it by name. */
function hasWord(text: string, word: string): boolean {
  const identifier = /[\p{L}\p{N}$_#]/u;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    if (!identifier.test(text[at - 1] ?? ' ') && !identifier.test(text[at + word.length] ?? ' ')) return true;
  }
  return false;
}

/** The file a re-export's specifier names, as the engine resolves it; undefined when it cannot be read. */
async function reExportedModule(
  deps: NamedTargetDeps,
  filePath: string,
  at: Position,
): Promise<{ filePath: string; text: SourceText } | undefined> {
  const [module] = await deps.engine.definition(filePath, at).catch(() => []);
  if (!module) return undefined;
  const text = await deps.files.readSource(module.filePath).catch(() => undefined);
  return text && { filePath: module.filePath, text };
}

/** The shallowest declaration named `wanted`; two at that depth under different containers are refused. */
/** The statements that led from the file named to this one, first first. */
function hopsTo(visit: Visit): ReExportHop[] {
  const hops: ReExportHop[] = [];
  for (let step = visit.from; step; step = step.visit.from) hops.unshift(hop(step.visit, step.at));
  return hops;
}

function hop(visit: Visit, at: Position): ReExportHop {
  return { filePath: visit.filePath, statement: importStatementAt(visit.text, at.line, at.character) };
}

function declaredPosition(target: NamedTarget, wanted: string[], declared: Declared[]): Declared | undefined {
  const matches = declared
    .filter(({ path }) => endsWith(path, wanted))
    .sort((a, b) => a.path.length - b.path.length || a.position.line - b.position.line);
  const [best] = matches;
  if (!best) return undefined;
  const rivals = matches.filter(
    (match) => match.path.length === best.path.length && match.path.join('.') !== best.path.join('.'),
  );
  if (rivals.length > 0) {
    const qualified = [best, ...rivals].map(({ path, position }) => `${path.join('.')} (line ${position.line})`);
    throw badInput(
      `'${target.name}' names ${qualified.length} declarations in ${target.filePath}: ${qualified.join(', ')}`,
      `qualify it, e.g. ${target.filePath}::${best.path.join('.')}, or pass an id`,
    );
  }
  return best;
}

function declarations(nodes: OutlineNode[], containers: string[]): Declared[] {
  return nodes.flatMap((node) => [
    { path: [...containers, node.name], position: node.selectionRange.start },
    ...declarations(node.children, [...containers, node.name]),
  ]);
}

/** `export { a as b } from`, `export { x }`, `export * as ns from`: names a file exports without declaring them. */
function exported(text: SourceText): Declared[] {
  return exportEntriesOf(text)
    .filter(({ name }) => name !== '*' && name !== 'export=')
    .map(({ name, nameAt }) => ({ path: [name], position: nameAt, statement: true as const }));
}

/** `import { Node } from './node'`, `import * as ns`, default imports: names the file uses without declaring them. */
function imported(text: SourceText): Declared[] {
  return importBindingsOf(text).map(({ name, nameAt }) => ({
    path: [name],
    position: nameAt,
    statement: true as const,
  }));
}

function endsWith(path: string[], wanted: string[]): boolean {
  if (wanted.length > path.length) return false;
  const offset = path.length - wanted.length;
  return wanted.every((name, index) => path[offset + index] === name);
}
