import { MissingPath, symbolKindName, type OutlineNode, type SymbolSearch, type WorkspaceSymbolHit } from '@cn/core';
import { WorkspaceSymbolRequest, type SymbolInformation, type WorkspaceSymbol } from 'vscode-languageserver-protocol';
import type { SessionSymbols, SourceChanges } from './engine-adapter.js';
import type { LanguageServerSession } from './language-server-session.js';
import type { NativeOutline } from './native-outline.js';
import type { ProjectLayout } from './project-layout.js';
import { stampOf, statWithStamp, type FileStamp } from './file-stamp.js';
import { loadSavedIndex, saveIndex, type SavedFile, type SavedIndexPlace } from './saved-name-index.js';
import { statSync } from 'node:fs';
import { fsPath } from './byte-paths.js';
import { HitsByFile } from './hits-by-file.js';

/** Outlines asked at once while the index is built in the background: user requests still get through. */
const BUILD_WIDTH = 4;

/**
 * cn's own name index on the native engine, which has no navto: its workspace/symbol returns at most
 * 256 fuzzy matches, matches capitals case-sensitively, lists no re-exports and no containers of
 * nested names. The index holds every declaration of every project file under the root (the native
 * outline, normalized as cn map shows it) with its container, plus re-exports and renamed imports as
 * aliases, as navto does. It is built in the background once the session is ready and kept fresh by
 * the session's file changes; a search first re-reads the files changed since.
 *
 * Declarations outside the indexed files (node_modules, the standard library) come from the engine's
 * workspace/symbol, as navto would list them (its 256 cap applies to them alone).
 */
/**
 * How long a cold find waits for the index before answering an exact name without it (complete: false): long enough
 * for small projects, short beside a large one's build (seconds).
 */
const BUILD_GRACE_MS = 300;

/** How long after the build the index is saved: the save (a JSON of every file's names) waits out the first answers. */
const SAVE_AFTER_BUILD_MS = 2000;

export class NativeSymbolIndex implements SessionSymbols {
  private readonly byFile = new HitsByFile();
  private readonly plainImportsByFile = new HitsByFile();
  /** Each indexed file's stamp when its outline was asked: what a saved index is checked against. */
  private readonly stamps = new Map<string, FileStamp>();
  /** Indexed since the index was last saved or read. */
  private unsaved = false;
  private saveTimer: NodeJS.Timeout | undefined;
  private readonly indexing = new Map<string, Promise<void>>();
  private files = new Set<string>();
  /** Files to (re)read before the next answer. */
  private stale = new Set<string>();
  private built: Promise<void> | undefined;
  private buildDone = false;
  private disposed = false;
  /** The saved index as read while the server loaded the projects (prepare), until start takes it. */
  private savedRead: ReturnType<typeof loadSavedIndex> | undefined;

  constructor(
    private readonly session: LanguageServerSession,
    private readonly outlineOf: (file: string) => Promise<NativeOutline>,
    /** Where the index is kept between daemons (the private state directory); undefined: it is not. */
    private readonly saved?: SavedIndexPlace,
  ) {}

  /**
   * Reads the saved index (typeorm's: 2.8 MB of JSON, ~0.2 s with its objects) while the server loads the projects,
   * not after: a cold find waited for it once the engine was ready. Each file is still checked against its stamp at
   * start.
   */
  prepare(): void {
    if (this.saved) this.savedRead ??= loadSavedIndex(this.saved, this.session.root);
  }

  start(layout: ProjectLayout): void {
    this.files = new Set(layout.sourceFiles);
    this.stale = new Set(layout.sourceFiles);
    this.readSaved();
    // In the background: a search waits for it (or answers an exact name first).
    void this.build();
  }

  /**
   * Takes from the index the last daemon saved every file whose stamp is still the one it was read with (a second
   * start of typeorm would otherwise ask the engine for 3,583 outlines again, 3-4 s before its first find); the rest
   * stays stale and is read as on a first start.
   */
  private readSaved(): void {
    if (!this.saved) return;
    const loaded = this.savedRead ?? loadSavedIndex(this.saved, this.session.root);
    this.savedRead = undefined;
    if ('unused' in loaded) {
      this.session.log(`cn: saved name index not used: ${loaded.unused}`);
      return;
    }
    let kept = 0;
    for (const file of this.files) {
      const entry = loaded.files.get(file);
      if (entry === undefined || statStampNow(file) !== entry.stamp) continue;
      this.byFile.set(file, entry.hits);
      this.plainImportsByFile.set(file, entry.plainImports);
      this.stamps.set(file, entry.stamp);
      this.stale.delete(file);
      kept++;
    }
    this.unsaved = kept < this.files.size;
    this.session.log(`cn: saved name index: ${kept} of ${this.files.size} files unchanged, taken from it`);
  }

