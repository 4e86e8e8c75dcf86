import type { OtherCalls, OtherDeclaration, OtherMatches, UnresolvedImports } from '@cn/protocol';
import { boundedMap } from '../bounded-map.js';
import { formatLocationId } from '../domain/ids.js';
import { literalAt, NO_LITERALS, type LiteralSpans } from '../domain/literal-spans.js';
import { rangeContains, type Position, type SourceLocation } from '../domain/location.js';
import { positionAt } from '../domain/source-text.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { DeclarationSpan } from '../ports/declaration-syntax.js';
import type { CodeNavigation } from '../ports/navigation.js';
import type { ProjectSources } from '../ports/project-sources.js';
import type { SearchIndex } from '../search/search-index.js';
import { letOthersIn, pausesOf, type WorkClock } from '../search/work-budget.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import type { SourceFiles } from '../ports/source-files.js';
import type { LocationRefBuilder } from './location-refs.js';
import { importBindingsOf } from '../inspect/module-statements.js';
import { declarationAt } from './outline-node.js';
import { isIdentifierName } from './top-level-declarations.js';
import { kindFromSignature, nameFromSignature } from './hover-signature.js';
import { describeScope, wordOccurrences, type FileOccurrences, type WordScope } from './word-occurrences.js';
import { OtherFileHits } from './other-file-hits.js';
import { OtherCallsTally, shapeOfOwnCalls } from './other-calls.js';
import { countImports, importsSummary, inModulePath } from './other-imports.js';
import { unresolvedImportsOf } from './unresolved-imports.js';
import { callShapeOf, isCallShaped } from '../domain/call-shape.js';

/**
 * Occurrences in code the engine is asked about (a definition each) before the rest, and how many at once. A lookup
 * costs about a millisecond on a warm engine, a reference search of a symbol hundreds on a project of many tsconfigs
 * (it searches them all): only a symbol that most of the first lookups landed on has its references asked (widen).
 */
export const FIRST_ROUND = 24;
const LOOKUP_WIDTH = 8;
/**
 * How long the lookups may go on, by the daemon's clock: a hot word (`wrap` on mikro-orm: 900 occurrences, 780 in
 * code, over 24 symbols) is resolved whole within it on a quiet machine; one spread over a thousand symbols (`name`)
 * is not, and the answer says how many occurrences were left (`+N not resolved`) rather than keep the engine from the
 * next question. No lookup starts after it.
 */
export const RESOLVE_BUDGET_MS = 1000;
/**
 * Uses left after the first round past which none is looked up: `name` on mikro-orm left 11,000 over 1,200 symbols,
 * whose lookups, and the outlines naming what they landed on, took 5 s warm; `wrap` left 760, resolved in 0.4 s.
 */
export const MAX_LOOKUPS = 1000;
/** Files whose syntax is taken at once (each a stamp, and a parse when the index is behind). */
export const SYNTAX_WIDTH = 16;
/** Symbols listed by name, and files rg -lw would add; the rest are counted together. */
const MAX_LISTED = 10;
/**
 * Files rg -lw would add are all listed up to this many (past it, the first MAX_LISTED): agents told `+2 more` ran
 * `rg -lw` to learn which two (mikro-orm's Collection, 12 files); 30, not 15: with tests counted Collection's were 25,
 * and an agent grepped the three the line left out.
 */
export const ALL_FILES_UP_TO = 30;

export interface OtherMatchesDeps extends Partial<WorkClock> {
  sources: ProjectSources;
  engine: Pick<CodeIntelligence, 'definition' | 'outline' | 'references'>;
  /** The hover names a declaration cn may not read (the TypeScript library's `String.raw`). */
  navigation?: Pick<CodeNavigation, 'hover'>;
  files: Pick<SourceFiles, 'isInsideRoot'>;
  paths: ProjectPaths;
  searchIndex: Pick<SearchIndex, 'syntaxOf'>;
}

/** A declaration of another symbol, as the occurrences are grouped by it. */
interface Group {
  declaration: Omit<OtherDeclaration, 'count'>;
  /** Where it is declared: the references of the most frequent one are asked (widen). */
  at: SourceLocation;
  count: number;
  /** How many of the count the engine's definitions gave (not its own declaration sites). */
  looked: number;
}

interface Pending {
  filePath: string;
  position: Position;
  offset: number;
  /** Its id, when the occurrence is shaped as the answer's calls are and the answer counts them (`otherCalls`). */
  callId?: string;
}

/**
 * What the question is about: one about calls (role call or new, `cn calls`) also counts the other calls of the word,
 * in the shape the answered symbol's are written (`kind`: a method's after a dot; else as its own calls are written).
 */
