/** What a word search for an asked name would also hit: shared by the answers that take a name (find, calls …). */
import { z } from 'zod';

/**
 * Occurrences not looked up, by what their file imports the word from: a bare use (`raw(…)`, not `x.raw`) in a file
 * with `import { raw } from '@mikro-orm/core'` is that import's, unless something closer declares the name. What an
 * agent grepped import statements for after `+150 not resolved`; none of them is a reference of the answer either way
 * (its references are all found).
 */
export const unresolvedImports = z.object({
  /** Bare uses in files importing the word, by the module named, most first (at most 5). */
  modules: z.array(z.object({ from: z.string(), count: z.int() })),
  /** Bare uses in files importing the word from more modules than listed. */
  moreModules: z.int().optional(),
  /** Bare uses in files with no import of the word (a local declaration, a global). */
  notImported: z.int(),
  /** Member uses (`x.raw`): no import names them. */
  members: z.int(),
});
export type UnresolvedImports = z.infer<typeof unresolvedImports>;

/** A symbol other than the answered one that some of the name's word occurrences belong to. */
export const otherDeclaration = z.object({
  name: z.string(),
  container: z.string().optional(),
  kind: z.string(),
  /** Its declaration's id (re-ask with `cn find <id>`). */
  id: z.string(),
  /** Declared in a package or the TypeScript library (`node_modules`, or outside the root), not by the project. */
  library: z.literal(true).optional(),
  /**
   * An import the engine follows to no declaration (its package is not installed): the module it names. Every such
   * import of the name from that module, and the uses of each, count as one entry (kind `Import`).
   */
  module: z.string().optional(),
  /** How many of the occurrences are its declaration or its uses. */
  count: z.int(),
});
export type OtherDeclaration = z.infer<typeof otherDeclaration>;

/** A symbol other than the answered one that bare calls of the word go to, and where (ids, the first few). */
export const otherCallee = otherDeclaration.extend({ places: z.array(z.string()) });
export type OtherCallee = z.infer<typeof otherCallee>;

/**
 * The word's occurrences shaped as calls the way the answered symbol's are (`shape`) that are no reference of the
 * answer, by the symbol each calls: what `rg '(^|[^.\w])wrap\('` (or `'\.wrap\('`) adds to a list of calls. Given
 * when the question is about calls (`role` call or new, `cn calls`).
 */
export const otherCalls = z.object({
  /** `bare` (`wrap(`, `new Wrap`: a function, class or variable) or `member` (`.wrap(`: a method or property). */
  shape: z.enum(['bare', 'member']),
  total: z.int(),
  /** Most calls first (at most 10). */
  callees: z.array(otherCallee),
  moreCallees: z.object({ symbols: z.int(), count: z.int() }).optional(),
  /** Calls the engine resolves to no declaration. */
  other: z.int(),
  /** Calls not looked up within the answer's time (counted in otherMatches' `unresolved` too). */
  unresolved: z.int().optional(),
  /** What the files of the calls not looked up import the word from (see `unresolvedImports`). */
  unresolvedImports: unresolvedImports.optional(),
});
export type OtherCalls = z.infer<typeof otherCalls>;

/**
 * What `rg -w Name` over the project's source files would hit beyond the answer's references, counted as `rg -ow`
 * counts (each occurrence, not each line), so a reader knows the word search's result without running it. Only the
 * files the answer's path filters keep are searched (`scope` says which).
 */
export const otherMatches = z.object({
  /** The word searched for: the name asked (`member` of `Sub.member`). */
  word: z.string(),
  /** Word occurrences of the name that are no reference of the answered declaration(s). */
  total: z.int(),
  /** The other symbols the occurrences in code belong to, most occurrences first (at most 10). */
  declarations: z.array(otherDeclaration),
  /** The symbols beyond the ten listed, and how many occurrences are theirs. */
  moreDeclarations: z.object({ symbols: z.int(), count: z.int() }).optional(),
  /** In string literals, template text, regular expressions and JSX text. */
  strings: z.int(),
  /** In comments (mentions the engine counts as references, `{@link Name}`, are references). */
  comments: z.int(),
  /** In code the engine resolves to no declaration (a property of an untyped object, a name it cannot see). */
  other: z.int(),
  /** In code, not looked up: the engine is asked about a bounded number of occurrences per answer. */
  unresolved: z.int().optional(),
  /** The `unresolved` occurrences, by what their file imports the word from. */
  unresolvedImports: unresolvedImports.optional(),
  /**
   * The files `rg -lw Name` would list beyond those holding a reference (root-relative, path order, at most 10;
   * `moreOtherFiles` counts the rest): what an agent comparing file lists wants, said once per answer.
   */
  otherFiles: z.array(z.string()).optional(),
  /** What the word is in each of `otherFiles`, in its order (`Method EventProcessor.getPath ×3, 2 comments`). */
  otherFilesWhat: z.array(z.string()).optional(),
  moreOtherFiles: z.int().optional(),
  /** The path filters that chose the files searched (`--in`, `--refs-in`, `--refs-not-in`), as given. */
  scope: z.string().optional(),
  otherCalls: otherCalls.optional(),
  /**
   * The import bindings and `export { … } from` names of the word among the occurrences (none of them a use of the
   * answered symbol), by the module each names, most first (at most 5): what `rg 'import .*\bref\b'` would show.
   * Given where the answer is that nothing uses a symbol (`cn unused`).
   */
  otherImports: z
    .object({
      total: z.int(),
      modules: z.array(z.object({ from: z.string(), count: z.int() })),
    })
    .optional(),
});
export type OtherMatches = z.infer<typeof otherMatches>;

/** The field calls, impl and type add for a target given as one name. */
export const targetWordMatches = {
  /** What `rg -w Name` would hit beyond the target's references (its references are searched for it). */
  otherMatches: otherMatches.optional(),
};
