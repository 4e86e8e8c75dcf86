/** `cn find` — POST /find: a symbol's definition and references. */
import { z } from 'zod';
import { MAX_KIND_LENGTH, MAX_PATH_LENGTH, MAX_TARGET_LENGTH } from './limits.js';
import { REFERENCE_GROUPINGS, REFERENCE_ROLES } from './reference-roles.js';
import { otherMatches } from './other-matches.js';
import { budgetReport, fileCount, locationRef, optionalSearchReport, scopeWarnings, snippetLevel } from './shared.js';

/** `all` (default): definition and references; `none`: definition only; `only`: references only. */
export const referenceMode = z.enum(['all', 'none', 'only']);
export type ReferenceMode = z.infer<typeof referenceMode>;

export const findRequest = z.strictObject({
  /** A name, Container.member, an id, or a pattern (`*Router`; `*` lists all, with kind or in). */
  query: z.string().max(MAX_TARGET_LENGTH),
  kind: z.string().max(MAX_KIND_LENGTH).optional(),
  limit: z.int().min(1).optional(),
  /** Only definitions under this root-relative path, or matching this glob (`src/**\/*.ts`). */
  in: z.string().max(MAX_PATH_LENGTH).optional(),
  /** Only names equal to the query (case-sensitive); no prefix, substring or other-case matches. */
  exact: z.boolean().optional(),
  refs: referenceMode.optional(),
  snippet: snippetLevel.optional(),
  /** Only references with these roles; comment mentions are left out unless `comment` is named. */
  role: z.array(z.enum(REFERENCE_ROLES)).optional(),
  /** Only references in files under this root-relative path or matching this glob. */
  refsIn: z.string().max(MAX_PATH_LENGTH).optional(),
  /** No references in files under this path or matching this glob (tests: `"**\/*.test.ts"`). */
  refsNotIn: z.string().max(MAX_PATH_LENGTH).optional(),
  /** References as one entry per file (`referenceFiles`) or per enclosing declaration (`referenceSymbols`). */
  group: z.enum(REFERENCE_GROUPINGS).optional(),
  maxTokens: z.int().optional(),
});
export type FindRequest = z.infer<typeof findRequest>;

/** The innermost named declaration around a reference; `<module>` (id: the file's path) at top level. */
export const enclosingSymbol = z.object({ name: z.string(), kind: z.string(), id: z.string() });
export type EnclosingSymbol = z.infer<typeof enclosingSymbol>;

// `maxTokens` may drop previews (stage no-previews), so here they are not required.
const place = locationRef.extend({ preview: z.string().optional() });
/** A use of the symbol: what it does there (`role`) and the declaration it sits in (`in`). */
export const reference = place.omit({ kind: true }).extend({
  role: z.enum(REFERENCE_ROLES),
  in: enclosingSymbol,
  /**
   * An import or `export { } from` whose line does not show its module (a name in a list spread over lines): the
   * module the statement names, as written (`@mikro-orm/sql`).
   */
  from: z.string().optional(),
});
export type Reference = z.infer<typeof reference>;
export const candidate = place.extend({
  name: z.string(),
  container: z.string().optional(),
  /** The declaration's last line (it starts on `line`): "where does it end" without a second call. */
  endLine: z.int().optional(),
  /**
   * The last line's text, trimmed (`}`), when it is not the first: both ends of the range are seen without reading the
   * file (agents asked for a line range ran `sed` around both ends to see them).
   */
  endPreview: z.string().optional(),
  /**
   * The doc comment right above the declaration (decorators between skipped), first and last line: outside the range,
   * said so a reader need not look above the first line to see where it starts.
   */
  docLines: z.tuple([z.int(), z.int()]).optional(),
  snippet: z.string().optional(),
  /**
   * The class the query named (`Sub` of `Sub.member`, `Sub.*`), set when it does not declare the member itself but
   * inherits it from `container`.
   */
  inheritedBy: z.string().optional(),
});
export type Candidate = z.infer<typeof candidate>;

/**
 * Another declaration a name answers, with its own references (the same fields as the answer's): when the name
 * declares several things that fit (`moreDefinitions`).
 */
export const definitionGroup = z.object({
  definition: candidate,
  /**
   * `merged`: declared together with `definition` under one name, the name's other meaning (an interface and a const
   * of one name, as zod's `$ZodType`; a class and its namespace): references to each meaning are the engine's own.
   * `alike`: another declaration that ranks as high as `definition` (two exported functions `mergePath`).
   */
  relation: z.enum(['merged', 'alike']),
  references: z.array(reference),
  totalReferences: z.int(),
  totalReferenceFiles: z.int().optional(),
  filteredReferences: z.int().optional(),
  /** The filters that left them out, in words (`role call, refs in packages`). */
  filteredBy: z.string().optional(),
  /** What the references each filter left out are, by role (path filters first, then `role`): none unseen. */
  filteredRoles: z.array(z.object({ by: z.string(), roles: z.record(z.string(), z.int()) })).optional(),
  commentReferences: z.int().optional(),
  referenceFiles: z.array(fileCount.extend({ roles: z.record(z.string(), z.int()).optional() })).optional(),
  referenceSymbols: z.array(enclosingSymbol.extend({ filePath: z.string(), count: z.int() })).optional(),
  totalGroups: z.int().optional(),
});
export type DefinitionGroup = z.infer<typeof definitionGroup>;