export interface OtherMatchesOptions {
  calls?: boolean;
  kind?: string;
  /** A verdict of no use (`cn unused`): the imports and re-exports of the word are counted by module. */
  imports?: boolean;
  /** The word's occurrences in the scope, when the caller started their scan before it knew what it answers. */
  occurrences?: Promise<FileOccurrences[]>;
}

/**
 * What the word occurrences of a name are, beyond the references of what the answer answered (`references`, every
 * reference the engine found, filters aside): each is in a string or a comment (the file's syntax says), a declaration
 * of another symbol of the name (its own name), or a use the engine resolves (a definition asked, files taken in turn
 * so that each file's symbols show up), grouped by the declaration it resolves to, until every use is resolved or the
 * time is up (RESOLVE_BUDGET_MS). When most of the first lookups landed on one symbol (`c.req.raw` on hono), its
 * references are asked once instead, and the uses among them counted as its.
 */
export async function otherMatchesOf(
  deps: OtherMatchesDeps,
  builder: LocationRefBuilder,
  word: string,
  scope: WordScope,
  references: Promise<SourceLocation[]>,
  options: OtherMatchesOptions = {},
): Promise<OtherMatches> {
  // The engine requests the answer started first (its references: what it waits for longest) go out before the word
  // scan's first pass holds the thread (~10 ms on typeorm; the references went out that much later).
  await deps.pause?.();
  // A parse per file when the search index is behind (a fresh daemon) is work other questions must not wait out.
  const budget = pausesOf(deps);
  const occurrences = await (options.occurrences ?? wordOccurrences(deps, builder, word, scope, budget));
  // Each file's syntax is taken while the engine still searches the references (a failure: the file's words are code);
  // once they are in, only a file with an occurrence that is no reference needs it: a fresh daemon parses each file
  // it takes (typeorm's DataSource: 600 files, 400 ms of parsing, for the few whose words are not all references).
  let referencedSoFar: ((filePath: string, position: Position) => boolean) | undefined;
  const known = references.then((found) => (referencedSoFar = placesIn(found)));
  known.catch(() => undefined);
  const syntaxes = boundedMap(occurrences, SYNTAX_WIDTH, async (occurrence) => {
    const turn = letOthersIn(budget);
    if (turn) await turn;
    if (referencedSoFar && allReferenced(occurrence, referencedSoFar)) return NO_SYNTAX;
    return deps.searchIndex.syntaxOf(occurrence.filePath, occurrence.text.text).catch(() => NO_SYNTAX);
  });
  const referenced = await known;
  const tally: Tally = {
    otherFiles: [],
    hits: new OtherFileHits(),
    total: 0,
    strings: 0,
    comments: 0,
    other: 0,
    groups: new Map(),
  };
  if (options.imports) tally.imports = new Map();
  if (options.calls)
    tally.calls = new OtherCallsTally(
      options.kind ? callShapeOf(options.kind) : shapeOfOwnCalls(word, occurrences, referenced),
    );
  const pending = classify(word, occurrences, await syntaxes, referenced, tally);
  const started = deps.now?.();
  const timeUp = () => started !== undefined && deps.now!() - started > RESOLVE_BUDGET_MS;
  // A first round tells whether one symbol dominates (widen); the rest are looked up together, none started late.
  const first = pending.slice(0, FIRST_ROUND);
  const firstLeft = await lookUp(deps, builder, word, first, referenced, tally, timeUp);
  const widened = await widen(deps, tally, first.length - firstLeft.length, pending.slice(first.length));
  // A question about calls has its calls looked up next: within the time, they are what its calls line places.
  const rest = tally.calls
    ? [...widened.filter((place) => place.callId !== undefined), ...widened.filter((place) => !place.callId)]
    : widened;
  const later = rest.length <= MAX_LOOKUPS ? await lookUp(deps, builder, word, rest, referenced, tally, timeUp) : rest;
  const left = [...firstLeft, ...later];
  for (const place of left) {
    tally.hits.note(place.filePath, 'not resolved');
    if (place.callId !== undefined) tally.calls?.note(place.callId, 'not resolved');
  }
  const texts = new Map(occurrences.map(({ filePath, text }) => [filePath, text.text]));
  const placed = (places: Pending[]) =>
    unresolvedImportsOf(
      word,
      places.map(({ filePath, offset }) => ({ filePath, offset, text: texts.get(filePath) ?? '' })),
    );
  return summary(word, tally, scope, {
    count: left.length,
    imports: placed(left),
    callImports: placed(left.filter((place) => place.callId !== undefined)),
  });
}

