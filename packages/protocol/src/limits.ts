/**
 * Bounds the daemon's request schemas put on what a client may ask. Zod-free, so the CLI can read them
 * without loading zod; core keeps its own copies of the ones its use cases enforce, and the daemon checks at
 * compile time that both agree (daemon/src/http/route-binding.ts).
 */
/** Steps a graph walk may follow (calls, impl, deps). */
export const MAX_DEPTH = 10;
/** Targets of one `cn calls` (the first plus `targets`). */
export const MAX_CALL_TARGETS = 20;
/** Files `cn diagnostics` checks in one request. */
export const MAX_NAMED_FILES = 500;
/** Ids one `cn inspect` request may carry, and the length of one. */
export const MAX_INSPECT_IDS = 5000;
export const MAX_ID_LENGTH = 8192;
/** A symbol name or id as asked (find, calls, impl, type). */
export const MAX_TARGET_LENGTH = 16384;
/** A path or glob (files, `in`, `refsIn` …). */
export const MAX_PATH_LENGTH = 4096;
export const MAX_KIND_LENGTH = 64;
/** Modifiers one `cn map` may require (`static`, `async` … are a dozen words). */
export const MAX_MODIFIERS = 16;
/** A `cn search` question (words, a sentence). */
export const MAX_QUERY_LENGTH = 1000;
/** A `cn grep` pattern: a regular expression compiles to a program about as large as its text. */
export const MAX_PATTERN_LENGTH = 1000;
/** Paths and globs one `cn grep` may name. */
export const MAX_GREP_PATHS = 100;
/**
 * A `cn check` content, in UTF-16 units: the daemon's 64 KB request body cap (core/http-limits.ts) is the real limit
 * and the client measures the encoded request against it; this only keeps the schema bounded.
 */
export const MAX_CHECK_CONTENT_LENGTH = 64 * 1024;

/** Files or directories one `cn unused` checks beside its first path (`morePaths`). */
export const MAX_UNUSED_PATHS = 50;