  private build(): Promise<void> {
    const started = Date.now();
    this.built = this.refresh().then(() => {
      this.buildDone = true;
      this.session.log(`cn: symbol index of ${this.files.size} files built in ${Date.now() - started} ms`);
      this.saveSoon();
    });
    // A failed build is tried again by the next search.
    this.built.catch(() => (this.built = undefined));
    return this.built;
  }

  /** Waits for the build at most `ms` (a failed build is left for the full search to retry). */
  private async buildWithin(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const elapsed = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
    try {
      await Promise.race([(this.built ?? this.build()).catch(() => undefined), elapsed]);
    } finally {
      clearTimeout(timer);
    }
  }

  async whenBuilt(): Promise<void> {
    if (!this.buildDone) await (this.built ?? this.build());
  }

  changed(changes: SourceChanges): void {
    const now = new Set(changes.layout.sourceFiles);
    for (const file of [...this.files])
      if (!now.has(file)) {
        this.files.delete(file);
        this.byFile.delete(file);
        this.plainImportsByFile.delete(file);
        this.stamps.delete(file);
        this.stale.delete(file);
        this.unsaved = true;
      }
    for (const file of now) if (!this.files.has(file)) this.files.add(file);
    for (const file of [...changes.created, ...changes.edited]) if (this.files.has(file)) this.stale.add(file);
    for (const file of this.files) if (!this.byFile.has(file)) this.stale.add(file);
  }

  async search(query: string, exactSuffices: boolean): Promise<SymbolSearch> {
    // A small project's index is built within the grace (80 ms for examples/shop): its first answer is whole.
    if (exactSuffices && !this.buildDone) await this.buildWithin(BUILD_GRACE_MS);
    if (exactSuffices && !this.buildDone) {
      const quick = await this.exactBeforeBuilt(query);
      if (quick) return quick;
    }
    // An open document's text is what the server reads, so open documents are brought up to date first.
    await this.session.documents.syncAll();
    await (this.built ?? this.build());
    await this.refresh();
    // Asked first: the engine searches outside the index while the index is matched here (on typeorm ~70,000 names,
    // ~10 ms, as long as the engine's own search).
    const outside = this.outsideIndex(query);
    const matches = navtoMatcher(query);
    const hits = this.byFile.matching(matches);
    const renamed = this.renamedImports(query, hits);
    return { hits: [...hits, ...renamed, ...(await outside)], complete: true };
  }

  /**
   * navto keeps an import whose name differs from the name its target is declared under; the index has
   * no checker, so a plain relative import is kept when nothing in the project declares its name (it
   * reaches a declaration through a renaming re-export).
   */
  private renamedImports(query: string, hits: WorkspaceSymbolHit[]): WorkspaceSymbolHit[] {
    const declared = new Set(hits.filter((hit) => !hit.alias).map((hit) => hit.name));
    const matches = navtoMatcher(query);
    return this.plainImportsByFile.matching((name, lowerName) => matches(name, lowerName) && !declared.has(name));
  }

  /**
   * The declarations named exactly `query` (ignoring case), before the whole index is built: the
   * engine's workspace/symbol names the files that declare it (exact names sort first, so its cap
   * never cuts them), and those files are indexed first. Undefined when no name matches exactly.
   */
  private async exactBeforeBuilt(query: string): Promise<SymbolSearch | undefined> {
    const lower = query.toLowerCase();
    const found = (await this.workspaceSymbols(query)).filter((hit) => hit.name.toLowerCase() === lower);
    if (!found.some((hit) => hit.name === query)) return undefined;
    const indexed = [...new Set(found.map((hit) => hit.filePath))].filter((file) => this.files.has(file));
    await Promise.all(indexed.map((file) => this.index(file)));
    const hits = indexed
      .flatMap((file) => this.byFile.get(file) ?? [])
      .filter((hit) => hit.name.toLowerCase() === lower);
    // A name only re-exported may also be imported under it anywhere (renamedImports): that needs every file.
    if (!hits.some((hit) => hit.name === query && !hit.alias)) return undefined;
    return { hits: [...hits, ...found.filter((hit) => !this.files.has(hit.filePath))], complete: false };
  }