/** The syntax of a file none of whose words needs it (or whose parse failed: its words are code). */
const NO_SYNTAX = { declarations: [], literals: NO_LITERALS };

/** Whether every occurrence of the word in the file is a reference: its syntax tells nothing the answer uses. */
function allReferenced(
  { filePath, text, offsets }: FileOccurrences,
  referenced: (filePath: string, position: Position) => boolean,
): boolean {
  return offsets.every((offset) => referenced(filePath, positionAt(text.lineStarts, offset)));
}

/**
 * Asks the engine where each place's symbol is declared, and counts each place under that declaration; returns the
 * places not asked because the time was up first.
 */
async function lookUp(
  deps: OtherMatchesDeps,
  builder: LocationRefBuilder,
  word: string,
  places: Pending[],
  referenced: (filePath: string, position: Position) => boolean,
  tally: Tally,
  timeUp: () => boolean,
): Promise<Pending[]> {
  const notAsked: Pending[] = [];
  const resolved = await boundedMap(places, LOOKUP_WIDTH, async (place) => {
    if (timeUp()) {
      notAsked.push(place);
      return undefined;
    }
    return deps.engine.definition(place.filePath, place.position).catch((): SourceLocation[] => []);
  });
  const asked = places.flatMap((place, index) => {
    const found = resolved[index];
    return found ? [{ asked: place, definition: found[0] }] : [];
  });
  const declarations = await describeDefinitions(deps, builder, word, asked);
  for (const { asked: place, definition } of asked) {
    const declaration = definition && declarations.get(locationKey(definition));
    if (!declaration || referenced(definition.filePath, definition.range.start)) {
      tally.other++;
      tally.hits.note(place.filePath, 'other');
      if (place.callId !== undefined) tally.calls?.note(place.callId, 'other');
    } else {
      const owner = count(tally.groups, declaration, definition, 'looked up');
      tally.hits.note(place.filePath, declaration);
      if (place.callId !== undefined) tally.calls?.note(place.callId, owner);
    }
  }
  return notAsked;
}

interface Tally {
  /** Files with an occurrence that is no reference and none that is. */
  otherFiles: Array<{ filePath: string; relativePath: string }>;
  /** What the occurrences in those files are. */
  hits: OtherFileHits;
  total: number;
  strings: number;
  comments: number;
  other: number;
  groups: Map<string, Group>;
  /** The calls among the uses, by what each calls (a question about calls only). */
  calls?: OtherCallsTally;
  /** The imports and `export { } from` names among the occurrences, by module (a verdict of no use only). */
  imports?: Map<string, number>;
}

/**
 * Counts the occurrences no reference holds: comments, strings, and declarations of other symbols of the name; returns
 * the uses in code left for the engine, a file's first of each in turn.
 */
function classify(
  word: string,
  occurrences: FileOccurrences[],
  syntaxes: Array<{ declarations: readonly DeclarationSpan[]; literals: LiteralSpans }>,
  referenced: (filePath: string, position: Position) => boolean,
  tally: Tally,
): Pending[] {
  const pendingByFile: Pending[][] = [];
  occurrences.forEach(({ filePath, relativePath, text, offsets }, index) => {
    const places = offsets.map((offset) => ({ offset, position: positionAt(text.lineStarts, offset) }));
    const others = places.filter(({ position }) => !referenced(filePath, position));
    tally.total += others.length;
    if (others.length === places.length && others.length > 0) {
      tally.otherFiles.push({ filePath, relativePath });
      tally.hits.watch(filePath);
    }
    const syntax = syntaxes[index];
    const pending: Pending[] = [];
    if (tally.imports && others.length > 0) countImports(tally.imports, text, others);
    for (const { offset, position } of others) {
      const literal = literalAt(syntax.literals, offset);
      if (literal === 'comment') tally.comments++;
      else if (literal === 'string') tally.strings++;
      if (literal !== undefined) {
        // A file's name in an import's path (`export * from './TransactionContext.js'`) is said as such: `1 string`
        // there sent agents to read the barrel.
        tally.hits.note(filePath, literal === 'string' && inModulePath(text.text, offset) ? 'module path' : literal);
        continue;
      }
      const declared = declaredAt(syntax.declarations, word, position);
      const id = formatLocationId(relativePath, position.line, position.character);
      if (declared) {
        count(tally.groups, { ...declared, id }, { filePath, range: { start: position, end: position } }, 'declared');
        tally.hits.note(filePath, declared);
      } else {
        const call = tally.calls !== undefined && isCallShaped(text.text, offset, word.length, tally.calls.shape);
        pending.push({ filePath, position, offset, ...(call ? { callId: id } : {}) });
      }
    }
    if (pending.length > 0) pendingByFile.push(pending);
  });
  return inTurn(pendingByFile);
}

