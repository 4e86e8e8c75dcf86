import type { DeclarationForm, HierarchyEntry } from '@cn/protocol';
import { formatLocationId } from '../domain/ids.js';
import type { Position, SourceLocation } from '../domain/location.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import { walkBreadthFirst, type Step } from '../graph/breadth-first.js';
import { namedLocation } from '../graph/named-location.js';
import { refineKind } from '../ranking/refine-kind.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { CodeNavigation } from '../ports/navigation.js';
import type { HeritageName, TypeDeclaration, TypeSyntax } from '../ports/type-syntax.js';
import { ExaminedTypes } from './examined-types.js';
import { typeDeclarationsOf } from './kept-type-declarations.js';
import type { LocationRefBuilder } from './location-refs.js';

export type HierarchyDeps = {
  engine: CodeIntelligence;
  navigation: Pick<CodeNavigation, 'hover'>;
  paths: ProjectPaths;
  typeSyntax: TypeSyntax;
};

/** A type met on the walk: a class or interface of the project, or (super only) a type it cannot look into. */
export interface TypeNode {
  filePath: string;
  position: Position;
  /** Absent for a supertype outside the root, unresolved, or declared otherwise (a type alias): a leaf. */
  declaration?: TypeDeclaration;
  /** For a leaf: its name as written in the heritage clause. */
  writtenName?: string;
  /** For a leaf: where the heritage clause names it, in the project (a library type is shown there). */
  site?: { filePath: string; position: Position };
  relation: 'extends' | 'implements';
  /** Reached through a mixin applied in the heritage clause (`Timestamped(Base)`), as written. */
  mixin?: string;
}

/** How an answer says a class is an expression, so an agent need not open it to tell. */
export function declarationForm(declaration: TypeDeclaration | undefined): DeclarationForm {
  return declaration?.expression ? { declaration: 'class-expression' } : {};
}

export interface HierarchyWalk {
  entries: HierarchyEntry[];
  truncated: boolean;
}

// Every class, interface or type alias needs one of these words; files without them are not parsed.
const DECLARATION_WORD = /\b(?:class|interface|type)\b/;
// Packages are not the project: a type declared in one is a leaf, named but not followed.
const PACKAGE_DIRECTORY = /[\\/]node_modules[\\/]/;
const LIBRARY_KINDS: Record<string, string> = {
  class: 'Class',
  interface: 'Interface',
  type: 'TypeAlias',
  enum: 'Enum',
  function: 'Function',
  namespace: 'Namespace',
  module: 'Namespace',
};

/**
 * Walks a type hierarchy through the syntax of heritage clauses: subtypes are the declarations
 * whose `extends`/`implements` names the type where the engine finds a reference to it (so an
 * alias or re-export `HonoBase` of `Hono` counts, in every loaded project); supertypes are where
 * the engine says each name in the type's own clauses is declared.
 */
export class TypeHierarchy {
  private readonly declarations = new Map<string, Promise<TypeDeclaration[]>>();
  /** What the walks read, for the answer's `examined`. */
  readonly examined = new ExaminedTypes();

  constructor(
    private readonly deps: HierarchyDeps,
    private readonly builder: LocationRefBuilder,
  ) {}

  /** The class or interface declared with its name at this place, if it is one. */
  async declarationAt(filePath: string, position: Position): Promise<TypeDeclaration | undefined> {
    return (await this.declarationsIn(filePath)).find((declaration) => samePosition(declaration.position, position));
  }

  /** The class or interface the engine's location (its name, or the whole declaration) points at. */
  async declarationWithin(location: SourceLocation): Promise<TypeDeclaration | undefined> {
    return (await this.declarationsIn(location.filePath)).find((candidate) => within(candidate.position, location));
  }

  /**
   * The other declarations of the same symbol (`interface QueryBase` beside `class QueryBase`, an augmentation):
   * the engine's definitions at the name list every declaration a merged symbol has.
   */
  async mergedWith(filePath: string, declaration: TypeDeclaration): Promise<TypeNode[]> {
    const definitions = await this.deps.engine
      .definition(filePath, declaration.position)
      .catch((): SourceLocation[] => []);
    const merged: TypeNode[] = [];
    for (const definition of definitions) {
      if (definition.filePath === filePath && samePosition(definition.range.start, declaration.position)) continue;
      const other = await this.declarationWithin(definition);
      if (!other || other.name !== declaration.name || other === declaration) continue;
      if (merged.some((known) => known.declaration === other)) continue;
      merged.push({ filePath: definition.filePath, position: other.position, declaration: other, relation: 'extends' });
    }
    return merged;
  }

  async walk(root: TypeNode, direction: 'sub' | 'super', depth: number, maxEntries: number): Promise<HierarchyWalk> {
    const found = new Map<string, { node: TypeNode; depth: number; via?: string }>();
    const truncated = await walkBreadthFirst<TypeNode>(
      {
        root,
        idOf: (node) => this.idOf(node),
        depth,
        maxNodes: maxEntries + 1,
        neighbours: (node) => (direction === 'sub' ? this.subtypes(node) : this.supertypes(node)),
        onNode: (node, level) => found.set(this.idOf(node), { node, depth: level }),
        // Called right after onNode for a new node: the first type it was reached from is the nearest.
        onStep: (expanded, step) => {
          const entry = found.get(this.idOf(step.node));
          if (entry && entry.via === undefined) entry.via = this.idOf(expanded);
        },
      },
      () => found.size + 1,
    );
    const entries = await Promise.all(
      [...found.values()].map(({ node, depth: level, via }) => this.entry(node, level, via ?? this.idOf(root))),
    );
    return { entries, truncated };
  }

