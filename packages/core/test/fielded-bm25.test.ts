import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { DeclarationIndex } from '../src/index.js';
import { FIELD_BOOSTS, SEARCH_FIELDS } from '../src/search/declaration-index.js';
import { FieldedBM25 } from '../src/search/fielded-bm25.js';
import { identifierWords, searchTerm } from '../src/search/words.js';
import { fact } from './search-fakes.js';

/**
 * cn ranked with minisearch until its Maps took 29 MB on typeorm; FieldedBM25 is to score as it did, to the last bit
 * (an answer's order among near-ties rides on it). minisearch stays as the oracle: a random corpus, random queries,
 * the same scores, order and matches, before and after removals.
 */
const VOCABULARY = 'parse request body cookie retry delay connection source query runner 64 8 data user get set'.split(
  ' ',
);

type Texts = Record<(typeof SEARCH_FIELDS)[number], string>;

function randomCorpus(seed: number, count: number): Texts[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const words = (most: number) =>
    Array.from({ length: Math.floor(next() * most) }, () => {
      const word = VOCABULARY[Math.floor(next() * VOCABULARY.length)];
      return next() < 0.3 ? word[0].toUpperCase() + word.slice(1) : word;
    }).join(next() < 0.5 ? ' ' : '');
  return Array.from({ length: count }, () => ({
    name: words(3) || 'x',
    container: words(2),
    signature: words(6),
    doc: words(12),
    comments: words(4),
    strings: words(4),
    identifiers: words(30),
    path: `src/${words(2)}.ts`,
  }));
}

function oracle(): MiniSearch<Texts & { id: number }> {
  return new MiniSearch<Texts & { id: number }>({
    fields: SEARCH_FIELDS,
    tokenize: (text) => identifierWords(text),
    processTerm: (word) => searchTerm(word) ?? null,
    searchOptions: { boost: FIELD_BOOSTS },
  });
}

function fielded(onRenumber: (renumbered: Int32Array) => void = () => undefined): FieldedBM25 {
  return new FieldedBM25(
    SEARCH_FIELDS.map((field) => FIELD_BOOSTS[field]),
    onRenumber,
  );
}

function fieldsOf(texts: Texts) {
  return SEARCH_FIELDS.map((field) => {
    const words = identifierWords(texts[field]);
    return { words: new Set(words).size, terms: words.flatMap((word) => searchTerm(word) ?? []) };
  });
}

const QUERIES = [
  'retry delay',
  'Cookie',
  'parse the request body',
  'get get',
  'data source 64',
  'query runner user',
  'nothing',
];

function termsOf(query: string): string[] {
  return identifierWords(query).flatMap((word) => searchTerm(word) ?? []);
}

/** Best first, ties in the order met (what both sort stably from): id and score. */
function ranked(results: Array<{ id: number; score: number }>) {
  return results.map(({ id, score }) => [id, score]);
}

