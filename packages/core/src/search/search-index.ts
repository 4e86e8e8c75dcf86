import type { ProjectPaths } from '../domain/project-paths.js';
import { NO_LITERALS, type LiteralSpans } from '../domain/literal-spans.js';
import type { DeclarationSpan, DeclarationSyntax, FileSyntax } from '../ports/declaration-syntax.js';
import type { ProjectSources } from '../ports/project-sources.js';
import type { SourceFiles } from '../ports/source-files.js';
import type { SavedFileSyntax, SavedSyntax, SavedSyntaxEntry } from '../ports/saved-syntax.js';
import { DeclarationIndex } from './declaration-index.js';
import { letOthersIn, pausesOf, type WorkClock } from './work-budget.js';

export interface SearchIndexDeps extends Partial<WorkClock> {
  sources: ProjectSources;
  /** Texts come through the confined, cached reader: nothing outside the root is ever indexed. */
  files: SourceFiles;
  declarationSyntax: DeclarationSyntax;
  paths: ProjectPaths;
  /** Resolves after `ms` (the daemon's timer): how long a question waits for the index before it takes part of it. */
  sleep(ms: number): Promise<void>;
  /** Where the first build finds what an earlier daemon read, and leaves what it read for the next one. */
  saved?: SavedSyntax;
  /**
   * Resolves once the daemon answers no question: an update no question waits for (the first build, started in the
   * background) pauses until then, so it takes only the time questions leave it.
   */
  noQuestions?(): Promise<void>;
}

/** How much of the project the index answers for. */
export interface IndexState {
  complete: boolean;
  /** Why it is not complete. */
  reason?: string;
  files: number;
  declarations: number;
}

/**
 * The project's declarations, ranked by words (`cn search`), kept in step with the files: every question first
 * compares each file's stamp with the one it was indexed at and re-reads only the files that changed, were
 * created or deleted. The first build reads every file, in the background once the daemon is ready; a question
 * that arrives meanwhile waits a little, then answers from what is indexed so far and says so.
 */
export class SearchIndex {
  private readonly index = new DeclarationIndex();
  private readonly stamps = new Map<string, string>();
  /** Each indexed file's comment and literal spans, of the version its stamp names. */
  private readonly literals = new Map<string, LiteralSpans>();
  /** Questions asked, and the last question the finished update covers (it started after it was asked). */
  private asked = 0;
  private covered = 0;
  private updating: Promise<void> | undefined;
  private progress = { done: 0, total: 0 };
  private failure: string | undefined;
  /** Until the first update finishes, the index is being built rather than brought up to date. */
  private built = false;
  /** What an earlier daemon saved, read once: by questions before the first build ends, and by that build. */
  private savedSyntax: Promise<Map<string, SavedSyntaxEntry>> | undefined;
  /** What questions read of files before the first build ended, with each file's stamp then (see saveOnExit). */
  private readonly readByQuestions = new Map<string, SavedFileSyntax>();
  /** Questions waiting on an update now (`fresh`): with none, the update is background work. */
  private waiting = 0;
  /** A paused background update, woken when a question comes to wait for it. */
  private wakeUpdate: (() => void) | undefined;

  constructor(private readonly deps: SearchIndexDeps) {}

  /**
   * Starts the first build (the daemon calls this once the project is loaded); errors wait for a question. Settles
   * when the build has ended, either way.
   */
  start(): Promise<void> {
    return this.upToDate().catch(() => undefined);
  }

  /**
   * Brings the index up to date with the files as they are now, waiting at most `waitMs`: past that the answer is
   * partial (complete: false) and the update goes on in the background.
   */
  async fresh(waitMs: number): Promise<IndexState> {
    const updated = this.upToDate();
    this.waiting++;
    this.wakeUpdate?.();
    const finished = await Promise.race([
      updated.then(
        () => true,
        () => true,
      ),
      this.deps.sleep(waitMs).then(() => false),
    ]).finally(() => this.waiting--);
    if (finished) await updated;
    return this.state(finished);
  }

  search: DeclarationIndex['search'] = (query, keep, limit) => this.index.search(query, keep, limit);

