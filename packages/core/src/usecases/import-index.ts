import { boundedMap } from '../bounded-map.js';
import type { ImportGraphSource, ModuleImport } from '../ports/import-graph.js';

/** Files whose imports are resolved at once. */
const RESOLVE_WIDTH = 16;
const NAME = String.raw`[\p{L}$_][\p{L}\p{N}$_]*`;
const FROM = String.raw`\s*from\s*(?<quote>['"])(?<specifier>[^'"\n]+)\k<quote>`;
// Clauses whose names are bindings, each with its module: `import { a, b as c } from 'm'`,
// `import type { T } from`, `import D, { a } from`, `const { a } = require('m')`.
const NAMED_IMPORTS = [
  new RegExp(String.raw`\bimport\s+(?:type\s+)?(?:${NAME}\s*,\s*)?\{([^}]*)\}${FROM}`, 'gu'),
  new RegExp(
    String.raw`\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*require\s*\(\s*(?<quote>['"])(?<specifier>[^'"\n]+)\k<quote>`,
    'gu',
  ),
];
const DEFAULT_IMPORT = new RegExp(
  String.raw`\bimport\s+(?:type\s+)?(${NAME})\s*(?:,\s*(?:\{[^}]*\}|\*\s*as\s+${NAME})\s*)?${FROM}`,
  'gu',
);
const NAMED_RE_EXPORT = new RegExp(String.raw`\bexport\s+(?:type\s+)?\{([^}]*)\}${FROM}`, 'gu');
const STAR_RE_EXPORT = new RegExp(String.raw`\bexport\s+(?:type\s+)?\*${FROM}`, 'gu');
/** `import * as ns from`, `import D, * as ns from`, `import type * as ns from`. */
const NAMESPACE_IMPORT = new RegExp(
  String.raw`\bimport\s+(?:type\s+)?(?:${NAME}\s*,\s*)?\*\s*as\s+(${NAME})${FROM}`,
  'gu',
);
/** `export * as ns from`: the module's names, reached as `ns.name` by whoever imports `ns`. */
const NAMESPACE_RE_EXPORT = new RegExp(String.raw`\bexport\s+(?:type\s+)?\*\s*as\s+(${NAME})${FROM}`, 'gu');
/** `ns.name`, `ns?.name`, `ns . name`: a member read off an identifier (not off `a.ns`). */
const MEMBER_ACCESS = new RegExp(String.raw`(?<![\p{L}\p{N}$_.])(${NAME})\s*\??\.\s*(${NAME})`, 'gu');
/** `a`, `a as b`, `type a`, `a: b` (require destructuring): the name in the module, and the one given. */
const PART = new RegExp(String.raw`^\s*(?:type\s+)?(${NAME})(?:\s+as\s+(${NAME}))?`, 'u');

interface ModuleClauses {
  /**
   * Names this file imports (or re-exports), by the module they come from; `default` for a default import. `members`:
   * the names the file reads off the binding (`ns.name`), which are what it imports when the module exports the
   * name as a namespace (`export * as ns from`).
   */
  imports: Array<{ name: string; specifier: string; members?: ReadonlySet<string> }>;
  /** `export { original as exported } from specifier` */
  reExports: Array<{ exported: string; original: string; specifier: string }>;
  /** `export * from specifier` */
  stars: string[];
  /** `export * as exported from specifier` */
  namespaces: Array<{ exported: string; specifier: string }>;
}

/** The file a specifier written in a file resolves to, if it is a project file. */
export type ResolveSpecifier = (filePath: string, specifier: string) => string | undefined;

/**
 * Which files import a declaration: regular expressions over each file's import clauses, then each
 * clause's module resolved and followed through re-exports (`export { a } from`, `export * from`) to
 * the file that declares the name. This is how `cn overview` ranks declarations — "imported by N
 * files" — because asking the language server for every symbol's references would take minutes on a
 * large project, and counting plain mentions of the name is swamped by keywords and common words.
 * Counted per declaration: two modules exporting a `helper` each get their own importers.
 */
export class ImportIndex {
  private readonly clauses = new Map<string, ModuleClauses>();
  private readonly importers = new Map<string, Set<string>>();

  add(filePath: string, source: string): void {
    // Doc comments are full of usage examples (`import { map } from 'rxjs'`) that import nothing.
    const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    const clauses: ModuleClauses = { imports: [], reExports: [], stars: [], namespaces: [] };
    const members = memberAccesses(text);
    for (const pattern of NAMED_IMPORTS)
      for (const match of text.matchAll(pattern))
        for (const { original, given } of parts(match[1]))
          clauses.imports.push({ name: original, specifier: specifierOf(match), members: members.get(given) });
    // A namespace import imports what it reads off the namespace: `import * as core` then `core.parse()`.
    for (const match of text.matchAll(NAMESPACE_IMPORT))
      for (const name of members.get(match[1]) ?? []) clauses.imports.push({ name, specifier: specifierOf(match) });
    for (const match of text.matchAll(NAMESPACE_RE_EXPORT))
      clauses.namespaces.push({ exported: match[1], specifier: specifierOf(match) });
    for (const match of text.matchAll(DEFAULT_IMPORT))
      if (match[1] !== 'type') clauses.imports.push({ name: 'default', specifier: specifierOf(match) });
    for (const match of text.matchAll(NAMED_RE_EXPORT))
      for (const { original, given } of parts(match[1])) {
        // A re-export imports the name too: the barrel is one of its importers.
        clauses.imports.push({ name: original, specifier: specifierOf(match) });
        clauses.reExports.push({ exported: given, original, specifier: specifierOf(match) });
      }
    for (const match of text.matchAll(STAR_RE_EXPORT)) clauses.stars.push(specifierOf(match));
    this.clauses.set(filePath, clauses);
  }

