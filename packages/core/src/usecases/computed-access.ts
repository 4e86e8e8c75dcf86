import { formatLocationId } from '../domain/ids.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import { positionAt, type SourceText } from '../domain/source-text.js';
import type { ModuleImport } from '../ports/import-graph.js';

const NAME = String.raw`[\p{L}$_][\p{L}\p{N}$_]*`;
const SPECIFIER = String.raw`\s*(?<quote>['"])(?<specifier>[^'"\n]+)\k<quote>`;
/** `import * as ns from 'm'`, `const ns = require('m')`: a name bound to a whole module. */
const NAMESPACE_BINDINGS = [
  new RegExp(String.raw`\bimport\s+(?<typeOnly>type\s+)?\*\s*as\s+(?<name>${NAME})\s+from${SPECIFIER}`, 'gu'),
  new RegExp(String.raw`\b(?:const|let|var)\s+(?<name>${NAME})\s*=\s*require\s*\(${SPECIFIER}\s*\)`, 'gu'),
];
/** `export * as ns from 'm'`: the module's export `ns` is the other module whole. */
const NAMESPACE_RE_EXPORT = new RegExp(String.raw`\bexport\s+(?:type\s+)?\*\s*as\s+(${NAME})\s+from${SPECIFIER}`, 'gu');
const STAR_RE_EXPORT = new RegExp(String.raw`\bexport\s+(?:type\s+)?\*\s*from${SPECIFIER}`, 'gu');
// Lists and casts are bounded, so an unclosed `export {` or `(ns as` costs a bounded look-ahead, not the whole file.
const NAMED_RE_EXPORT = new RegExp(String.raw`\bexport\s+(?:type\s+)?\{([^}]{0,4000})\}\s*from${SPECIFIER}`, 'gu');
/** `export { ns, ns as other }` without `from`: a namespace binding exported under a name. */
const LOCAL_EXPORT = /\bexport\s*\{([^}]{0,4000})\}(?!\s*from)/gu;
const PART = new RegExp(String.raw`^\s*(?:type\s+)?(${NAME})(?:\s+as\s+(${NAME}))?\s*$`, 'u');
/** A key that names one member: a string or number literal, alone in the brackets. */
const LITERAL_KEY = /^\s*(?:'[^'\\\n]*'|"[^"\\\n]*"|`[^`$\\]*`|\d+)\s*\]/;

/** Where a computed key reads: the id of the name before the brackets, and its file. */
export interface KeyAccess {
  /** Root-relative id. */
  at: string;
  /** Absolute. */
  filePath: string;
}

/** One `ns[key]`, `ns.a.b[key]` or `(ns as T)[key]` with a computed key, on a module bound to `specifier`. */
interface Access extends KeyAccess {
  specifier: string;
  /** The properties between the binding and the brackets: `['regexes']` for `core.regexes[k]`. */
  chain: string[];
}

/** What one file says about its modules: how its specifiers resolve, what it re-exports, its computed accesses. */
interface ModuleFacts {
  resolved: Map<string, string>;
  namespaceExports: Map<string, string>;
  stars: string[];
  namedReExports: Map<string, { original: string; specifier: string }>;
}

/**
 * Exports a computed key may reach (issue 24.6): `core.regexes[format as keyof typeof core.regexes]` reads any export
 * of the module `core.regexes` names, so none of them is unused; nor is any export of a module read as `ns[key]`.
 * Read from each file's text (comments blanked) and the import graph's resolution of its specifiers: namespace imports
 * and `require()` bindings, followed through `export * as`, `export *` and `export { a } from` to the module whose
 * exports the key ranges over. A chain that ends at an exported object (`api.handlers[k]`) reaches its properties,
 * which are no top-level declarations: nothing is marked.
 */
export class ComputedAccess {
  private readonly facts = new Map<string, ModuleFacts>();
  private readonly accesses: Access[] = [];
  private reached: Map<string, Map<string, Access>> | undefined;

  /** Reads one project file (its text and the import graph's answer for it). */
  add(filePath: string, source: SourceText, imports: ModuleImport[], paths: ProjectPaths): void {
    const text = blankComments(source.text);
    const facts: ModuleFacts = {
      resolved: new Map(
        imports.flatMap((entry) => (entry.resolvedFile ? [[entry.specifier, entry.resolvedFile]] : [])),
      ),
      namespaceExports: new Map(),
      stars: [...text.matchAll(STAR_RE_EXPORT)].map(specifierOf),
      namedReExports: new Map(),
    };
    for (const match of text.matchAll(NAMESPACE_RE_EXPORT)) facts.namespaceExports.set(match[1], specifierOf(match));
    for (const match of text.matchAll(NAMED_RE_EXPORT))
      for (const part of match[1].split(',')) {
        const named = PART.exec(part);
        if (named)
          facts.namedReExports.set(named[2] ?? named[1], { original: named[1], specifier: specifierOf(match) });
      }
    const bindings = new Map<string, string>();
    const typeOnly = new Set<string>();
    for (const pattern of NAMESPACE_BINDINGS)
      for (const match of text.matchAll(pattern)) {
        const name = match.groups!.name;
        bindings.set(name, specifierOf(match));
        if (match.groups!.typeOnly) typeOnly.add(name);
      }
    if (bindings.size > 0) {
      for (const match of text.matchAll(LOCAL_EXPORT))
        for (const part of match[1].split(',')) {
          const named = PART.exec(part);
          const specifier = named && bindings.get(named[1]);
          if (specifier) facts.namespaceExports.set(named[2] ?? named[1], specifier);
        }
      this.findAccesses(filePath, text, source, { bindings, typeOnly }, paths);
    }
    this.facts.set(filePath, facts);
    this.reached = undefined;
  }

