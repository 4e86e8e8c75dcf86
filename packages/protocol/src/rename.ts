/** `cn rename` — POST /rename: the compiler's rename of a symbol, previewed, or applied all or nothing. */
import { z } from 'zod';
import { targetGuess, targetNarrowing, targetQuery } from './graph.js';
import { MAX_TARGET_LENGTH } from './limits.js';
import { namedLocation, scopeWarnings } from './shared.js';

/** A fingerprint as `rename` answers it: `sha256:` and 64 hex digits. */
export const renameFingerprint = z.string().regex(/^sha256:[0-9a-f]{64}$/);

export const renameRequest = z.strictObject({
  target: targetQuery,
  /** The new name: one identifier (a private `#name` for a private member). */
  newName: z.string().max(MAX_TARGET_LENGTH),
  /** Write the edits (all or nothing); without it, nothing is written and the edits are previewed. */
  apply: z.boolean().optional(),
  /** Apply only if every touched file is as it was when a preview answered this fingerprint. */
  ifUnchanged: renameFingerprint.optional(),
  ...targetNarrowing,
});
export type RenameRequest = z.infer<typeof renameRequest>;

export const renameEdit = z.object({
  /** `filePath::line::character` of the old text's start, as it is before the rename. */
  id: z.string(),
  line: z.int(),
  character: z.int(),
  oldText: z.string(),
  newText: z.string(),
});
export type RenameEdit = z.infer<typeof renameEdit>;

/** One changed line of a file: before and after every edit on it. */
export const renameLine = z.object({
  line: z.int(),
  /** The whole line before, and after (control characters escaped by the text formats only). */
  old: z.string(),
  new: z.string(),
  edits: z.array(renameEdit),
});
export type RenameLine = z.infer<typeof renameLine>;

export const renameFile = z.object({
  /** Relative to the project root, with `/` separators. */
  filePath: z.string(),
  lines: z.array(renameLine),
});
export type RenameFile = z.infer<typeof renameFile>;

/** An error of the project's diagnostics in a touched file. */
export const renameDiagnostic = z.object({ id: z.string(), code: z.string(), message: z.string() });

export const renameResponse = z.object({
  target: namedLocation,
  oldName: z.string(),
  newName: z.string(),
  /** True once every file is written; false for a preview. */
  applied: z.boolean(),
  /** A digest of every touched file's bytes before the rename: pass it to `ifUnchanged` to apply this preview. */
  fingerprint: z.string(),
  editCount: z.int(),
  files: z.array(renameFile),
  /** Applied: the project's error count in the touched files before and after, and the first errors it added. */
  diagnostics: z.object({ before: z.int(), after: z.int(), added: z.array(renameDiagnostic) }).optional(),
  ...targetGuess,
  ...scopeWarnings,
});
export type RenameResponse = z.infer<typeof renameResponse>;