  private async subtypes(node: TypeNode): Promise<Step<TypeNode>[]> {
    if (!node.declaration) return [];
    const references = await this.deps.engine.references(node.filePath, node.position, false);
    const steps: Step<TypeNode>[] = [];
    for (const reference of references) {
      for (const declaration of await this.declarationsIn(reference.filePath)) {
        const named = declaration.heritage.find((heritage) => samePosition(heritage.position, reference.range.start));
        if (named)
          steps.push({
            node: {
              filePath: reference.filePath,
              position: declaration.position,
              declaration,
              relation: named.clause,
              ...(named.mixin ? { mixin: named.mixin } : {}),
            },
            sites: [],
          });
      }
    }
    return steps;
  }

  private async supertypes(node: TypeNode): Promise<Step<TypeNode>[]> {
    if (!node.declaration || node.declaration.heritage.length === 0) return [];
    const perName = await Promise.all(
      node.declaration.heritage.map((heritage) => this.declaredAt(node.filePath, heritage)),
    );
    return perName.flat().map((supertype) => ({ node: supertype, sites: [] }));
  }

  /** Where a name in a heritage clause is declared: the project's class or interface if it is one, else one leaf. */
  private async declaredAt(filePath: string, heritage: HeritageName): Promise<TypeNode[]> {
    const definitions = await this.deps.engine
      .definition(filePath, heritage.position)
      .catch((): SourceLocation[] => []);
    const link = { relation: heritage.clause, ...(heritage.mixin ? { mixin: heritage.mixin } : {}) };
    const declared: TypeNode[] = [];
    for (const definition of definitions) {
      const declaration = await this.declarationWithin(definition);
      if (declaration)
        declared.push({ filePath: definition.filePath, position: declaration.position, declaration, ...link });
    }
    if (declared.length > 0) return declared;
    // A leaf: known by where it is declared (one entry however many clauses name it), shown where the project
    // names it when that is outside the root (the clause, where cn find can tell more).
    const [first] = definitions;
    const site = { filePath, position: heritage.position };
    const place = first ? { filePath: first.filePath, position: first.range.start } : site;
    return [{ ...place, writtenName: heritage.text, site, ...link }];
  }

  private async entry(node: TypeNode, depth: number, via: string): Promise<HierarchyEntry> {
    const link = { depth, via, relation: node.relation, ...(node.mixin ? { mixin: node.mixin } : {}) };
    if (node.declaration) {
      const { name, kind, container } = node.declaration;
      const ref = await this.builder.ref(node.filePath, node.position, kind);
      return { ...ref, name, ...(container ? { container } : {}), ...declarationForm(node.declaration), ...link };
    }
    const outside = !(await this.builder.text(node.filePath));
    if (outside) {
      // Nothing from a file outside the root is shown (not even its path): the library type is named as the
      // project writes it, at the clause that names it, with the kind the engine describes it by.
      const site = node.site ?? node;
      const ref = await this.builder.ref(site.filePath, site.position, await this.libraryKind(site, node.relation));
      return { ...ref, name: node.writtenName ?? '', library: true, ...link };
    }
    const named = await namedLocation(this.deps.engine, this.builder, node.filePath, node.position, 'Unknown');
    // The outline calls a type alias a variable; `implements` of a `type X = {…}` is common.
    const kind = refineKind(named.kind, (await this.builder.text(node.filePath))?.line(named.line), named.character);
    const library = PACKAGE_DIRECTORY.test(node.filePath) ? { library: true as const } : {};
    return { ...named, kind, name: named.name || (node.writtenName ?? ''), ...library, ...link };
  }

  /**
   * A library type's kind, from the engine's description of the name where the project writes it: `interface
   * Iterable<T>`, `class EventEmitter`; `var Error: ErrorConstructor` in an `extends` is the standard library's
   * way to declare a class.
   */
  private async libraryKind(site: { filePath: string; position: Position }, relation: string): Promise<string> {
    const hover = await this.deps.navigation.hover(site.filePath, site.position).catch(() => undefined);
    const keyword = /^(?:\(alias\)\s+)?(?:declare\s+)?(?:abstract\s+)?(\w+)/.exec(hover?.signature ?? '')?.[1];
    if (keyword === 'var' || keyword === 'const' || keyword === 'let')
      return relation === 'extends' ? 'Class' : 'Variable';
    return LIBRARY_KINDS[keyword ?? ''] ?? 'Unknown';
  }

  private idOf(node: TypeNode): string {
    return formatLocationId(this.deps.paths.toRelative(node.filePath), node.position.line, node.position.character);
  }

  /**
   * Files outside the root, in packages or unreadable have none we look at; the rest are parsed once per version of
   * their text (kept-type-declarations.ts) and looked up once per request.
   */
  private declarationsIn(filePath: string): Promise<TypeDeclaration[]> {
    if (PACKAGE_DIRECTORY.test(filePath)) return Promise.resolve([]);
    let declarations = this.declarations.get(filePath);
    if (!declarations) {
      declarations = this.builder.text(filePath).then(async (source) => {
        if (!source) return [];
        const found = DECLARATION_WORD.test(source.text)
          ? await typeDeclarationsOf(this.deps.typeSyntax, filePath, source)
          : [];
        this.examined.add(filePath, found);
        return found;
      });
      this.declarations.set(filePath, declarations);
    }
    return declarations;
  }
}

export function samePosition(a: Position, b: Position): boolean {
  return a.line === b.line && a.character === b.character;
}

/** Engines point a definition at the name or span the whole declaration. */
function within(position: Position, location: SourceLocation): boolean {
  const { start, end } = location.range;
  const after = position.line > start.line || (position.line === start.line && position.character >= start.character);
  const before = position.line < end.line || (position.line === end.line && position.character <= end.character);
  return after && before;
}