  /** Reads every stale file, a few at a time, and waits for reads already running. */
  private async refresh(): Promise<void> {
    const queue = [...this.stale];
    const work = async () => {
      for (let file = queue.shift(); file !== undefined && !this.disposed; file = queue.shift()) await this.index(file);
    };
    await Promise.all(Array.from({ length: BUILD_WIDTH }, work));
    await Promise.all(this.indexing.values());
  }

  private index(file: string): Promise<void> {
    const running = this.indexing.get(file);
    // Edited while being read: read again once that read is done.
    if (running) return this.stale.has(file) ? running.then(() => this.index(file)) : running;
    if (!this.stale.delete(file) && this.byFile.has(file)) return Promise.resolve();
    // The stamp before the outline: a file written meanwhile has another stamp by the next start, and is read again.
    const work = Promise.all([statWithStamp(file), this.outlineOf(file)])
      .then(
        ([found, outline]) => {
          if (!this.files.has(file)) return;
          if (found) this.stamps.set(file, found.stamp);
          else this.stamps.delete(file);
          this.unsaved = true;
          this.byFile.set(file, hitsOf(file, outline));
          this.plainImportsByFile.set(
            file,
            outline.plainImports.map(({ name, range }) => ({
              name,
              kind: 'Variable',
              filePath: file,
              range,
              alias: true,
            })),
          );
        },
        (error: unknown) => {
          // A file deleted meanwhile is forgotten; any other failure is read again by the next search.
          if (error instanceof MissingPath || (error as NodeJS.ErrnoException).code === 'ENOENT') {
            this.byFile.delete(file);
            this.plainImportsByFile.delete(file);
            this.stamps.delete(file);
          } else {
            this.stale.add(file);
            throw error;
          }
        },
      )
      .finally(() => this.indexing.delete(file));
    this.indexing.set(file, work);
    return work;
  }

  /** Hits in files cn does not index (node_modules, the standard library), from the engine's search. */
  private async outsideIndex(query: string): Promise<WorkspaceSymbolHit[]> {
    return (await this.workspaceSymbols(query)).filter(
      (hit) => !this.files.has(hit.filePath) && matchesLikeNavto(hit.name, query),
    );
  }

  private async workspaceSymbols(query: string): Promise<WorkspaceSymbolHit[]> {
    const answer = await this.session.request(WorkspaceSymbolRequest.type, { query });
    const symbols = (answer ?? []).filter(isSymbolInformation);
    const places = await this.session.positions.locations(symbols.map((symbol) => symbol.location));
    return symbols.map((symbol, index) => ({
      name: symbol.name,
      // The engine's own kind: outside the index there is no outline to read (a type alias is a Class).
      kind: symbolKindName(symbol.kind),
      ...places[index],
      ...(symbol.containerName ? { containerName: symbol.containerName } : {}),
    }));
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.saveTimer);
    // What changed since the last save is kept for the next daemon (a stop, the idle timeout, a restart).
    if (this.buildDone) this.save();
  }

  private saveSoon(): void {
    if (!this.saved || !this.unsaved) return;
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.save(), SAVE_AFTER_BUILD_MS);
    this.saveTimer.unref();
  }

  /**
   * Saves the files indexed with a stamp. Left for the next start to read: a file whose stat failed, one marked to be
   * read again, and one edited since the engine was last told (its outline may be of the old text under a stamp of
   * the new one).
   */
  private save(): void {
    if (!this.saved || !this.unsaved) return;
    const edited = this.session.undrainedEdits();
    const entries = [...this.byFile.entries()].flatMap(([file, hits]): Array<[string, SavedFile]> => {
      const stamp = this.stale.has(file) || edited.has(file) ? undefined : this.stamps.get(file);
      return stamp === undefined
        ? []
        : [[file, { stamp, hits, plainImports: this.plainImportsByFile.get(file) ?? [] }]];
    });
    try {
      saveIndex(this.saved, this.session.root, entries);
      this.unsaved = false;
    } catch (error) {
      this.session.log(`cn: the name index could not be saved: ${(error as Error).message}`);
    }
  }
}

