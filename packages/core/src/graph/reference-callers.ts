import type { ReferenceRole } from '@cn/protocol';
import type { Position, Range, SourceLocation } from '../domain/location.js';
import { identifierAround, type SourceText } from '../domain/source-text.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { CallHierarchyItem, CodeNavigation, IncomingCall } from '../ports/navigation.js';
import type {
  AnonymousScope,
  EnclosingDeclaration,
  ReferenceSite,
  ReferenceSyntax,
} from '../ports/reference-syntax.js';
import type { SymbolIndex } from '../ports/symbol-index.js';
import { CalleeCheck } from './callee-check.js';
import { isModuleItem, moduleItem } from './module-items.js';

/** One place that names the item, with what the syntax says it does there. */
export interface CallerSite {
  location: SourceLocation;
  /** Undefined when its file could not be read (over the size cap): it cannot be judged, and counts as a call. */
  role?: ReferenceRole;
  /** The unnamed functions between the caller and the site, outermost first (`arrow@364`). */
  through?: AnonymousScope[];
}

export interface Caller {
  from: CallHierarchyItem;
  sites: CallerSite[];
}

export interface CallerSearch {
  /** Every place naming the item, grouped by the declaration each belongs to; calls and other references alike. */
  callers: Caller[];
  /** Calls of a namesake the engine listed as references: the definition there is another declaration. Left out. */
  namesakeCalls: number;
  /** Call sites past the cap of that check, kept unchecked. */
  unchecked: number;
}

export type ReferenceCallerDeps = {
  engine: CodeIntelligence;
  symbols: SymbolIndex;
  navigation: Pick<CodeNavigation, 'incomingCalls'>;
  referenceSyntax: ReferenceSyntax;
};

/** Calls, `new` and the sites cn cannot read; everything else names the item without calling it. */
export function isCall(site: CallerSite): boolean {
  return site.role === undefined || site.role === 'call' || site.role === 'new';
}

/**
 * Who names an item, found from its references and the engine's incoming calls together. The engine's incoming-call
 * search asks one tsconfig project only, and misses every caller in a sibling project (a solution tsconfig with
 * `references`, tests in their own tsconfig: on hono it found 10 `new Hono()` of hundreds), while references span
 * them all. Each site is read from its file's syntax (one parse per file): what it does there (`call`, `new`,
 * `declaration` for an override, `import` …) and the declaration it belongs to, by the rule `cn find`'s `in` and
 * `cn grep` use (the innermost named declaration, a module-level `const x = f(() => …)` included; `<module>` for
 * the rest of the top level), with the callbacks between. Calls whose definition is a namesake are left out.
 */
export class ReferenceCallers {
  private readonly check: CalleeCheck;

  constructor(
    private readonly deps: ReferenceCallerDeps,
    private readonly textOf: (filePath: string) => Promise<SourceText | undefined>,
  ) {
    this.check = new CalleeCheck(deps);
  }

  async incomingCalls(item: CallHierarchyItem): Promise<CallerSearch> {
    // Nothing calls a file's top-level code.
    if (isModuleItem(item)) return { callers: [], namesakeCalls: 0, unchecked: 0 };
    const [references, engineCalls] = await Promise.all([
      this.deps.engine.references(item.filePath, item.selectionRange.start, false),
      this.deps.navigation.incomingCalls(item).catch((): IncomingCall[] => []),
    ]);
    // The engine names the caller of its own sites; used only where the syntax cannot be read.
    const engineCaller = new Map<string, CallHierarchyItem>();
    const known = new Set(references.map(siteKey));
    const locations = references.filter((site) => !isNamePosition(item, site));
    for (const call of engineCalls) {
      for (const site of call.callSites) {
        engineCaller.set(siteKey(site), call.from);
        if (known.has(siteKey(site))) continue;
        known.add(siteKey(site));
        locations.push(site);
      }
    }
    const classified = await this.classify(locations);
    const calls = classified.filter(({ site }) => isCall(site));
    const written = new Map(calls.map(({ site, name }) => [site.location, name]));
    const { keep, unchecked } = await this.check.verdicts(
      item,
      calls.map(({ site }) => site.location),
      (location) => written.get(location) ?? '',
    );
    const namesake = new Set(calls.filter((_, index) => !keep[index]).map(({ site }) => siteKey(site.location)));
    const byCaller = new Map<string, Caller>();
    for (const { site, enclosing, readable } of classified) {
      if (namesake.has(siteKey(site.location))) continue;
      const from = enclosing
        ? declarationItem(site.location.filePath, enclosing)
        : (!readable && engineCaller.get(siteKey(site.location))) || moduleItem(site.location.filePath);
      const key = `${from.filePath}\u0000${from.selectionRange.start.line}\u0000${from.selectionRange.start.character}`;
      const caller = byCaller.get(key);
      if (caller) caller.sites.push(site);
      else byCaller.set(key, { from, sites: [site] });
    }
    return { callers: [...byCaller.values()], namesakeCalls: namesake.size, unchecked };
  }

