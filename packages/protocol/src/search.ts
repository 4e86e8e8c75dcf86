/**
 * `cn search` — POST /search: declarations ranked by how well their words match a question; and `cn grep` —
 * POST /grep: a pattern's matches grouped by the declaration they are in.
 */
import { z } from 'zod';
import { enclosingSymbol } from './find.js';
import { MAX_GREP_PATHS, MAX_KIND_LENGTH, MAX_PATH_LENGTH, MAX_PATTERN_LENGTH, MAX_QUERY_LENGTH } from './limits.js';
import { budgetReport, namedLocation, scopeWarnings, snippetLevel } from './shared.js';

export const searchRequest = z.strictObject({
  /** Words or a question ("where is the retry delay computed"); identifiers are split (`retryDelay` → retry, delay). */
  query: z.string().max(MAX_QUERY_LENGTH),
  /** Only declarations of this kind (class, function, method …, as for find). */
  kind: z.string().max(MAX_KIND_LENGTH).optional(),
  /** Only declarations under this root-relative path, or matching this glob. */
  in: z.string().max(MAX_PATH_LENGTH).optional(),
  /** At most this many results (default 10); `total` still counts every match. */
  limit: z.int().min(1).optional(),
  snippet: snippetLevel.optional(),
});
export type SearchRequest = z.infer<typeof searchRequest>;

/** The declaration's fields a query word can match (BM25F: each is weighted on its own). */
export const searchField = z.enum([
  'name',
  'container',
  'signature',
  'doc',
  'comments',
  'strings',
  'identifiers',
  'path',
]);
export type SearchField = z.infer<typeof searchField>;

// `maxTokens` may drop previews (stage no-previews), so here they are not required.
export const searchHit = namedLocation.extend({
  preview: z.string().optional(),
  /** BM25F score, higher is better; comparable only within one answer. */
  score: z.number(),
  /** Which fields matched which words of the query. */
  matched: z.partialRecord(searchField, z.array(z.string())),
  /** Last line of the declaration (the id's line is its name's). */
  endLine: z.int(),
  snippet: z.string().optional(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const searchResponse = z.object({
  query: z.string(),
  /** The query's words that were searched for (stop words such as "the", "where", "function" are left out). */
  words: z.array(z.string()),
  results: z.array(searchHit),
  /** Declarations matching at least one word, before `limit` or `maxTokens` cut the list. */
  total: z.int(),
  truncated: z.literal(true).optional(),
  /** Files in the index (and declarations in them). */
  files: z.int(),
  declarations: z.int(),
  /** False while the index is still being built or brought up to date: results come from part of the project. */
  complete: z.boolean(),
  incomplete: z.string().optional(),
  budget: budgetReport.optional(),
  ...scopeWarnings,
});
export type SearchResponse = z.infer<typeof searchResponse>;

export const grepRequest = z.strictObject({
  /** A regular expression (RE2 syntax, as ripgrep's: no backreferences or lookaround), matched line by line. */
  pattern: z.string().max(MAX_PATTERN_LENGTH),
  /** Only files under these root-relative paths or matching these globs (as rg's paths). */
  paths: z.array(z.string().max(MAX_PATH_LENGTH)).max(MAX_GREP_PATHS).optional(),
  /** Only files under this root-relative path, or matching this glob (as --in everywhere). */
  in: z.string().max(MAX_PATH_LENGTH).optional(),
  /** Only matches inside declarations of this kind (`module`: outside every declaration). */
  kind: z.string().max(MAX_KIND_LENGTH).optional(),
  ignoreCase: z.boolean().optional(),
  /** Only matches that begin and end at word boundaries (`\b…\b`). */
  word: z.boolean().optional(),
  /** The pattern is a literal string, not a regular expression. */
  fixed: z.boolean().optional(),
  /** Skip matches that start inside comments, strings and template text. */
  codeOnly: z.boolean().optional(),
  /** At most this many matches listed (default 100); `totalMatches` still counts them all. */
  limit: z.int().min(1).optional(),
});
export type GrepRequest = z.infer<typeof grepRequest>;

export const grepMatch = z.object({
  line: z.int(),
  /** 1-based UTF-16 column where the match starts. */
  character: z.int(),
  /** The line around the match, trimmed, at most 100 characters; `…` stands for each end left out. */
  preview: z.string().optional(),
  /** The line's length in characters, when it is over 1,000 (minified or generated code): the preview is a glimpse. */
  lineLength: z.int().optional(),
});
export type GrepMatch = z.infer<typeof grepMatch>;

/** The matches inside one declaration (`in`: the innermost one; `<module>` with the file as id at top level). */
export const grepGroup = z.object({
  filePath: z.string(),
  /** `container`: the declaration holding it (`Hono` for `Hono.fetch`). */
  in: enclosingSymbol.extend({ container: z.string().optional() }),
  matches: z.array(grepMatch),
  /** Matches in this declaration, more than `matches.length` when the list was cut. */
  count: z.int(),
});
export type GrepGroup = z.infer<typeof grepGroup>;

export const grepResponse = z.object({
  pattern: z.string(),
  /** In file, then line order. */
  groups: z.array(grepGroup),
  /** Matches found, before `limit` or `maxTokens` cut the list (and declarations they are in). */
  totalMatches: z.int(),
  totalGroups: z.int(),
  filesSearched: z.int(),
  /** Files with at least one match. */
  filesMatched: z.int(),
  truncated: z.literal(true).optional(),
  /** False when the search stopped early (time or match bound): `incomplete` says why. */
  complete: z.boolean(),
  incomplete: z.string().optional(),
  budget: budgetReport.optional(),
  ...scopeWarnings,
});
export type GrepResponse = z.infer<typeof grepResponse>;
