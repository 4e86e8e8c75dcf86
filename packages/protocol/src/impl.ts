/** `cn impl` — POST /impl: the type hierarchy of a class, interface or member, or of the types of a file. */
import { z } from 'zod';
import { targetWordMatches } from './other-matches.js';
import { graphDepth, targetGuess, targetNarrowing, targetQuery } from './graph.js';
import { budgetReport, namedLocation, scopeWarnings, searchReport } from './shared.js';

/** sub: what extends or implements the target; super: what the target extends or implements. */
export const hierarchyDirection = z.enum(['sub', 'super', 'both']);
export type HierarchyDirection = z.infer<typeof hierarchyDirection>;

export const implRequest = z.strictObject({
  target: targetQuery,
  ...targetNarrowing,
  /** Default sub. */
  direction: hierarchyDirection.optional(),
  /** Levels to follow (1 = direct only); default every level, up to MAX_DEPTH. */
  depth: graphDepth.optional(),
  /** At most this many entries, subtypes first, nearest first (`total` still counts all). */
  limit: z.int().min(1).optional(),
});
export type ImplRequest = z.infer<typeof implRequest>;

/**
 * `class-expression`: the class is an expression (`const Ring = class extends Circle {}`), named by
 * what holds it, with kind Class; absent for class declarations, interfaces and type aliases.
 */
const declarationForm = {
  declaration: z.literal('class-expression').optional(),
  /**
   * A class's or interface's header as written, up to its body, on one line, its own type parameters folded:
   * `export abstract class A<…> extends B<T> implements C {` (its heritage, which the line preview may cut).
   */
  header: z.string().optional(),
};
export type DeclarationForm = z.infer<z.ZodObject<typeof declarationForm>>;

/** A type in the hierarchy of the target (or a member implementing the target member). */
export const hierarchyEntry = namedLocation.extend({
  ...declarationForm,
  /**
   * Declared in a library (the standard library, a package): a supertype named as the project writes it, at the clause
   * that names it when its declaration is outside the root, with the kind the engine describes it by; not followed.
   */
  library: z.literal(true).optional(),
  /** Reached through a mixin its heritage clause applies, as written: `Timestamped(Base)`. */
  mixin: z.string().optional(),
  /** Steps from the target: 1 for a direct subtype or supertype. */
  depth: z.int(),
  /** Id of the type it was reached from: the one it extends (sub) or the one extending it (super). */
  via: z.string(),
  /** How it is related to `via`. */
  relation: z.enum(['extends', 'implements']),
});
export type HierarchyEntry = z.infer<typeof hierarchyEntry>;

/**
 * What the walk read: the files holding a reference to a type of the hierarchy (each parsed whole) and the type
 * declarations in them, by form: class declarations, class expressions (`const X = class …`, `return class …`),
 * interfaces, type aliases, classes applying a mixin in their heritage (`extends Timestamped(Base)`), and names
 * declared both as an interface and a class (declaration merging).
 */
export const implExamined = z.object({
  files: z.int(),
  classes: z.int(),
  classExpressions: z.int(),
  interfaces: z.int(),
  typeAliases: z.int(),
  mixins: z.int(),
  merged: z.int(),
});
export type ImplExamined = z.infer<typeof implExamined>;

export const implResponse = z.object({
  /** The class, interface, abstract member … that was asked about; for a file, the file (kind `File`, id its path). */
  target: namedLocation.extend(declarationForm),
  /**
   * For a file: the classes and interfaces declared in it, whose hierarchies the entries are (`via` one of them). For a
   * class merged with an interface of the same name: both declarations (each with its own supertypes).
   */
  declarations: z.array(namedLocation.extend(declarationForm)).optional(),
  direction: hierarchyDirection,
  depth: z.int(),
  /** Subtypes at every requested level, nearest first (empty for --direction super). */
  implementations: z.array(hierarchyEntry),
  /** Supertypes, nearest first; one outside the root is named as written and not followed further. */
  supertypes: z.array(hierarchyEntry),
  ...searchReport,
  examined: implExamined.optional(),
  /**
   * A name that exactly names several classes or interfaces (two `Widget`s): each one's hierarchy is answered (its
   * declarations in `declarations`, each entry's `via` leads to one), none picked; here each with its counts.
   */
  meanings: z
    .array(namedLocation.extend({ ...declarationForm, implementations: z.int(), supertypes: z.int() }))
    .optional(),
  /** Declarations of that name not answered: types past 6, and any past the 12 best, not judged. */
  moreMeanings: z.int().optional(),
  /** Entries found (subtypes and supertypes), when --limit or --max-tokens listed fewer. */
  total: z.int().optional(),
  truncated: z.literal(true).optional(),
  /** Present when the answer was shrunk to a token budget (stage: full, no-previews or cut). */
  budget: budgetReport.optional(),
  ...scopeWarnings,
  ...targetGuess,
  ...targetWordMatches,
});
export type ImplResponse = z.infer<typeof implResponse>;