  /**
   * The declarations of a file read as `text` (`cn grep` groups its matches by them): the indexed ones when the index
   * holds the file's current version, else read from the text now.
   */
  async declarationsOf(filePath: string, text: string): Promise<DeclarationSpan[]> {
    if (await this.holdsCurrent(filePath)) return this.index.declarationsIn(filePath);
    return (
      (await this.savedCurrent(filePath))?.syntax?.declarations ??
      this.deps.declarationSyntax.declarations(filePath, text)
    );
  }

  /**
   * A file's declarations and where its comments and literal text are (`cn find` tells a word in them from one in
   * code): as indexed when the index holds the file's current version, else read from the text now.
   */
  async syntaxOf(filePath: string, text: string): Promise<{ declarations: DeclarationSpan[]; literals: LiteralSpans }> {
    const literals = this.literals.get(filePath);
    if (literals && (await this.holdsCurrent(filePath)))
      return { declarations: this.index.declarationsIn(filePath), literals };
    const saved = await this.savedCurrent(filePath);
    if (saved?.syntax !== undefined) return saved.syntax;
    const read = await this.deps.declarationSyntax.read(filePath, text);
    if (saved?.stamp !== undefined && (await this.isTextAt(filePath, text))) {
      this.readByQuestions.set(filePath, { stamp: saved.stamp, syntax: read });
    }
    return read;
  }

  /**
   * Whether the file still reads as `text`, which the caller read before the stamp was taken: only then is the
   * syntax kept under that stamp (an edit in between would keep an old text's syntax under a new stamp for good).
   */
  private async isTextAt(filePath: string, text: string): Promise<boolean> {
    const now = await this.deps.files.readSource(filePath).catch(() => undefined);
    return now?.text === text;
  }

  /**
   * On the daemon's way out, when the first build never ended (a daemon stopped right after its first answers): what
   * was saved and still holds, with what the questions read since, is saved for the next daemon, whose first
   * `cn find` would parse the same files again. A build that ended saved everything already.
   */
  async saveOnExit(): Promise<void> {
    if (this.built || this.deps.saved === undefined || this.readByQuestions.size === 0) return;
    const kept = new Map<string, SavedFileSyntax>();
    for (const [filePath, entry] of await this.loadSaved()) {
      const syntax = entry.syntax();
      if (syntax) kept.set(filePath, { stamp: entry.stamp, syntax });
    }
    for (const [filePath, read] of this.readByQuestions) kept.set(filePath, read);
    await this.deps.saved.save(kept).catch(() => undefined);
  }

  /**
   * Before the first build has ended: the file's syntax as an earlier daemon saved it, if the file's stamp is still
   * the saved one. A second start's first `cn find` parsed every file holding the word for what rg -w would hit
   * (rxjs's Observable: ~200 files, 210 ms) while the same syntax lay in search-syntax.json.
   */
  private async savedCurrent(filePath: string): Promise<{ stamp?: string; syntax?: FileSyntax } | undefined> {
    if (this.built || this.deps.saved === undefined) return undefined;
    const [saved, [stamp]] = await Promise.all([this.loadSaved(), this.deps.sources.stamps([filePath])]);
    const kept = saved.get(filePath);
    const syntax = kept !== undefined && stamp !== undefined && kept.stamp === stamp ? kept.syntax() : undefined;
    return syntax ? { stamp, syntax } : { stamp };
  }

  private loadSaved(): Promise<Map<string, SavedSyntaxEntry>> {
    this.savedSyntax ??= this.deps.saved!.load().catch(() => new Map<string, SavedSyntaxEntry>());
    return this.savedSyntax;
  }

  private async holdsCurrent(filePath: string): Promise<boolean> {
    const [stamp] = await this.deps.sources.stamps([filePath]);
    return stamp !== undefined && this.stamps.get(filePath) === stamp;
  }

  private state(finished: boolean): IndexState {
    const counts = { files: this.index.fileCount, declarations: this.index.declarationCount };
    if (this.failure !== undefined) return { complete: false, reason: this.failure, ...counts };
    if (finished) return { complete: true, ...counts };
    const { done, total } = this.progress;
    const doing = this.built
      ? `brought up to date: ${done} of ${total} changed files`
      : `built: ${done} of ${total} files`;
    return {
      complete: false,
      reason: `the search index is being ${doing} read so far; ask again for the rest`,
      ...counts,
    };
  }

