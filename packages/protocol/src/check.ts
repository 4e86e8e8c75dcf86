/** `cn check` — POST /check: the diagnostics a file would have with a given text, without writing it. */
import { z } from 'zod';
import { diagnosticEntry } from './diagnostics.js';
import { MAX_CHECK_CONTENT_LENGTH, MAX_PATH_LENGTH } from './limits.js';

export const checkRequest = z.strictObject({
  /** The file the text is for: a project file, relative to the root or absolute. */
  file: z.string().max(MAX_PATH_LENGTH),
  /**
   * The file's would-be text. The whole request stays under the daemon's 64 KB body cap (the client refuses a larger
   * one before sending), so this bound is only the schema's backstop.
   */
  content: z.string().max(MAX_CHECK_CONTENT_LENGTH),
});
export type CheckRequest = z.infer<typeof checkRequest>;

/** A diagnostic with the new text; `new` when the disk text's diagnostics have none like it. */
export const checkDiagnostic = diagnosticEntry.extend({ new: z.boolean() });
export type CheckDiagnostic = z.infer<typeof checkDiagnostic>;

export const checkResponse = z.object({
  /** Relative to the project root. */
  file: z.string(),
  /** The file's diagnostics with the new text, then its direct importers'. */
  diagnostics: z.array(checkDiagnostic),
  /** The direct importers checked (from the import graph), relative to the root. */
  importers: z.array(z.string()),
  /** Direct importers past the checked ones (at most 49 are checked), left out. */
  importersNotChecked: z.int().optional(),
  /** Errors with the new text, and how many of them are new. */
  errors: z.int(),
  newErrors: z.int(),
  /** Errors the disk text has that the new text does not. */
  fixedErrors: z.int(),
});
export type CheckResponse = z.infer<typeof checkResponse>;
