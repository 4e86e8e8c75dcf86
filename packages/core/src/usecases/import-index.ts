// Import clauses whose names are bindings: `import { a, b as c } from`, `import type { T } from`,
// `export { a } from` (re-exports), `import D, { a } from`, `const { a } = require(`.
const NAMED_CLAUSES = [
  /\bimport\s+(?:type\s+)?(?:[\p{L}$_][\p{L}\p{N}$_]*\s*,\s*)?\{([^}]*)\}\s*from\b/gu,
  /\bexport\s+(?:type\s+)?\{([^}]*)\}\s*from\b/gu,
  /\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*require\s*\(/gu,
];
const DEFAULT_IMPORT = /\bimport\s+([\p{L}$_][\p{L}\p{N}$_]*)\s*(?:,|from\b)/gu;

/**
 * Which files import a name: one pass of regular expressions over each file's text. This is how
 * `cn overview` ranks declarations — "imported by N files" — because asking the language server for
 * every symbol's references would take minutes on a large project, and counting plain mentions of
 * the name is swamped by keywords and common words (`from`, `of`, `map`). It matches by name, not
 * by module: two modules exporting the same name share a count.
 */
export class ImportIndex {
  private readonly importers = new Map<string, Set<string>>();

  add(filePath: string, source: string): void {
    // Doc comments are full of usage examples (`import { map } from 'rxjs'`) that import nothing.
    const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    for (const clause of NAMED_CLAUSES) {
      for (const match of text.matchAll(clause)) {
        for (const part of match[1].split(',')) {
          // `a as b` imports `a`; `a: b` (require destructuring) takes `a`; `type a` is `a`.
          const name = /^\s*(?:type\s+)?([\p{L}$_][\p{L}\p{N}$_]*)/u.exec(part)?.[1];
          if (name) this.record(name, filePath);
        }
      }
    }
    for (const match of text.matchAll(DEFAULT_IMPORT)) if (match[1] !== 'type') this.record(match[1], filePath);
  }

  /** Files other than `own` that import it. */
  importedBy(name: string, own: string): number {
    const files = this.importers.get(name);
    if (!files) return 0;
    return files.size - (files.has(own) ? 1 : 0);
  }

  private record(name: string, filePath: string): void {
    let files = this.importers.get(name);
    if (!files) {
      files = new Set();
      this.importers.set(name, files);
    }
    files.add(filePath);
  }
}
