/** `cn map` — POST /map: the outline of one file, or of one declaration in it. */
import { z } from 'zod';
import { MAX_KIND_LENGTH, MAX_MODIFIERS, MAX_PATH_LENGTH } from './limits.js';
import { budgetReport, kindCounts, snippetLevel } from './shared.js';

export const mapRequest = z.strictObject({
  /** A file, or one declaration in it (`path::Name`, `path::Class.member`, an id): then its members. */
  file: z.string().max(MAX_PATH_LENGTH),
  /** Only symbols of this kind (the words of `find`'s kind: `method` includes accessors). */
  kind: z.string().max(MAX_KIND_LENGTH).optional(),
  /**
   * Only symbols carrying every one of these modifiers as written (`static`, `async`, `readonly` …); `public`: a member
   * neither private, protected nor `#private`, a top-level declaration exported.
   */
  modifiers: z.array(z.string().max(MAX_KIND_LENGTH)).max(MAX_MODIFIERS).optional(),
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
  /** The declaration mapped, when one was asked (`path::Name`): `symbols` are what it declares. */
  of: mapSymbol.optional(),
  /**
   * With `of`: the declaration's first line as written, its last line's, and the doc comment right above it, as `find`
   * gives a definition (an agent ran `sed` around a method's range to see whether its first line was the JSDoc's).
   */
  ofLines: z
    .object({
      preview: z.string(),
      endPreview: z.string().optional(),
      docLines: z.tuple([z.int(), z.int()]).optional(),
    })
    .optional(),
  symbols: z.array(mapSymbol),
  /** How many symbols the filters kept; more than `symbols.length` when `limit` or `maxTokens` cut. */
  total: z.int().optional(),
  /** The filters asked, echoed: `kind`, `modifiers`; `filteredOut` counts the symbols they left out. */
  kind: z.string().optional(),
  modifiers: z.array(z.string()).optional(),
  filteredOut: z.int().optional(),
  truncated: z.literal(true).optional(),
  /** `grouped`/`totals` stages: symbols per kind instead of (some of) the list. */
  kinds: kindCounts.optional(),
  budget: budgetReport.optional(),
});
export type MapResponse = z.infer<typeof mapResponse>;
