/** Schema pieces several answers share: places in the code, the token-budget report, the error body. */
import { z } from 'zod';

/** What every command hands back for "a place in the code". */
export const locationRef = z.object({
  /** `filePath::line::character`, stable and re-askable by `find` and `inspect`. */
  id: z.string(),
  /** Relative to the project root, with `/` separators. */
  filePath: z.string(),
  line: z.int(),
  character: z.int(),
  /** LSP SymbolKind name of the symbol at that place (a reference has a `role` instead: find.ts). */
  kind: z.string(),
  /** The trimmed source line, at most 100 characters; empty for a place outside the root. */
  preview: z.string(),
  /** The file's real path is outside the project root: the place is reported, its text never is. */
  outsideRoot: z.literal(true).optional(),
});
export type LocationRef = z.infer<typeof locationRef>;

export const namedLocation = locationRef.extend({ name: z.string(), container: z.string().optional() });
export type NamedLocation = z.infer<typeof namedLocation>;

export const snippetLevel = z.enum(['fold', 'preview', 'full']);
export type SnippetLevel = z.infer<typeof snippetLevel>;

/**
 * Which stage `maxTokens` needed: nothing cut; previews and snippets dropped; lists replaced by
 * per-file (find) or per-kind (map) counts; totals only. `cut` is overview's: its least-imported
 * files dropped from the end.
 */
export const budgetStage = z.enum(['full', 'no-previews', 'grouped', 'cut', 'totals']);
export type BudgetStage = z.infer<typeof budgetStage>;
export const budgetReport = z.object({
  maxTokens: z.int(),
  stage: budgetStage,
  /** Estimated tokens of the answer as returned (see core output/token-estimate.ts). */
  tokens: z.int(),
});
export type BudgetReport = z.infer<typeof budgetReport>;

/** A file and how many results it holds: what `grouped` leaves of a list. */
export const fileCount = z.object({ filePath: z.string(), count: z.int() });
export type FileCount = z.infer<typeof fileCount>;

/**
 * What a project-wide search went through (issue 13 §1): the tsconfig/jsconfig projects (and the loose-file
 * project) searched, and `complete` false with what may be missing (`incomplete`) when some were not.
 */
export const searchReport = {
  projects: z.int(),
  complete: z.boolean(),
  incomplete: z.string().optional(),
};
/** The same, on answers that search the project only for some requests (references, callers, importers). */
export const optionalSearchReport = {
  projects: z.int().optional(),
  complete: z.boolean().optional(),
  incomplete: z.string().optional(),
};

/**
 * A path or glob of a filter (`in`, `refsIn`, `refsNotIn`, a grep path; one piece of a comma list) that matches no
 * project file, so it kept or left out nothing: the answer says so (`**\/*.test.ts,**\/*.test.tsx` read as one glob
 * filtered nothing, silently).
 */
export const unmatchedScope = z.object({ field: z.string(), pattern: z.string() });
export type UnmatchedScope = z.infer<typeof unmatchedScope>;
/** On the answers of every command that takes such filters. */
export const scopeWarnings = { unmatched: z.array(unmatchedScope).optional() };

/** Symbols per kind (`Class` → 3). */
export const kindCounts = z.record(z.string(), z.int());

/** The wire shape of every refusal and failure; the kind decides the HTTP status and the CLI's exit code. */
export const errorBody = z.object({
  error: z.object({
    kind: z.enum(['bad-input', 'not-found', 'unavailable', 'engine-failure', 'io', 'conflict', 'internal']),
    message: z.string(),
    hint: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;
