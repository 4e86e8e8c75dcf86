/** `cn diagnostics` — POST /diagnostics: type errors and warnings of some files, or a page of the project's. */
import { z } from 'zod';
import { MAX_NAMED_FILES, MAX_PATH_LENGTH } from './limits.js';
import { budgetReport } from './shared.js';

export const diagnosticsRequest = z.strictObject({
  /** Files, and directories (the project's files under them), to check; none = every file of the project. */
  files: z.array(z.string().max(MAX_PATH_LENGTH)).max(MAX_NAMED_FILES).optional(),
  /** Page through the files to check: skip this many, check at most `limit`. */
  offset: z.int().min(0).optional(),
  limit: z.int().min(1).optional(),
});
export type DiagnosticsRequest = z.infer<typeof diagnosticsRequest>;

export const diagnosticSeverity = z.enum(['error', 'warning', 'information', 'hint']);
export type DiagnosticSeverity = z.infer<typeof diagnosticSeverity>;

export const diagnosticEntry = z.object({
  /** `filePath::line::character` of the start. */
  id: z.string(),
  filePath: z.string(),
  line: z.int(),
  character: z.int(),
  severity: diagnosticSeverity,
  /** `TS2322` for TypeScript's own codes. */
  code: z.string(),
  message: z.string(),
});
export type DiagnosticEntry = z.infer<typeof diagnosticEntry>;

export const diagnosticsResponse = z.object({
  diagnostics: z.array(diagnosticEntry),
  filesChecked: z.int(),
  /** Files that would be checked without paging. */
  totalFiles: z.int(),
  /** Where the next page starts, when files remain. */
  nextOffset: z.int().optional(),
  /**
   * Set by the client (`--limit`, `--max-tokens` on the assembled answer, never by a page): how many
   * diagnostics there are in all when the list was cut.
   */
  total: z.int().optional(),
  truncated: z.literal(true).optional(),
  budget: budgetReport.optional(),
});
export type DiagnosticsResponse = z.infer<typeof diagnosticsResponse>;