/**
 * The uses left that are references of the symbol at least half the first lookups landed on (one reference search,
 * for a symbol the engine can open, counted as its); returns the uses left. A word no symbol dominates (`name`: 15,000
 * occurrences over 1,200 symbols on mikro-orm) is left to the lookups: a reference search of its most frequent symbol
 * took 1.3 s warm there and would resolve few.
 */
async function widen(deps: OtherMatchesDeps, tally: Tally, asked: number, left: Pending[]): Promise<Pending[]> {
  const [top] = [...tally.groups.values()]
    .filter((group) => group.looked >= 2 && group.looked * 2 >= asked && group.declaration.module === undefined)
    .sort((a, b) => b.looked - a.looked);
  if (left.length === 0 || !top || !(await deps.files.isInsideRoot(top.at.filePath))) return left;
  const found = await deps.engine.references(top.at.filePath, top.at.range.start, true).catch(() => []);
  const covered = placesIn(found);
  const remaining = left.filter((place) => {
    if (!covered(place.filePath, place.position)) return true;
    tally.hits.note(place.filePath, top.declaration);
    if (place.callId !== undefined) tally.calls?.note(place.callId, top.declaration);
    return false;
  });
  top.count += left.length - remaining.length;
  return remaining;
}

/** The occurrences not looked up: how many, and what their files import the word from (all, and the calls). */
interface Unresolved {
  count: number;
  imports: UnresolvedImports | undefined;
  callImports: UnresolvedImports | undefined;
}

function summary(word: string, tally: Tally, scope: WordScope, unresolved: Unresolved): OtherMatches {
  const sorted = [...tally.groups.values()].sort(
    (a, b) => b.count - a.count || a.declaration.id.localeCompare(b.declaration.id),
  );
  const listed = sorted.slice(0, MAX_LISTED);
  const rest = sorted.slice(MAX_LISTED);
  const scopeWords = describeScope(scope);
  return {
    word,
    total: tally.total,
    declarations: listed.map(({ declaration, count: occurrences }) => ({ ...declaration, count: occurrences })),
    ...(rest.length > 0
      ? { moreDeclarations: { symbols: rest.length, count: rest.reduce((sum, group) => sum + group.count, 0) } }
      : {}),
    strings: tally.strings,
    comments: tally.comments,
    other: tally.other,
    ...(unresolved.count > 0 ? { unresolved: unresolved.count } : {}),
    ...(unresolved.imports ? { unresolvedImports: unresolved.imports } : {}),
    ...otherFilesListed(tally),
    ...(tally.otherFiles.length > filesListed(tally)
      ? { moreOtherFiles: tally.otherFiles.length - filesListed(tally) }
      : {}),
    ...(scopeWords !== undefined ? { scope: scopeWords } : {}),
    ...(tally.calls ? { otherCalls: withImports(tally.calls.summary(), unresolved.callImports) } : {}),
    ...(tally.imports ? { otherImports: importsSummary(tally.imports) } : {}),
  };
}

function withImports(calls: OtherCalls, imports: UnresolvedImports | undefined): OtherCalls {
  return calls.unresolved && imports ? { ...calls, unresolvedImports: imports } : calls;
}

/** How many of the files rg -lw would add are listed: all of a few, else the first MAX_LISTED. */
function filesListed({ otherFiles }: Pick<Tally, 'otherFiles'>): number {
  return otherFiles.length <= ALL_FILES_UP_TO ? otherFiles.length : MAX_LISTED;
}

/** The files rg -lw would add, in path order (see filesListed), and what the word is in each. */
function otherFilesListed({ otherFiles, hits }: Tally): Pick<OtherMatches, 'otherFiles' | 'otherFilesWhat'> {
  if (otherFiles.length === 0) return {};
  const listed = [...otherFiles]
    .sort((a, b) => a.relativePath.localeCompare(b.relativePath))
    .slice(0, filesListed({ otherFiles }));
  return {
    otherFiles: listed.map(({ relativePath }) => relativePath),
    otherFilesWhat: listed.map(({ filePath }) => hits.describe(filePath)),
  };
}

/** Whether a place is within one of the locations (references: engines give each one's whole range). */
function placesIn(references: SourceLocation[]): (filePath: string, position: Position) => boolean {
  const byFile = new Map<string, SourceLocation[]>();
  for (const reference of references) {
    const inFile = byFile.get(reference.filePath);
    if (inFile) inFile.push(reference);
    else byFile.set(reference.filePath, [reference]);
  }
  return (filePath, position) => (byFile.get(filePath) ?? []).some(({ range }) => rangeContains(range, position));
}

