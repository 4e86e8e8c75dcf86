import MiniSearch from 'minisearch';
import type { SearchField } from '@cn/protocol';
import type { DeclarationFacts, DeclarationSpan } from '../ports/declaration-syntax.js';
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

type Document = Record<SearchField, string> & { id: number };

/**
 * An in-memory BM25 index of declarations (minisearch), updated a file at a time: a changed file's declarations are
 * discarded and its new ones added, so keeping the index fresh costs one file's parse, not a rebuild.
 */
export class DeclarationIndex {
  private readonly index = new MiniSearch<Document>({
    fields: SEARCH_FIELDS,
    tokenize: (text) => identifierWords(text),
    processTerm: (word) => searchTerm(word) ?? null,
    searchOptions: { boost: FIELD_BOOSTS },
  });
  private readonly declarations = new Map<number, IndexedDeclaration>();
  private readonly idsByFile = new Map<string, number[]>();
  private nextId = 0;

  get fileCount(): number {
    return this.idsByFile.size;
  }

  get declarationCount(): number {
    return this.declarations.size;
  }

  /** Replaces what the index holds for the file. */
  setFile(filePath: string, relativePath: string, facts: readonly DeclarationFacts[]): void {
    this.removeFile(filePath);
    const ids: number[] = [];
    for (const fact of facts) {
      const id = this.nextId++;
      const { signature, doc, comments, strings, identifiers, ...span } = fact;
      this.declarations.set(id, { ...span, filePath });
      ids.push(id);
      this.index.add({
        id,
        name: fact.name,
        container: fact.container ?? '',
        signature,
        doc,
        comments,
        strings,
        identifiers,
        path: relativePath,
      });
    }
    this.idsByFile.set(filePath, ids);
  }

  removeFile(filePath: string): void {
    for (const id of this.idsByFile.get(filePath) ?? []) {
      this.index.discard(id);
      this.declarations.delete(id);
    }
    this.idsByFile.delete(filePath);
  }

  /** The file's declarations as indexed, in order of their start. */
  declarationsIn(filePath: string): IndexedDeclaration[] {
    return (this.idsByFile.get(filePath) ?? []).map((id) => this.declarations.get(id)!);
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
    const spelled = new Map<string, string>();
    for (const word of identifierWords(query)) {
      const term = searchTerm(word);
      if (term !== undefined && !spelled.has(term)) spelled.set(term, word.toLowerCase());
    }
    if (spelled.size === 0) return { total: 0, hits: [] };
    // minisearch splits and stems the query with the index's own functions: the terms are `spelled`'s keys.
    const results = this.index.search(query, {
      filter: (result) => {
        const declaration = this.declarations.get(result.id as number);
        return declaration !== undefined && keep(declaration);
      },
    });
    // Only the results shown need their matches spelled out (a common word matches thousands).
    const hits = namedFirst(results, query.trim(), (id) => this.declarations.get(id)?.name)
      .slice(0, limit)
      .map((result) => {
        const matched: Partial<Record<SearchField, string[]>> = {};
        for (const [term, fields] of Object.entries(result.match)) {
          for (const field of fields as SearchField[]) (matched[field] ??= []).push(spelled.get(term) ?? term);
        }
        return { declaration: this.declarations.get(result.id as number)!, score: result.score, matched };
      });
    return { total: results.length, hits };
  }
}

const ONE_IDENTIFIER = /^[\p{L}$_][\p{L}\p{N}$_]*$/u;

/**
 * A query that is one identifier puts the declarations of exactly that name first (in score order among themselves):
 * BM25 scores words, so `cn search ZodObject` ranked zod's `ZodObject` tenth, behind `ZodMiniObject` and `$ZodObject`
 * whose names share its words and whose bodies say them more often.
 */
function namedFirst<T extends { id: unknown }>(
  results: T[],
  query: string,
  nameOf: (id: number) => string | undefined,
): T[] {
  if (!ONE_IDENTIFIER.test(query)) return results;
  const named = results.filter((result) => nameOf(result.id as number) === query);
  if (named.length === 0) return results;
  return [...named, ...results.filter((result) => nameOf(result.id as number) !== query)];
}