describe('FieldedBM25: minisearch’s BM25F, in compact form', () => {
  it('scores and orders every query as minisearch did, to the bit', () => {
    const corpus = randomCorpus(7, 300);
    const expected = oracle();
    const index = fielded();
    corpus.forEach((texts, id) => {
      expected.add({ id, ...texts });
      expect(index.add(fieldsOf(texts))).toBe(id);
    });
    index.settle();
    for (const query of QUERIES) {
      const ours = index
        .query(termsOf(query))
        .map(({ document, score }) => ({ id: document, score }))
        .sort((a, b) => b.score - a.score);
      expect(ranked(ours), query).toEqual(ranked(expected.search(query)));
    }
  });

  it('after removals, scores as minisearch once it has vacuumed, and a sweep renumbers the rest in order', async () => {
    const corpus = randomCorpus(11, 2400);
    const expected = oracle();
    const renumbers: Int32Array[] = [];
    const index = fielded((renumbered) => renumbers.push(renumbered));
    corpus.forEach((texts, id) => {
      expected.add({ id, ...texts });
      index.add(fieldsOf(texts));
    });
    const removed = corpus.map((_texts, id) => id).filter((id) => id % 3 !== 1);
    for (const id of removed) {
      expected.discard(id);
      index.remove(id);
    }
    await expected.vacuum();
    const survivors = corpus.map((_texts, id) => id).filter((id) => id % 3 === 1);
    // Before the sweep the numbers are those `add` gave; after it, each survivor's rank among them.
    for (const numbering of ['before', 'after'] as const) {
      if (numbering === 'after') index.settle();
      const idOf = (document: number) => (numbering === 'before' ? document : survivors[document]);
      for (const query of QUERIES) {
        const ours = index
          .query(termsOf(query))
          .map(({ document, score }) => ({ id: idOf(document), score }))
          .sort((a, b) => b.score - a.score);
        expect(ranked(ours), `${query}, ${numbering} the sweep`).toEqual(ranked(expected.search(query)));
      }
    }
    expect(renumbers).toHaveLength(1);
    expect(survivors.map((id) => renumbers[0][id])).toEqual(survivors.map((_id, rank) => rank));
    expect(removed.every((id) => renumbers[0][id] === -1)).toBe(true);
    expect(index.documentCount).toBe(survivors.length);
  });

  it('says in which fields a document has a term, in field order', () => {
    const index = fielded();
    const blank: Texts = {
      name: '',
      container: '',
      signature: '',
      doc: '',
      comments: '',
      strings: '',
      identifiers: '',
      path: '',
    };
    index.add(fieldsOf({ ...blank, name: 'retryDelay', doc: 'retry' }));
    const second = index.add(
      fieldsOf({ ...blank, name: 'other', doc: 'retries', strings: 'Retry', path: 'src/retry.ts' }),
    );
    index.add(fieldsOf({ ...blank, identifiers: 'retry' }));
    expect(index.fieldsWith('retri', second).map((field) => SEARCH_FIELDS[field])).toEqual(['doc', 'strings', 'path']);
    expect(index.fieldsWith('delay', second)).toEqual([]);
  });
});

describe('DeclarationIndex over a swept index', () => {
  it('keeps each file’s declarations and answers once removed ones are swept and the rest renumbered', () => {
    const index = new DeclarationIndex();
    const files = Array.from({ length: 60 }, (_, file) => `/p/f${file}.ts`);
    const declarations = (file: number) =>
      Array.from({ length: 30 }, (_, i) => fact(`retry${file}x${i}`, { identifiers: i === 0 ? 'connection' : '' }));
    files.forEach((filePath, file) => index.setFile(filePath, `f${file}.ts`, declarations(file)));
    index.settle();
    // Rewrite most files twice: 3,000 removed declarations, more than a quarter of the 1,800 live ones.
    for (const round of [1, 2])
      files
        .slice(0, 50)
        .forEach((filePath, file) => index.setFile(filePath, `f${file}.ts`, declarations(file + round * 100)));
    index.removeFile(files[59]);
    index.settle();
    expect(index.declarationsIn(files[0]).map((declaration) => declaration.name)).toEqual(
      declarations(200).map((declaration) => declaration.name),
    );
    expect(index.declarationsIn(files[55]).map((declaration) => declaration.name)).toEqual(
      declarations(55).map((declaration) => declaration.name),
    );
    expect([index.fileCount, index.declarationCount]).toEqual([59, 59 * 30]);
    const { total, hits } = index.search('connection');
    expect(total).toBe(59);
    expect(new Set(hits.map((hit) => hit.declaration.filePath)).size).toBe(59);
    expect(hits.every((hit) => hit.declaration.name.endsWith('x0'))).toBe(true);
    expect(index.search('retry200x0').hits[0].declaration).toMatchObject({ name: 'retry200x0', filePath: files[0] });
  });
});
