/** `cn type` — POST /type: a symbol's signature, doc comment and type declarations (hover). */
import { z } from 'zod';
import { targetWordMatches } from './other-matches.js';
import { targetGuess, targetNarrowing, targetQuery } from './graph.js';
import { budgetReport, namedLocation, scopeWarnings } from './shared.js';

export const typeRequest = z.strictObject({ target: targetQuery, ...targetNarrowing });
export type TypeRequest = z.infer<typeof typeRequest>;

export const typeResponse = z.object({
  target: namedLocation,
  /** The declaration as the compiler prints it (hover), e.g. `function map<T, R>(…): OperatorFunction<T, R>`. */
  signature: z.string(),
  /** The doc comment with its tags, markdown; empty when there is none. */
  documentation: z.string(),
  /** Where the type of the symbol is declared; empty for primitives and anonymous types. */
  typeDefinitions: z.array(
    namedLocation.extend({
      /**
       * Declared in the engine's standard library (`Promise`, `Iterable` …): named, and `filePath` is the library
       * file's name (`lib.es5.d.ts`), never a path into cn's installation. One entry per name, however many lib
       * files merge into it.
       */
      library: z.literal(true).optional(),
    }),
  ),
  ...targetGuess,
  ...targetWordMatches,
  /** Set by the client's `--max-tokens`: the documentation (then the candidates) left out to fit. */
  budget: budgetReport.optional(),
  ...scopeWarnings,
});
export type TypeResponse = z.infer<typeof typeResponse>;
