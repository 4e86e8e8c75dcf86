import { mapInOrder } from '../bounded-map.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import type { SourceText } from '../domain/source-text.js';
import type { ProjectSources } from '../ports/project-sources.js';
import { pathFilter, referenceScope } from '../ranking/path-filter.js';
import { letOthersIn, type WorkBudget } from '../search/work-budget.js';

/** Files read at once: the texts are usually cached, so this bounds memory more than waiting. */
const PARALLEL_FILES = 16;

/** A file holding the word, with where each occurrence starts. */
export interface FileOccurrences {
  filePath: string;
  relativePath: string;
  text: SourceText;
  /** UTF-16 offsets, in order. */
  offsets: number[];
}

/** The path filters of an answer that choose the files a word search covers, as the user gave them. */
export interface WordScope {
  in?: string;
  refsIn?: string;
  refsNotIn?: string;
}

/** Where a scan reads texts: each file's text, and whether a file may hold a word at all without reading it. */
export interface ScannedTexts {
  text(filePath: string): Promise<SourceText | undefined>;
  mayContainAny(filePath: string, literals: readonly string[]): boolean;
}

/**
 * Every occurrence of `word` as a whole word (as `rg -w` matches: no letter, digit, mark or `_` right before or after;
 * `$` is no word character to rg, so `$raw` holds `raw`) in the project's source files the scope keeps. A file that
 * surely lacks the word (what was kept of its text says so) is not read, one whose trigram signature rules it out
 * not scanned; other questions are let in every WORK_SLICE_MS of it.
 */
export async function wordOccurrences(
  deps: { sources: ProjectSources; paths: ProjectPaths },
  texts: ScannedTexts,
  word: string,
  scope: WordScope,
  budget: WorkBudget,
): Promise<FileOccurrences[]> {
  const keep = scopeFilter(scope);
  const literals = [word];
  // The files that surely lack the word are left out before the scan (typeorm: ~2,500 of 3,581 for DataSource), so
  // each costs a signature test, not a promise, a path made relative and a result.
  const files: Array<{ filePath: string; relativePath: string }> = [];
  for (const filePath of await deps.sources.files()) {
    if (!texts.mayContainAny(filePath, literals)) continue;
    const relativePath = deps.paths.toRelative(filePath);
    if (keep(relativePath)) files.push({ filePath, relativePath });
  }
  const found: FileOccurrences[] = [];
  await mapInOrder(
    files,
    PARALLEL_FILES,
    async ({ filePath }) => {
      const text = await texts.text(filePath);
      const turn = letOthersIn(budget);
      if (turn) await turn;
      return { text, offsets: text && text.mayContainAny(literals) ? wordOffsets(text.text, word) : [] };
    },
    ({ text, offsets }, { filePath, relativePath }) => {
      if (text && offsets.length > 0) found.push({ filePath, relativePath, text, offsets });
    },
  );
  return found;
}

/**
 * `in src, refs in src/api, refs not in **\/*.test.ts`: what a scope kept, in words both a CLI and an MCP reader take
 * (an MCP client has no flags to type).
 */
export function describeScope(scope: WordScope): string | undefined {
  const parts = [
    scope.in !== undefined ? `in ${scope.in}` : undefined,
    scope.refsIn !== undefined ? `refs in ${scope.refsIn}` : undefined,
    scope.refsNotIn !== undefined ? `refs not in ${scope.refsNotIn}` : undefined,
  ].filter((part): part is string => part !== undefined);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

function scopeFilter(scope: WordScope): (relativePath: string) => boolean {
  const within = pathFilter(scope.in);
  const references = referenceScope(scope);
  return (relativePath) => (!within || within(relativePath)) && references(relativePath);
}

const WORD_CHARACTER = /[\p{L}\p{N}\p{M}\p{Pc}]/u;

/** Where `word` occurs with no word character on either side. */
export function wordOffsets(text: string, word: string): number[] {
  const offsets: number[] = [];
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + word.length)) {
    const before = at > 0 ? text[at - 1] : '';
    const after = text[at + word.length] ?? '';
    if (!WORD_CHARACTER.test(before) && !WORD_CHARACTER.test(after)) offsets.push(at);
  }
  return offsets;
}
