import type { FileSyntax } from './declaration-syntax.js';

/** One file's syntax as the search index read it, and the file's stamp then. */
export interface SavedFileSyntax {
  stamp: string;
  syntax: FileSyntax;
}

/**
 * One file's syntax as an earlier daemon saved it: the stamp at once, the syntax decoded when first asked for (a
 * second start's first `cn find` needs a few files' of typeorm's 3,583, and decoding all of them took ~0.5 s);
 * undefined when what was saved for the file is not what cn writes.
 */
export interface SavedSyntaxEntry {
  readonly stamp: string;
  syntax(): FileSyntax | undefined;
}

/**
 * The search index's per-file syntax kept between daemons (the daemon keeps it in its private state directory): a
 * new daemon's first build takes each file whose stamp is still the saved one instead of reading and parsing it.
 */
export interface SavedSyntax {
  /** What an earlier daemon saved, by absolute path; empty when nothing usable was saved. */
  load(): Promise<Map<string, SavedSyntaxEntry>>;
  /** Replaces what is saved with these files. */
  save(files: ReadonlyMap<string, SavedFileSyntax>): Promise<void>;
}
