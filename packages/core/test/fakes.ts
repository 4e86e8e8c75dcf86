import * as path from 'node:path';
import {
  MissingPath,
  SourceText,
  badInput,
  type CodeIntelligence,
  type EngineStatus,
  type FoldingSpan,
  type OutlineNode,
  type Position,
  type ReferenceSite,
  type ReferenceSyntax,
  type RenameCapture,
  type SourceFiles,
  type SourceLocation,
  type SymbolIndex,
  type SymbolSearch,
  type WorkspaceSymbolHit,
} from '../src/index.js';

export const ROOT = '/project';

/** Files held in memory, confined to ROOT like the real adapter. */
export class FakeFiles implements SourceFiles {
  /** Root-relative paths that stand for symlinks whose real path is outside the root. */
  readonly linkedOut = new Set<string>();

  /** The SourceText last answered per file, answered again while its text is the same (as the daemon caches them). */
  private readonly kept = new Map<string, SourceText>();

  constructor(readonly files: Record<string, string>) {}

  async isInsideRoot(filePath: string): Promise<boolean> {
    const relative = path.relative(ROOT, filePath);
    return !relative.startsWith('..') && !path.isAbsolute(relative) && !this.linkedOut.has(relative);
  }

  async filesInsideRoot(filePaths: readonly string[]): Promise<boolean[]> {
    return Promise.all(filePaths.map((filePath) => this.isInsideRoot(filePath)));
  }

  async readSource(filePath: string): Promise<SourceText> {
    if (!(await this.isInsideRoot(filePath))) throw badInput(`${filePath} is outside the project root`);
    const relative = path.relative(ROOT, filePath);
    const text = this.files[relative];
    if (text === undefined) throw new MissingPath(relative);
    this.read.push(relative);
    const kept = this.kept.get(relative);
    if (kept?.text === text) return kept;
    const source = new SourceText(text);
    this.kept.set(relative, source);
    return source;
  }

  /** Files the fake read (readSource), relative to ROOT: a scan that need not read a file must not. */
  readonly read: string[] = [];

  /** What the real adapter knows from an earlier read, known here from the start: exact. */
  mayContainAny(filePath: string, literals: readonly string[]): boolean {
    const text = this.files[path.relative(ROOT, filePath)];
    return text === undefined || literals.some((literal) => text.includes(literal));
  }

  async resolveInRoot(userPath: string): Promise<string> {
    const absolute = path.resolve(ROOT, userPath);
    if (absolute !== ROOT && !absolute.startsWith(`${ROOT}/`))
      throw badInput(`${userPath} is outside the project root`);
    const relative = path.relative(ROOT, absolute);
    const isDirectory = relative === '' || Object.keys(this.files).some((file) => file.startsWith(`${relative}/`));
    if (this.files[relative] === undefined && !isDirectory) throw new MissingPath(userPath);
    return absolute;
  }
}

/**
 * An engine (and its symbol index) whose answers are given up front; records the positions it was asked
 * about. `indexBuilding`: the index answers only exact names, incomplete, unless the whole index is asked for.
 */
export class FakeEngine implements CodeIntelligence, SymbolIndex {
  symbols: WorkspaceSymbolHit[] = [];
  indexBuilding = false;
  /** The searches asked, `exact:` for the ones an exact-name answer suffices. */
  searches: string[] = [];
  outlines: Record<string, OutlineNode[]> = {};
  folds: Record<string, FoldingSpan[]> = {};
  referencesAt: Record<string, SourceLocation[]> = {};
  definitionsAt: Record<string, SourceLocation[]> = {};
  asked: string[] = [];
  /** Absolute paths deleted from disk: asked about, the engine says no such file, as the real one does. */
  readonly deleted = new Set<string>();

  /** Awaited by a search that needs the whole index: a test holds the index's build there. */
  beforeWholeSearch: (() => Promise<void>) | undefined;

  async searchSymbols(query = '', options: { exactSuffices?: boolean } = {}): Promise<SymbolSearch> {
    this.searches.push(options.exactSuffices ? `exact:${query}` : query);
    if (this.indexBuilding && !options.exactSuffices) await this.beforeWholeSearch?.();
    const hits = await this.matching(query);
    if (!this.indexBuilding || !options.exactSuffices) return { hits, complete: true };
    return { hits: hits.filter((hit) => hit.name === query), complete: false };
  }
  /** Every hit, whatever the query; a subclass may match like the real index. */
  protected async matching(_query: string): Promise<WorkspaceSymbolHit[]> {
    return this.symbols;
  }
  async outline(filePath: string): Promise<OutlineNode[]> {
    if (this.deleted.has(filePath)) throw new MissingPath(filePath);
    return this.outlines[filePath] ?? [];
  }
  async foldingSpans(filePath: string): Promise<FoldingSpan[]> {
    return this.folds[filePath] ?? [];
  }
  async definition(filePath: string, position: Position): Promise<SourceLocation[]> {
    return this.definitionsAt[key(filePath, position)] ?? [];
  }
  async references(filePath: string, position: Position): Promise<SourceLocation[]> {
    if (this.deleted.has(filePath)) throw new MissingPath(filePath);
    this.asked.push(key(filePath, position));
    return this.referencesAt[key(filePath, position)] ?? [];
  }
  status(): EngineStatus {
    return {
      state: 'ready',
      engine: 'tsserver',
      engineMode: 'tsserver',
      serverVersion: 'fake',
      typescriptVersion: 'fake',
      typescriptSource: 'bundled',
      trustProject: false,
      projects: [],
      looseFiles: 0,
      restarts: 0,
    };
  }
}

/** Roles given up front by `path:line:character` (absolute path); any other place is a plain read at top level. */
export class FakeReferenceSyntax implements ReferenceSyntax {
  sites: Record<string, ReferenceSite> = {};
  /** The files classified, one entry per call: the use case must parse each file once. */
  parsed: string[] = [];

  async classify(fileName: string, _text: string, positions: readonly Position[]): Promise<ReferenceSite[]> {
    this.parsed.push(fileName);
    return positions.map((position) => this.sites[key(fileName, position)] ?? { role: 'read' });
  }

  /** Scope changes a rename would make, given up front per file (absolute path); none elsewhere. */
  captures: Record<string, RenameCapture[]> = {};
  async renameCaptures(fileName: string): Promise<RenameCapture[]> {
    return this.captures[fileName] ?? [];
  }
}

export function key(filePath: string, position: Position): string {
  return `${filePath}:${position.line}:${position.character}`;
}

export function at(
  filePath: string,
  line: number,
  character: number,
  endLine = line,
  endCharacter = character,
): SourceLocation {
  return {
    filePath: path.join(ROOT, filePath),
    range: { start: { line, character }, end: { line: endLine, character: endCharacter } },
  };
}

export function node(
  name: string,
  kind: string,
  lines: [number, number],
  nameAt: [number, number],
  children: OutlineNode[] = [],
): OutlineNode {
  return {
    name,
    kind,
    range: { start: { line: lines[0], character: 1 }, end: { line: lines[1], character: 2 } },
    selectionRange: {
      start: { line: nameAt[0], character: nameAt[1] },
      end: { line: nameAt[0], character: nameAt[1] + name.length },
    },
    children,
  };
}