/** The file's stamp now, synchronously (thousands are checked at once on a start); undefined when it is gone. */
function statStampNow(file: string): FileStamp | undefined {
  try {
    const stats = statSync(fsPath(file), { bigint: true, throwIfNoEntry: false });
    return stats?.isFile() ? stampOf(stats) : undefined;
  } catch {
    return undefined;
  }
}

function isSymbolInformation(symbol: SymbolInformation | WorkspaceSymbol): symbol is SymbolInformation {
  return 'range' in symbol.location;
}

/**
 * The outline's declarations at every depth as search hits, each with the name of the declaration it is
 * in, as navto lists them; names that are no identifiers (callbacks, `<function>`, constructors) are
 * left out, string keys without their quotes.
 */
/** Declarations whose names name the declarations inside them, as navto gives a hit's container. */
const CONTAINER_KINDS = new Set(['Class', 'Interface', 'Enum', 'Module', 'Namespace', 'Function', 'Method']);

/**
 * The outline's declarations at every depth as search hits, as navto lists them: each with the
 * nearest enclosing class, interface, enum, namespace, function or method as its container (a
 * variable or an arrow function is none), without names that are no identifiers (callbacks,
 * `<function>`, string keys), constructors, or object literals' properties (navto's declarations
 * leave them out).
 */
export function hitsOf(
  filePath: string,
  { outline, aliases, objectProperties }: Pick<NativeOutline, 'outline' | 'aliases' | 'objectProperties'>,
): WorkspaceSymbolHit[] {
  const hits: WorkspaceSymbolHit[] = [];
  const visit = (node: OutlineNode, container: string | undefined) => {
    const named = node.kind !== 'Constructor' && IDENTIFIER.test(node.name);
    if (named && !objectProperties.has(node)) {
      hits.push({
        name: node.name,
        kind: node.kind,
        filePath,
        range: node.range,
        ...(container ? { containerName: container } : {}),
      });
    }
    const inner = named && CONTAINER_KINDS.has(node.kind) ? node.name : container;
    for (const child of node.children) visit(child, inner);
  };
  for (const node of outline) visit(node, undefined);
  for (const alias of aliases)
    hits.push({ name: alias.name, kind: 'Variable', filePath, range: alias.range, alias: true });
  return hits;
}

const IDENTIFIER = /^[\p{L}$_#][\p{L}\p{N}$_]*$/u;

/**
 * Whether navto (tsserver's pattern matcher) lists a name for the query: a prefix ignoring case;
 * a query with capitals anywhere, case-sensitively; any query at the start of a word part, ignoring
 * case (`handler` in `routeHandler` and `Hono` in `X_HONO_KEY`, not `hono` in `phonograph`).
 * Ranking then keeps what contains the query, so both engines count the same candidates.
 */
export function matchesLikeNavto(name: string, query: string): boolean {
  return navtoMatcher(query)(name);
}

/**
 * matchesLikeNavto for one query over many names (every declaration of the project, on every find): the query is
 * lowercased once, and a name that does not hold it anywhere (nearly all of them) is let go before the word starts
 * are walked (38 ms of a warm find on typeorm's ~70,000 names).
 */
function navtoMatcher(query: string): (name: string, lowerName?: string) => boolean {
  const lowerQuery = query.toLowerCase();
  const withCapitals = query !== lowerQuery;
  return (name, lowerName = name.toLowerCase()) => {
    // With capitals: anywhere as written (before the test below: a lowercased name may not hold the lowercased query,
    // Greek's final sigma).
    if (withCapitals && name.includes(query)) return true;
    if (!lowerName.includes(lowerQuery)) return false;
    if (lowerName.startsWith(lowerQuery)) return true;
    // Or (camel-case match ignoring case) at a word start.
    for (let start = 1; start < name.length; start++)
      if (isWordStart(name, start) && lowerName.startsWith(lowerQuery, start)) return true;
    return false;
  };
}

/** A camel hump (`H` in routeHandler and XMLHttp), a letter after a digit, `_` or `$`, a digit after a letter. */
function isWordStart(name: string, at: number): boolean {
  const before = name[at - 1];
  const char = name[at];
  const upper = (c: string | undefined) => c !== undefined && c !== c.toLowerCase();
  const lower = (c: string | undefined) => c !== undefined && c !== c.toUpperCase();
  const digit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
  if (upper(char) && (lower(before) || digit(before))) return true;
  if (upper(char) && upper(before) && lower(name[at + 1])) return true;
  if (digit(char) !== digit(before)) return true;
  return before === '_' || before === '$';
}
