import type { SearchField } from '@cn/protocol';
import type { DeclarationFacts, DeclarationSpan } from '../ports/declaration-syntax.js';
import { FieldedBM25 } from './fielded-bm25.js';
import { identifierWords, searchTerm } from './words.js';

/**
 * What a declaration is ranked by, and how much each field weighs (BM25F: each field is scored on its own, then
 * weighted and summed). A word in the name says most about what a declaration is; its doc comment and head say
 * what it does; the words of its body, its strings and its file's path say what it touches. Chosen on the agent
 * eval's no-name questions (scripts/search/compare-rankers.mjs; figures in docs/search.md), where the ranking
 * moved little with them.
 */
export const FIELD_BOOSTS: Record<SearchField, number> = {
  name: 3,
  container: 1,
  signature: 1.5,
  doc: 2,
  comments: 1,
  strings: 1,
  identifiers: 1,
  path: 0.5,
};
export const SEARCH_FIELDS = Object.keys(FIELD_BOOSTS) as SearchField[];

/** A declaration as the index keeps it: where it is, not its words (those live only in the index). */
export interface IndexedDeclaration extends DeclarationSpan {
  /** Absolute path. */
  filePath: string;
}

export interface RankedDeclaration {
  declaration: IndexedDeclaration;
  score: number;
  /** Which fields matched which words of the query (as the query spelled them, lowercased). */
  matched: Partial<Record<SearchField, string[]>>;
}

/**
 * An in-memory BM25 index of declarations, updated a file at a time: a changed file's declarations are discarded and
 * its new ones added, so keeping the index fresh costs one file's parse, not a rebuild.
 */
export class DeclarationIndex {
  private readonly index = new FieldedBM25(
    SEARCH_FIELDS.map((field) => FIELD_BOOSTS[field]),
    (renumbered) => this.renumber(renumbered),
  );
  /** By the index's document number; undefined once removed. */
  private declarations: Array<IndexedDeclaration | undefined> = [];
  /** Each file's declarations are numbered in a run: its first number and how many. */
  private readonly runsByFile = new Map<string, { first: number; count: number }>();

  get fileCount(): number {
    return this.runsByFile.size;
  }

  get declarationCount(): number {
    return this.index.documentCount;
  }

  /** Replaces what the index holds for the file. */
  setFile(filePath: string, relativePath: string, facts: readonly DeclarationFacts[]): void {
    this.removeFile(filePath);
    if (facts.length === 0) {
      this.runsByFile.set(filePath, { first: 0, count: 0 });
      return;
    }
    // Every declaration of the file has its path: its words are split and stemmed once.
    const path = fieldOf(relativePath);
    let first = -1;
    for (const fact of facts) {
      const texts: Record<SearchField, string> = { ...fact, container: fact.container ?? '', path: relativePath };
      const document = this.index.add(SEARCH_FIELDS.map((field) => (field === 'path' ? path : fieldOf(texts[field]))));
      if (first < 0) first = document;
      this.declarations[document] = indexed(fact, filePath);
    }
    this.runsByFile.set(filePath, { first, count: facts.length });
  }

  removeFile(filePath: string): void {
    const run = this.runsByFile.get(filePath);
    if (run === undefined) return;
    this.runsByFile.delete(filePath);
    for (let document = run.first; document < run.first + run.count; document++) {
      this.declarations[document] = undefined;
      this.index.remove(document);
    }
  }

  /** Trims what a batch of updates grew (the index calls it once its update has ended). */
  settle(): void {
    this.index.settle();
  }

  /** The file's declarations as indexed, in order of their start. */
  declarationsIn(filePath: string): IndexedDeclaration[] {
    const run = this.runsByFile.get(filePath);
    return run === undefined ? [] : (this.declarations.slice(run.first, run.first + run.count) as IndexedDeclaration[]);
  }

  /**
   * Best first: the first `limit` declarations matching any word of the query (of those `keep` accepts), with which
   * fields matched which words, and how many matched in all.
   */
  search(
    query: string,
    keep: (declaration: IndexedDeclaration) => boolean = () => true,
    limit = Number.POSITIVE_INFINITY,
  ): { total: number; hits: RankedDeclaration[] } {
    const terms: string[] = [];
    const spelled = new Map<string, string>();
    for (const word of identifierWords(query)) {
      const term = searchTerm(word);
      if (term === undefined) continue;
      terms.push(term);
      if (!spelled.has(term)) spelled.set(term, word.toLowerCase());
    }
    if (terms.length === 0) return { total: 0, hits: [] };
    const results = this.index
      .query(terms)
      .filter((result) => keep(this.declarations[result.document]!))
      .sort((a, b) => b.score - a.score);
    // The words each answer says matched, in the order cn has always listed them: a term's as an object orders its
    // keys, numbers (`64`, `1`) first.
    const termOrder = Object.keys(Object.fromEntries([...spelled.keys()].map((term) => [term, true])));
    // Only the results shown need their matches spelled out (a common word matches thousands).
    const hits = namedFirst(results, query.trim(), (document) => this.declarations[document]!.name)
      .slice(0, limit)
      .map(({ document, score }) => {
        const matched: Partial<Record<SearchField, string[]>> = {};
        for (const term of termOrder) {
          for (const field of this.index.fieldsWith(term, document)) {
            (matched[SEARCH_FIELDS[field]] ??= []).push(spelled.get(term)!);
          }
        }
        return { declaration: this.declarations[document]!, score, matched };
      });
    return { total: results.length, hits };
  }

  /** The index swept its removed documents: the declarations move with their numbers. */
  private renumber(renumbered: Int32Array): void {
    const declarations: IndexedDeclaration[] = [];
    this.declarations.forEach((declaration, document) => {
      if (declaration !== undefined && renumbered[document] >= 0) declarations[renumbered[document]] = declaration;
    });
    this.declarations = declarations;
    for (const run of this.runsByFile.values()) if (run.count > 0) run.first = renumbered[run.first];
  }
}

/**
 * The declaration's span, built field by field: a copy made by spreading (`{ ...span, filePath }`) gave each of
 * typeorm's 20,000 declarations a hidden class of its own (7 MB of the index's 10 for their places).
 */
function indexed(fact: DeclarationFacts, filePath: string): IndexedDeclaration {
  const { name, kind, container, position, start, end, startLine, endLine } = fact;
  return container === undefined
    ? { name, kind, position, start, end, startLine, endLine, filePath }
    : { name, kind, container, position, start, end, startLine, endLine, filePath };
}

/** A field as the index takes it: how many distinct words it has as written, and the term of each word. */
function fieldOf(text: string): { words: number; terms: string[] } {
  const words = identifierWords(text);
  const terms: string[] = [];
  for (const word of words) {
    const term = searchTerm(word);
    if (term !== undefined) terms.push(term);
  }
  return { words: new Set(words).size, terms };
}

const ONE_IDENTIFIER = /^[\p{L}$_][\p{L}\p{N}$_]*$/u;

/**
 * A query that is one identifier puts the declarations of exactly that name first (in score order among themselves):
 * BM25 scores words, so `cn search ZodObject` ranked zod's `ZodObject` tenth, behind `ZodMiniObject` and `$ZodObject`
 * whose names share its words and whose bodies say them more often.
 */
function namedFirst<T extends { document: number }>(
  results: T[],
  query: string,
  nameOf: (document: number) => string,
): T[] {
  if (!ONE_IDENTIFIER.test(query)) return results;
  const named = results.filter((result) => nameOf(result.document) === query);
  if (named.length === 0) return results;
  return [...named, ...results.filter((result) => nameOf(result.document) !== query)];
}