  /** Resolves once an update that started after this call has finished. */
  private async upToDate(): Promise<void> {
    const ticket = ++this.asked;
    while (this.covered < ticket) {
      this.updating ??= this.update().finally(() => (this.updating = undefined));
      await this.updating;
    }
  }

  private async update(): Promise<void> {
    const coversUpTo = this.asked;
    this.progress = { done: 0, total: 0 };
    try {
      const files = await this.deps.sources.files();
      const stamps = await this.deps.sources.stamps(files);
      // A listed file without a stamp is gone: the listing may not know yet (it trusts directory stamps), and a
      // deleted file must never be an answer.
      const current = new Set(files.filter((_file, i) => stamps[i] !== undefined));
      for (const indexed of [...this.stamps.keys()]) {
        if (current.has(indexed)) continue;
        this.index.removeFile(indexed);
        this.stamps.delete(indexed);
        this.literals.delete(indexed);
      }
      const changed = files.flatMap((file, i) => {
        const stamp = stamps[i];
        return stamp !== undefined && this.stamps.get(file) !== stamp ? [{ file, stamp }] : [];
      });
      this.progress = { done: 0, total: changed.length };
      // The first build takes each file an earlier daemon read, unchanged since, from what it saved (typeorm's 3,583
      // files: a parse each otherwise), and saves what it read for the next daemon.
      const first = !this.built && this.deps.saved !== undefined;
      const saved = first ? await this.loadSaved() : undefined;
      const toSave = first ? new Map<string, SavedFileSyntax>() : undefined;
      // Texts the daemon holds already and parses that need no I/O resolve at once: without a pause, typeorm's first
      // build kept the daemon's one thread for 5 s, and a `cn status` or `cn find` asked meanwhile waited as long.
      const budget = pausesOf({ now: this.deps.now, pause: this.deps.pause && (() => this.pause()) });
      for (const { file, stamp } of changed) {
        await letOthersIn(budget);
        const kept = saved?.get(file);
        const keptSyntax = kept?.stamp === stamp ? kept.syntax() : undefined;
        const syntax = keptSyntax ? this.take(file, stamp, keptSyntax) : await this.read(file, stamp);
        if (syntax) toSave?.set(file, { stamp, syntax });
        this.progress.done++;
      }
      this.failure = undefined;
      this.built = true;
      // Built: the index answers for every file now, and what was saved is read no more.
      this.savedSyntax = undefined;
      this.readByQuestions.clear();
      if (toSave) await this.deps.saved!.save(toSave).catch(() => undefined);
    } catch (error) {
      this.failure = `the search index could not be updated: ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      this.index.settle();
      this.covered = coversUpTo;
    }
  }

  /** A pause of the update: until no question is answered, unless one waits for the update itself. */
  private async pause(): Promise<void> {
    if (this.waiting === 0 && this.deps.noQuestions) {
      const questionWaits = new Promise<void>((resolve) => (this.wakeUpdate = resolve));
      await Promise.race([this.deps.noQuestions(), questionWaits]);
      this.wakeUpdate = undefined;
    }
    await this.deps.pause!();
  }

  /**
   * The stamp was taken before the text is read: an edit in between leaves an older stamp with the newer text, which
   * the next update reads again (the other order could keep an old text under a new stamp for good). Returns what it
   * read, undefined for a file it could not (too large, binary, gone since listed, a parse that failed).
   */
  private async read(filePath: string, stamp: string): Promise<FileSyntax | undefined> {
    // A file cn may not read (too large, binary, gone since listed) has no declarations to find.
    const source = await this.deps.files.readSource(filePath).catch(() => undefined);
    // Every file passes here once per version, in the background: the moment to prepare its text for cn grep.
    source?.indexTrigrams();
    const text = source?.text;
    const read =
      text === undefined ? undefined : await this.deps.declarationSyntax.read(filePath, text).catch(() => undefined);
    this.take(filePath, stamp, read ?? { declarations: [], literals: NO_LITERALS });
    return read;
  }

  private take(filePath: string, stamp: string, syntax: FileSyntax): FileSyntax {
    this.index.setFile(filePath, this.deps.paths.toRelative(filePath), syntax.declarations);
    this.literals.set(filePath, syntax.literals);
    this.stamps.set(filePath, stamp);
    return syntax;
  }
}