  /**
   * Sites the engine found in `owner` (its outgoing calls), read as the callers' are: the callbacks between are kept
   * where the site's declaration is `owner` itself (a call in a nested named function says nothing about `owner`'s).
   */
  async sitesIn(owner: CallHierarchyItem, locations: SourceLocation[]): Promise<CallerSite[]> {
    const { line, character } = owner.selectionRange.start;
    return (await this.classify(locations)).map(({ site, enclosing }) => {
      const ownSite = isModuleItem(owner)
        ? enclosing === undefined
        : enclosing?.position.line === line && enclosing.position.character === character;
      return ownSite || !site.through ? site : { location: site.location, ...(site.role ? { role: site.role } : {}) };
    });
  }

  /** Each location with its role, its declaration and its callbacks; one parse per file. */
  private async classify(
    locations: SourceLocation[],
  ): Promise<Array<{ site: CallerSite; name: string; enclosing?: EnclosingDeclaration; readable: boolean }>> {
    const byFile = new Map<string, SourceLocation[]>();
    for (const location of locations)
      byFile.set(location.filePath, [...(byFile.get(location.filePath) ?? []), location]);
    const perFile = await Promise.all(
      [...byFile].map(async ([filePath, inFile]) => {
        const text = await this.textOf(filePath);
        const sites: Array<ReferenceSite | undefined> = text
          ? await this.deps.referenceSyntax.classify(
              filePath,
              text.text,
              inFile.map((location) => calleeNamePosition(location.range)),
            )
          : inFile.map(() => undefined);
        return inFile.map((location, index) => {
          const syntax = sites[index];
          const site: CallerSite = {
            location,
            ...(syntax ? { role: syntax.role } : {}),
            ...(syntax?.through ? { through: syntax.through } : {}),
          };
          const at = calleeNamePosition(location.range);
          const name = identifierAround(text?.line(at.line), at.character);
          return { site, name, ...(syntax?.enclosing ? { enclosing: syntax.enclosing } : {}), readable: Boolean(text) };
        });
      }),
    );
    return perFile.flat();
  }
}

/** The caller as a call-hierarchy item: its id at its name, its range the whole declaration. */
function declarationItem(filePath: string, declaration: EnclosingDeclaration): CallHierarchyItem {
  const { name, kind, position, end, container } = declaration;
  const nameEnd = { line: position.line, character: position.character + name.length };
  return {
    name,
    kind,
    ...(container ? { detail: container } : {}),
    filePath,
    range: { start: position, end: end ?? nameEnd },
    selectionRange: { start: position, end: nameEnd },
  };
}

/**
 * Where to read what a site does: the last character of its range. References span the name; the engine's outgoing
 * call sites span the callee expression (`this.basePath` in `this.basePath(path)`), whose start is `this`, whose end is
 * the name called.
 */
function calleeNamePosition(range: Range): Position {
  const { start, end } = range;
  if (end.line !== start.line || end.character <= start.character + 1) return start;
  return { line: end.line, character: end.character - 1 };
}

/** Some engines list the declaration itself even when asked not to. */
function isNamePosition(item: CallHierarchyItem, site: SourceLocation): boolean {
  const { start } = item.selectionRange;
  return (
    site.filePath === item.filePath &&
    site.range.start.line === start.line &&
    site.range.start.character === start.character
  );
}

function siteKey(site: SourceLocation): string {
  return `${site.filePath}\u0000${site.range.start.line}\u0000${site.range.start.character}`;
}

/** `arrow@364`: an unnamed function by its kind and first line. */
export function scopeLabel(scope: AnonymousScope): string {
  return `${scope.kind}@${scope.line}`;
}

/** The call sites among `sites` as ids, and `through` for those that sit in unnamed functions. */
export function callIds(
  sites: CallerSite[],
  idOf: (location: SourceLocation) => string,
): { sites: string[]; through?: Record<string, string[]> } {
  const ids: string[] = [];
  const through: Record<string, string[]> = {};
  for (const site of sites) {
    if (!isCall(site)) continue;
    const id = idOf(site.location);
    ids.push(id);
    if (site.through) through[id] = site.through.map(scopeLabel);
  }
  return { sites: ids, ...(Object.keys(through).length > 0 ? { through } : {}) };
}
