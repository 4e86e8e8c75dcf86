/** `cn map` — POST /map: the outline of one file. */
import { z } from 'zod';
import { MAX_PATH_LENGTH } from './limits.js';
import { budgetReport, kindCounts, snippetLevel } from './shared.js';

export const mapRequest = z.strictObject({
  file: z.string().max(MAX_PATH_LENGTH),
  /** Also list what is declared inside functions and methods (locals, callbacks, object-literal keys). */
  locals: z.boolean().optional(),
  /** Add each symbol's code: `fold` one-line signature, `preview` first lines, `full` whole block. */
  snippet: snippetLevel.optional(),
  limit: z.int().min(1).optional(),
  maxTokens: z.int().optional(),
});
export type MapRequest = z.infer<typeof mapRequest>;

export const mapSymbol = z.object({
  id: z.string(),
  name: z.string(),
  /** LSP SymbolKind name, refined: `TypeAlias`, `Getter`/`Setter`, `EnumMember`; `Export` for a re-export entry. */
  kind: z.string(),
  /** The name's line. */
  line: z.int(),
  /** The declaration's last line (its closing brace). */
  endLine: z.int(),
  container: z.string().optional(),
  /**
   * As written before the name (`export`, `static`, `private`, `async`, `readonly` …), `#private` for `#name`; `type`
   * on type-only exports.
   */
  modifiers: z.array(z.string()).optional(),
  /** `Export` entries: the module specifier of `export … from '…'`. */
  from: z.string().optional(),
  /** `Export` entries: the id of what the exported name stands for (a module's first line for `export *`). */
  resolvesTo: z.string().optional(),
  /** `Export` entries: the kind of the declaration `resolvesTo` names (`Class`, `Function` …), when known. */
  resolvedKind: z.string().optional(),
  snippet: z.string().optional(),
});
export type MapSymbol = z.infer<typeof mapSymbol>;

export const mapResponse = z.object({
  filePath: z.string(),
  symbols: z.array(mapSymbol),
  /** How many symbols the file has; more than `symbols.length` when `limit` or `maxTokens` cut. */
  total: z.int().optional(),
  truncated: z.literal(true).optional(),
  /** `grouped`/`totals` stages: symbols per kind instead of (some of) the list. */
  kinds: kindCounts.optional(),
  budget: budgetReport.optional(),
});
export type MapResponse = z.infer<typeof mapResponse>;