/** The declaration whose name is the occurrence: the declaration itself, no engine needed. */
function declaredAt(
  declarations: readonly DeclarationSpan[],
  word: string,
  position: Position,
): Omit<OtherDeclaration, 'count' | 'id'> | undefined {
  const found = declarations.find(
    (declaration) =>
      declaration.name === word &&
      declaration.position.line === position.line &&
      declaration.position.character === position.character,
  );
  return found && { name: found.name, kind: found.kind, ...(found.container ? { container: found.container } : {}) };
}

/** What an occurrence is counted under: its declaration, or (`group`) what several declarations share. */
type Counted = Omit<OtherDeclaration, 'count'> & { group?: string };

function count(
  groups: Map<string, Group>,
  { group: shared, ...declaration }: Counted,
  at: SourceLocation,
  how: 'declared' | 'looked up',
): Group['declaration'] {
  const key = shared ?? declaration.id;
  const looked = how === 'looked up' ? 1 : 0;
  const group = groups.get(key);
  if (group) {
    group.count++;
    group.looked += looked;
    return group.declaration;
  }
  groups.set(key, { declaration, at, count: 1, looked });
  return declaration;
}

function samePlace(a: Position, b: Position): boolean {
  return a.line === b.line && a.character === b.character;
}

/** The first pending place of every file, then the second of every file …: each file's symbols are met early. */
function inTurn(pendingByFile: Pending[][]): Pending[] {
  const files = [...pendingByFile].sort((a, b) => a[0].filePath.localeCompare(b[0].filePath));
  const ordered: Pending[] = [];
  const longest = Math.max(0, ...files.map((pending) => pending.length));
  for (let turn = 0; turn < longest; turn++)
    for (const pending of files) if (turn < pending.length) ordered.push(pending[turn]);
  return ordered;
}

function locationKey(location: SourceLocation): string {
  return `${location.filePath}:${location.range.start.line}:${location.range.start.character}`;
}

/**
 * What each definition the engine gave is: the outline's name, container and kind for a file cn may read; for one
 * outside the root (the TypeScript library), what the compiler's hover at the occurrence says (`(method)
 * StringConstructor.raw(…)`): no text of that file is read.
 */
async function describeDefinitions(
  deps: OtherMatchesDeps,
  builder: LocationRefBuilder,
  word: string,
  resolved: Array<{ asked: Pending; definition: SourceLocation | undefined }>,
): Promise<Map<string, Counted>> {
  const distinct = new Map<string, { asked: Pending; definition: SourceLocation }>();
  for (const { asked, definition } of resolved)
    if (definition && !distinct.has(locationKey(definition)))
      distinct.set(locationKey(definition), { asked, definition });
  const described = new Map<string, Counted>();
  await boundedMap([...distinct], LOOKUP_WIDTH, async ([key, { asked, definition }]) => {
    const { filePath, range } = definition;
    const id = formatLocationId(deps.paths.toRelative(filePath), range.start.line, range.start.character);
    const inside = await deps.files.isInsideRoot(filePath);
    const library = !inside || /[\\/]node_modules[\\/]/.test(filePath) ? { library: true as const } : {};
    const found = inside
      ? await declarationAt(deps.engine, filePath, range.start, await builder.text(filePath))
      : undefined;
    if (found) {
      // A callback's outline name (`test('x') callback`) says nothing a reader can look up.
      const container = found.container && isIdentifierName(found.container) ? { container: found.container } : {};
      described.set(key, { name: found.node.name, kind: found.kind, ...container, id, ...library });
      return;
    }
    const text = inside ? await builder.text(filePath) : undefined;
    const imported = text && importBindingsOf(text).find(({ nameAt }) => samePlace(nameAt, range.start));
    if (imported) {
      // Where the engine stops at the import itself, the package is not installed: one entry per module.
      const module = imported.from ?? '?';
      described.set(key, { name: word, kind: 'Import', id, module, group: `import ${module}` });
      return;
    }
    const hover = await deps.navigation?.hover(asked.filePath, asked.position).catch(() => undefined);
    const qualified = hover ? nameFromSignature(hover.signature) : undefined;
    const dot = qualified?.lastIndexOf('.') ?? -1;
    described.set(key, {
      name: qualified !== undefined ? qualified.slice(dot + 1) : word,
      kind: hover ? kindFromSignature(hover.signature) : 'Unknown',
      ...(qualified !== undefined && dot > 0 ? { container: qualified.slice(0, dot) } : {}),
      id,
      ...library,
    });
  });
  return described;
}