  /** Files with at least one clause: only their specifiers need resolving. */
  filesWithClauses(): string[] {
    return [...this.clauses]
      .filter(([, c]) => c.imports.length > 0 || c.stars.length > 0 || c.namespaces.length > 0)
      .map(([file]) => file);
  }

  /** Counts every import, following re-exports to the declaring file; call once all files are added. */
  count(resolve: ResolveSpecifier): void {
    for (const [importer, { imports }] of this.clauses) {
      for (const { name, specifier, members } of imports) {
        const target = resolve(importer, specifier);
        if (target) this.follow(target, name, importer, resolve, new Set(), members);
      }
    }
  }

  /** Files other than `own` that import its declaration `name`. */
  importedBy(own: string, name: string): number {
    const files = this.importers.get(key(own, name));
    if (!files) return 0;
    return files.size - (files.has(own) ? 1 : 0);
  }

  private follow(
    file: string,
    name: string,
    importer: string,
    resolve: ResolveSpecifier,
    seen: Set<string>,
    members?: ReadonlySet<string>,
  ): void {
    if (seen.has(key(file, name))) return;
    seen.add(key(file, name));
    let files = this.importers.get(key(file, name));
    if (!files) this.importers.set(key(file, name), (files = new Set()));
    files.add(importer);
    const clauses = this.clauses.get(file);
    if (!clauses) return;
    // `export * as name from`: the importer reaches that module's names as `name.member`.
    for (const namespace of clauses.namespaces.filter((entry) => entry.exported === name)) {
      const target = resolve(file, namespace.specifier);
      if (target) for (const member of members ?? []) this.follow(target, member, importer, resolve, seen);
    }
    const named = clauses.reExports.filter((reExport) => reExport.exported === name);
    for (const reExport of named) {
      const target = resolve(file, reExport.specifier);
      if (target) this.follow(target, reExport.original, importer, resolve, seen, members);
    }
    // `export *` forwards every name but the default and those the file exports by name; one the
    // file declares itself is followed as well, harmlessly when the other module declares no such name.
    if (name === 'default' || named.length > 0) return;
    for (const specifier of clauses.stars) {
      const target = resolve(file, specifier);
      if (target) this.follow(target, name, importer, resolve, seen, members);
    }
  }
}

/** Per identifier, the names read off it (`core.parse`, `core?.Schema`): one pass over a file for all its imports. */
function memberAccesses(text: string): Map<string, Set<string>> {
  const accesses = new Map<string, Set<string>>();
  for (const [, object, member] of text.matchAll(MEMBER_ACCESS)) {
    let members = accesses.get(object);
    if (!members) accesses.set(object, (members = new Set()));
    members.add(member);
  }
  return accesses;
}

function specifierOf(match: RegExpMatchArray): string {
  return match.groups!.specifier;
}

function parts(list: string): Array<{ original: string; given: string }> {
  return list.split(',').flatMap((part) => {
    const match = PART.exec(part);
    return match ? [{ original: match[1], given: match[2] ?? match[1] }] : [];
  });
}

function key(file: string, name: string): string {
  return `${file}\0${name}`;
}

const DEFAULT_EXPORT =
  /^\s*export\s+default\s+(?:abstract\s+)?(?:async\s+)?(?:function\s*\*?\s*|class\s+)?([\p{L}$_][\p{L}\p{N}$_]*)/mu;

/** The name a file exports as its default (`export default class Foo`, `export default foo`), if it names one. */
export function defaultExportName(text: string): string | undefined {
  return DEFAULT_EXPORT.exec(text)?.[1];
}

/**
 * The index over the project's texts, every clause resolved by the import graph (the compiler's
 * resolution: paths aliases, index files, `.js` → `.ts`), as `cn deps` resolves them.
 */
export async function buildImportIndex(
  importGraph: Pick<ImportGraphSource, 'importsOf'>,
  texts: Map<string, string>,
): Promise<ImportIndex> {
  const index = new ImportIndex();
  for (const [file, text] of texts) index.add(file, text);
  const resolved = new Map<string, Map<string, string>>();
  await boundedMap(index.filesWithClauses(), RESOLVE_WIDTH, async (file) => {
    const imports = await importGraph.importsOf(file).catch((): ModuleImport[] => []);
    resolved.set(
      file,
      new Map(imports.flatMap((entry) => (entry.resolvedFile ? [[entry.specifier, entry.resolvedFile] as const] : []))),
    );
  });
  index.count((file, specifier) => resolved.get(file)?.get(specifier));
  return index;
}
