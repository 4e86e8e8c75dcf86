import { boundedMap } from '../bounded-map.js';
import { rangeContains, type Position, type SourceLocation } from '../domain/location.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { CallHierarchyItem } from '../ports/navigation.js';
import type { SymbolIndex } from '../ports/symbol-index.js';

/** Definitions asked per item (one per file and name written); past this many the rest are kept unchecked, counted. */
export const MAX_CHECKED_SITES = 300;
/** Definitions asked at once: the engine answers one by one anyway. */
const PARALLEL_DEFINITIONS = 8;
const MEMBER_KINDS = new Set(['Method', 'Property', 'Field', 'Constructor', 'EnumMember']);

export interface CalleeVerdicts {
  /** Per site, in order: false when the engine resolves the name there to another declaration. */
  keep: boolean[];
  /** Sites past the cap, kept without asking. */
  unchecked: number;
}

/**
 * Whether each call site calls the item itself. The engines' references can land on a namesake: on mikro-orm, a package
 * that re-exports core with `export *` and declares its own `raw` beside it made the test files importing that `raw`
 * references (and callers) of core's `raw`. Where the project declares the name more than once, each site's
 * definition decides: it must lie in the item's declaration, or be one of the item's own definitions (its overload
 * signatures). A name declared once cannot be mistaken, and costs nothing; members are not imported by name, so only
 * module-level namesakes (functions, variables, classes, aliases) count.
 */
export class CalleeCheck {
  private readonly shared = new Map<string, Promise<boolean>>();

  constructor(private readonly deps: { engine: Pick<CodeIntelligence, 'definition'>; symbols: SymbolIndex }) {}

  /**
   * `nameAt` is the name written at a site: the sites of one file that write the same name resolve alike (the mistake
   * is the import binding's, not the call's), so one definition per file and name decides for all of them.
   */
  async verdicts(
    item: CallHierarchyItem,
    sites: SourceLocation[],
    nameAt: (site: SourceLocation) => string,
  ): Promise<CalleeVerdicts> {
    if (sites.length === 0 || !(await this.nameShared(item))) return { keep: sites.map(() => true), unchecked: 0 };
    const own = await this.definitionsAt(item.filePath, item.selectionRange.start);
    const isOwn = (location: SourceLocation) =>
      location.filePath === item.filePath &&
      (rangeContains(item.range, location.range.start) ||
        (own ?? []).some((definition) => samePlace(definition.range.start, location.range.start)));
    const groupOf = (site: SourceLocation) => `${site.filePath}\u0000${nameAt(site)}`;
    const firsts = new Map<string, SourceLocation>();
    for (const site of sites) if (!firsts.has(groupOf(site))) firsts.set(groupOf(site), site);
    const groups = [...firsts];
    const checked = await boundedMap(groups.slice(0, MAX_CHECKED_SITES), PARALLEL_DEFINITIONS, async ([, site]) => {
      const definitions = await this.definitionsAt(site.filePath, site.range.start);
      // No answer proves nothing: a caller unverified beats one dropped.
      return definitions === undefined || definitions.length === 0 || definitions.some(isOwn);
    });
    const verdict = new Map(groups.slice(0, MAX_CHECKED_SITES).map(([group], index) => [group, checked[index]]));
    const keep = sites.map((site) => verdict.get(groupOf(site)) ?? true);
    const unchecked = sites.filter((site) => !verdict.has(groupOf(site))).length;
    return { keep, unchecked };
  }

  /** Whether another module-level declaration bears the item's name (one search per name and request). */
  private nameShared(item: CallHierarchyItem): Promise<boolean> {
    if (MEMBER_KINDS.has(item.kind)) return Promise.resolve(false);
    let shared = this.shared.get(item.name);
    if (!shared) {
      shared = this.deps.symbols
        .searchSymbols(item.name, { exactSuffices: true })
        .then(({ hits }) =>
          hits.some(
            (hit) =>
              hit.name === item.name &&
              !MEMBER_KINDS.has(hit.kind) &&
              !(hit.filePath === item.filePath && rangesOverlap(hit.range.start, hit.range.end, item.range)),
          ),
        )
        .catch(() => false);
      this.shared.set(item.name, shared);
    }
    return shared;
  }

  private definitionsAt(filePath: string, position: Position): Promise<SourceLocation[] | undefined> {
    return this.deps.engine.definition(filePath, position).catch((): undefined => undefined);
  }
}

function samePlace(a: Position, b: Position): boolean {
  return a.line === b.line && a.character === b.character;
}

function rangesOverlap(start: Position, end: Position, range: CallHierarchyItem['range']): boolean {
  return rangeContains(range, start) || rangeContains({ start, end }, range.start);
}