  /** The computed access that may read the export `name` of the file, if one does. */
  reaching(filePath: string, name: string): Access | undefined {
    this.reached ??= this.resolveAll();
    const names = this.reached.get(filePath);
    return names?.get(name) ?? names?.get('*');
  }

  private findAccesses(
    filePath: string,
    text: string,
    source: SourceText,
    { bindings, typeOnly }: { bindings: Map<string, string>; typeOnly: Set<string> },
    paths: ProjectPaths,
  ): void {
    const names = [...bindings.keys()].map((name) => name.replace(/\$/g, '\\$')).join('|');
    const access = new RegExp(
      String.raw`(?<![.\p{L}\p{N}$_])(?:\(\s*(${names})\s+as\s+[^()]{0,200}\)|(${names})((?:\s*\??\.\s*${NAME})*))\s*(?:\?\.\s*)?\[`,
      'gu',
    );
    for (const match of text.matchAll(access)) {
      if (
        !readsComputedKey(
          text.slice(Math.max(0, match.index - 16), match.index),
          text.slice(match.index + match[0].length),
        )
      )
        continue;
      const binding = match[1] ?? match[2];
      // `import type * as ns` binds no value: `ns[k]` in code is another `ns` declared in the file (zod's
      // to-json-schema.ts shadows its `schemas` so), and a type query (`typeof ns[K]`) never counts.
      if (typeOnly.has(binding)) continue;
      const chain = (match[3] ?? '')
        .split(/\??\./)
        .map((part) => part.trim())
        .filter(Boolean);
      const nameAt = match.index + match[0].indexOf(binding);
      const { line, character } = positionAt(source.lineStarts, nameAt);
      const at = formatLocationId(paths.toRelative(filePath), line, character);
      this.accesses.push({ specifier: bindings.get(binding)!, chain, at, filePath });
    }
  }

  private resolveAll(): Map<string, Map<string, Access>> {
    const reached = new Map<string, Map<string, Access>>();
    const mark = (file: string | undefined, name: string, access: Access, seen: Set<string>): void => {
      if (!file || seen.has(`${file}\0${name}`)) return;
      seen.add(`${file}\0${name}`);
      let names = reached.get(file);
      if (!names) reached.set(file, (names = new Map<string, Access>()));
      if (!names.has(name)) names.set(name, access);
      const facts = this.facts.get(file);
      if (!facts) return;
      const forwarded = name === '*' ? [...facts.namedReExports.values()] : [facts.namedReExports.get(name)];
      for (const reExport of forwarded)
        if (reExport) mark(facts.resolved.get(reExport.specifier), reExport.original, access, seen);
      // `export *` forwards every name but the default.
      if (name !== 'default' && (name === '*' || !facts.namedReExports.has(name)))
        for (const star of facts.stars) mark(facts.resolved.get(star), name, access, seen);
    };
    for (const access of this.accesses) {
      let module = this.facts.get(access.filePath)?.resolved.get(access.specifier);
      for (const property of access.chain) module = module && this.namespaceExport(module, property, new Set());
      mark(module, '*', access, new Set());
    }
    return reached;
  }

  /** The module a module's export `name` is, whole (`export * as name`, or forwarded by `export *` or by name). */
  private namespaceExport(file: string, name: string, seen: Set<string>): string | undefined {
    if (seen.has(`${file}\0${name}`)) return undefined;
    seen.add(`${file}\0${name}`);
    const facts = this.facts.get(file);
    if (!facts) return undefined;
    const own = facts.namespaceExports.get(name);
    if (own) return facts.resolved.get(own);
    const named = facts.namedReExports.get(name);
    if (named) {
      const target = facts.resolved.get(named.specifier);
      return target && this.namespaceExport(target, named.original, seen);
    }
    for (const star of facts.stars) {
      const target = facts.resolved.get(star);
      const found = target && this.namespaceExport(target, name, seen);
      if (found) return found;
    }
    return undefined;
  }
}

/**
 * The brackets after a name read a computed key: not a literal one (`ns['a']`, `ns[0]`), nor a type (`typeof ns[K]`
 * reads nothing at run time). `before`: the text before the name; `inside`: the text after `[`.
 */
export function readsComputedKey(before: string, inside: string): boolean {
  return !/\btypeof\s*$/.test(before) && !LITERAL_KEY.test(inside);
}

function specifierOf(match: RegExpMatchArray): string {
  return match.groups!.specifier;
}

/**
 * Comments as spaces (line breaks kept), so offsets still point into the text. One pass with indexOf: a lazy regex
 * would scan to the end of the file again for every unclosed `/*`.
 */
function blankComments(text: string): string {
  const parts: string[] = [];
  let at = 0;
  for (let slash = text.indexOf('/'); slash >= 0 && slash < text.length - 1; slash = text.indexOf('/', at)) {
    const block = text[slash + 1] === '*';
    if (!block && text[slash + 1] !== '/') {
      parts.push(text.slice(at, slash + 1));
      at = slash + 1;
      continue;
    }
    const close = block ? text.indexOf('*/', slash + 2) : text.indexOf('\n', slash);
    const end = close < 0 ? text.length : block ? close + 2 : close;
    parts.push(text.slice(at, slash), text.slice(slash, end).replace(/[^\n]/g, ' '));
    at = end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}