/** A statement a `path::Name` went through to its declaration: where it is (`file:line`) and its line as written. */
export const reExportHop = z.object({ site: z.string(), statement: z.string() });

export const findResponse = z.object({
  query: z.string(),
  definition: candidate.nullable(),
  /**
   * Asked as `path::Name` for a name the file does not declare: the statements followed to the declaration, first
   * first (each `export *` and `export * as ns`, then the re-export or import that names it), so the barrels need no
   * reading to believe the answer.
   */
  reachedThrough: z.array(reExportHop).optional(),
  /**
   * With `reachedThrough`: how many files the `export *` statements led to were looked in (the file named aside), and
   * those besides the declaration's that export the name too (root-relative; an ambiguous name, which the compiler
   * does not re-export). Agents read the barrels after a chain to see no other export of the name.
   */
  reExportsSearched: z.object({ files: z.int(), alsoExportedBy: z.array(z.string()) }).optional(),
  /**
   * With `in` and no `refsIn`: how many of the references (those `refsNotIn` keeps) are in files outside `in` (echoed),
   * which narrows where the name is looked for, not its references. Agents read `--in packages` as narrowing both.
   */
  referencesOutsideIn: z.object({ count: z.int(), in: z.string() }).optional(),
  references: z.array(reference),
  /**
   * How many references the filters kept (comment mentions only when asked); more than `references.length` when
   * `limit` cut the list or the answer is grouped.
   */
  totalReferences: z.int(),
  /** How many files hold those references: all of them, whatever `limit` or `maxTokens` left listed. */
  totalReferenceFiles: z.int().optional(),
  candidates: z.array(candidate),
  /** How many other symbols matched; more than `candidates.length` when cut. */
  totalCandidates: z.int().optional(),
  /** Set when a list was cut by `limit` or `maxTokens`. */
  truncated: z.literal(true).optional(),
  /**
   * Set when another match ranks as high as the definition: those are answered in `moreDefinitions` (up to 4), any
   * beyond in `candidates` (re-ask by id or Container.name).
   */
  ambiguous: z.literal(true).optional(),
  /**
   * The other declarations the name answers, each with its references, when more than one fits a name (not an id, a
   * `path::Name` or a `Class.member`): the name's other meanings, and declarations that rank as high. Never a silent
   * pick: `definition` is the best, these follow it.
   */
  moreDefinitions: z.array(definitionGroup).optional(),
  /**
   * For a name (not an id, a pattern or `--no-refs`): the rest of what `rg -w Name` would hit, and what each of those
   * occurrences is (another symbol of the name, a string, a comment).
   */
  otherMatches: otherMatches.optional(),
  /** Nothing matched the name: the closest names in the project (edit distance), to re-ask with. */
  didYouMean: z.array(z.string()).optional(),
  /** References left out by `role`, `refsIn` or `refsNotIn` (comment mentions aside). */
  filteredReferences: z.int().optional(),
  /** The filters that left them out, in words (`role call, refs in packages`). */
  filteredBy: z.string().optional(),
  /** What the references each filter left out are, by role (path filters first, then `role`): none unseen. */
  filteredRoles: z.array(z.object({ by: z.string(), roles: z.record(z.string(), z.int()) })).optional(),
  /** Mentions in comments (`@see X`, `{@link X}`) left out: ask with role `comment`. */
  commentReferences: z.int().optional(),
  /** `group: file` or the `grouped` stage: references as counts per file (`roles`: per role, with `group`). */
  referenceFiles: z.array(fileCount.extend({ roles: z.record(z.string(), z.int()).optional() })).optional(),
  /** `group: symbol`: references as counts per enclosing declaration. */
  referenceSymbols: z.array(enclosingSymbol.extend({ filePath: z.string(), count: z.int() })).optional(),
  /** How many groups exist when `limit` or `maxTokens` cut `referenceFiles`/`referenceSymbols`. */
  totalGroups: z.int().optional(),
  /**
   * The query was a name pattern (`*Router`) or a listing (`*` with kind/in): candidates are every match,
   * best first, totalCandidates counts them all; no definition is chosen and references are not searched.
   */
  pattern: z.literal(true).optional(),
  /**
   * A pattern with a kind that reading a file may settle (a constant holding an arrow function is a Function): the
   * listing stopped once it had its best `limit`, before reading the others, so totalCandidates is a lower bound.
   */
  totalCandidatesAtLeast: z.literal(true).optional(),
  /**
   * When references were searched: the projects they were searched in. `complete` is also false when the name was
   * answered before the engine's symbol index was built (native engine, just started): the definition and its
   * references are final, `incomplete` says what may be missing.
   */
  ...optionalSearchReport,
  /** Echoed when not `all`: `none` means references were not searched (totalReferences is 0). */
  refs: referenceMode.optional(),
  budget: budgetReport.optional(),
  ...scopeWarnings,
});
export type FindResponse = z.infer<typeof findResponse>;
