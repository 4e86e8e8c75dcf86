import { rangeContains, type Position, type SourceLocation } from '../domain/location.js';
import type { SourceText } from '../domain/source-text.js';
import type { OutlineNode } from '../domain/symbols.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { CallHierarchyItem, CodeNavigation, IncomingCall } from '../ports/navigation.js';
import { initializesFunction } from '../ranking/refine-kind.js';
import { locateName } from '../usecases/name-position.js';
import { isModuleItem, moduleItem } from './module-items.js';

const ALWAYS_CALLERS = new Set(['Function', 'Method', 'Constructor']);
const CALLER_IF_FUNCTION_VALUE = new Set(['Variable', 'Constant', 'Property', 'Field']);

/**
 * Who calls an item, found from its references and the engine's incoming calls together. The
 * engine's incoming-call search asks one tsconfig project only, and misses every caller in a sibling
 * project (a solution tsconfig with `references`, tests in their own tsconfig: on hono it found 10
 * `new Hono()` of hundreds), while references span them all. Each reference is credited to the innermost named function
 * around it
 * (a method, a `const f = () =>`), or to its file's `<module>` for top-level code, callbacks there
 * (`describe(…, () => …)`) included. Which references are calls is judged later (call-sites.ts).
 */
export class ReferenceCallers {
  private readonly outlines = new Map<string, Promise<OutlineNode[]>>();

  constructor(
    private readonly engine: CodeIntelligence,
    private readonly navigation: Pick<CodeNavigation, 'incomingCalls'>,
    private readonly textOf: (filePath: string) => Promise<SourceText | undefined>,
  ) {}

  async incomingCalls(item: CallHierarchyItem): Promise<IncomingCall[]> {
    // Nothing calls a file's top-level code.
    if (isModuleItem(item)) return [];
    const [references, engineCalls] = await Promise.all([
      this.engine.references(item.filePath, item.selectionRange.start, false),
      this.navigation.incomingCalls(item).catch((): IncomingCall[] => []),
    ]);
    // Where the engine's own answer covers a site it names the caller; the outline names the rest.
    const engineCaller = new Map<string, CallHierarchyItem>();
    const sites = [...references];
    const known = new Set(references.map(siteKey));
    for (const call of engineCalls) {
      for (const site of call.callSites) {
        engineCaller.set(siteKey(site), call.from);
        if (!known.has(siteKey(site))) sites.push(site);
      }
    }
    const callers = await Promise.all(
      sites.map(async (site) => engineCaller.get(siteKey(site)) ?? (await this.callerAt(site))),
    );
    const byCaller = new Map<string, IncomingCall>();
    sites.forEach((site, index) => {
      const from = callers[index];
      const key = `${from.filePath}\u0000${from.selectionRange.start.line}\u0000${from.selectionRange.start.character}`;
      const call = byCaller.get(key);
      if (call) call.callSites.push(site);
      else byCaller.set(key, { from, callSites: [site] });
    });
    return [...byCaller.values()];
  }

  private async callerAt(reference: SourceLocation): Promise<CallHierarchyItem> {
    const [outline, text] = await Promise.all([this.outline(reference.filePath), this.textOf(reference.filePath)]);
    const found = innermostCaller(outline, reference.range.start, text);
    if (!found) return moduleItem(reference.filePath);
    const { node, container } = found;
    // An overload's implementation comes with its "name" at the declaration's start (`export`): the id points at the
    // name.
    const start = locateName(text, node.selectionRange, node.name);
    const selectionRange = { start, end: { line: start.line, character: start.character + node.name.length } };
    return {
      name: node.name,
      kind: ALWAYS_CALLERS.has(node.kind) || node.kind === 'Class' ? node.kind : 'Function',
      ...(container ? { detail: container } : {}),
      filePath: reference.filePath,
      range: node.range,
      selectionRange,
    };
  }

  private outline(filePath: string): Promise<OutlineNode[]> {
    let outline = this.outlines.get(filePath);
    if (!outline) {
      outline = this.engine.outline(filePath).catch((): OutlineNode[] => []);
      this.outlines.set(filePath, outline);
    }
    return outline;
  }
}

interface Found {
  node: OutlineNode;
  container?: string;
}

/**
 * The deepest outline node around the position that is a named function: functions, methods and
 * constructors, variables and properties holding a function, and a class for its field initializers.
 * Callbacks (`describe('x') callback`) are not named functions; the search goes through them.
 */
function innermostCaller(
  nodes: OutlineNode[],
  position: Position,
  text: SourceText | undefined,
  container?: string,
): Found | undefined {
  for (const node of nodes) {
    if (!rangeContains(node.range, position)) continue;
    const deeper = innermostCaller(node.children, position, text, isCallback(node) ? container : node.name);
    if (deeper) return deeper;
    if (isNamedCaller(node, text)) return { node, ...(container ? { container } : {}) };
  }
  return undefined;
}

function isNamedCaller(node: OutlineNode, text: SourceText | undefined): boolean {
  if (isCallback(node)) return false;
  if (ALWAYS_CALLERS.has(node.kind) || node.kind === 'Class') return true;
  if (!CALLER_IF_FUNCTION_VALUE.has(node.kind)) return false;
  const { line, character } = node.selectionRange.start;
  return initializesFunction(text?.line(line), character);
}

/** The engine's names for anonymous functions: `describe('x') callback`, `<function>`, `<class>`. */
export function isCallback(node: OutlineNode): boolean {
  return / callback$/.test(node.name) || /^<.*>$/.test(node.name);
}

function siteKey(site: SourceLocation): string {
  return `${site.filePath}\u0000${site.range.start.line}\u0000${site.range.start.character}`;
}
