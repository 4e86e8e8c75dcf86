/**
 * BM25 parameters (BM25+, with the lower bound `d` on a matching term's weight): those cn ranked with since its
 * first search (minisearch's defaults, whose scores this index reproduces; docs/search.md).
 */
const K = 1.2;
const B = 0.7;
const D = 0.5;

/** Postings pack a document, a field and a term frequency into one double: ordered by document, then field. */
const FIELD_SLOTS = 8;
const TF_SLOTS = 2 ** 21;
/** A term said more often than this in one field counts this often (it would need a field of megabytes). */
const MAX_TF = TF_SLOTS - 1;
/** Documents are numbered from 0; the packing leaves them 29 bits. */
const MAX_DOCUMENTS = 2 ** 29;

/** One document a query matched: its number and its score (already multiplied by how many query terms it has). */
export interface ScoredDocument {
  document: number;
  score: number;
}

/**
 * A field-weighted BM25 index over exact terms (BM25F as minisearch scores it: each field on its own, weighted and
 * summed; a query's words OR'ed, the sum multiplied by how many of them matched), in a compact form: a term's postings
 * are one array of numbers, a document's field lengths one row of a typed array. minisearch held typeorm's 20,000
 * declarations in 29 MB of Maps (a radix tree of them, a Map per term and field, another per document).
 *
 * Documents are numbered by the index in the order they are added; a removed one is forgotten lazily (its postings are
 * dropped when a query meets them, or all at once when enough have piled up, renumbering the rest in order, so the
 * numbers stay dense and the order of ties stays the order documents were added).
 */
export class FieldedBM25 {
  /** term → its postings: one packed number, or an array of them in document order. */
  private postings = new Map<string, number | number[]>();
  /** Terms whose postings array grew since the last `settle` (its capacity may be half again its length). */
  private readonly grown = new Set<string>();
  /** Each document's field lengths (distinct words), FIELD_SLOTS a row; NaN where the document was removed. */
  private lengths = new Float64Array(FIELD_SLOTS * 1024);
  private readonly averageLength: number[];
  private nextDocument = 0;
  private liveDocuments = 0;
  private removedDocuments = 0;

  /**
   * @param boosts each field's weight, in field order (the order a term's fields are scored in, which decides
   *   the order of equal scores).
   * @param onRenumber told, when removed documents are swept, each surviving document's new number (old → new, or
   *   -1 for a removed one); the numbers only ever move down, keeping their order.
   */
  constructor(
    private readonly boosts: readonly number[],
    private readonly onRenumber: (renumbered: Int32Array) => void,
  ) {
    if (boosts.length > FIELD_SLOTS) throw new Error(`FieldedBM25 takes at most ${FIELD_SLOTS} fields`);
    this.averageLength = boosts.map(() => 0);
  }

  get documentCount(): number {
    return this.liveDocuments;
  }

  /**
   * Adds a document: for each field, its distinct words as written (the field's length) and its terms (each word's
   * term, or none). Returns the document's number.
   */
  add(fields: ReadonlyArray<{ words: number; terms: readonly string[] }>): number {
    if (this.nextDocument >= MAX_DOCUMENTS) throw new Error('the search index is full: settle it to sweep removals');
    const document = this.nextDocument++;
    this.liveDocuments++;
    this.ensureRow(document);
    const counts = new Map<string, number>();
    for (let field = 0; field < this.boosts.length; field++) {
      const { words, terms } = fields[field] ?? { words: 0, terms: [] };
      this.lengths[document * FIELD_SLOTS + field] = words;
      // The running mean, updated as minisearch updates it (the same rounding, so the same scores).
      const count = this.liveDocuments - 1;
      this.averageLength[field] = (this.averageLength[field] * count + words) / (count + 1);
      counts.clear();
      for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
      for (const [term, tf] of counts)
        this.post(term, (document * FIELD_SLOTS + field) * TF_SLOTS + Math.min(tf, MAX_TF));
    }
    return document;
  }

  /** Removes a document (a number `add` returned and no removal since). */
  remove(document: number): void {
    const row = document * FIELD_SLOTS;
    if (!(document < this.nextDocument) || Number.isNaN(this.lengths[row])) return;
    for (let field = 0; field < this.boosts.length; field++) {
      const count = this.liveDocuments;
      this.averageLength[field] =
        count === 1 ? 0 : (this.averageLength[field] * count - this.lengths[row + field]) / (count - 1);
      this.lengths[row + field] = Number.NaN;
    }
    this.liveDocuments--;
    this.removedDocuments++;
  }

  /**
   * Ends a batch of adds and removals: sweeps the removed documents once they are many (renumbering the rest), and
   * trims the postings arrays that grew to their length. Numbers change only here.
   */
  settle(): void {
    if (this.removedDocuments > SWEEP_AFTER && this.removedDocuments > this.liveDocuments / 4) this.sweep();
    for (const term of this.grown) {
      const postings = this.postings.get(term);
      if (Array.isArray(postings)) this.postings.set(term, postings.slice());
    }
    this.grown.clear();
  }

  /**
   * The documents matching any of the terms (a term given twice counts twice, as the query said it twice), scored, in
   * the order they were first met: term by term, each term's fields in order, each field's documents in order.
   */
  query(terms: readonly string[]): ScoredDocument[] {
    const scores = new Map<number, number>();
    const matchedTerms = new Map<number, number>();
    const seen = new Set<string>();
    const termScores = new Map<number, number>();
    for (const term of terms) {
      const postings = this.livePostings(term);
      if (postings.length === 0) continue;
      termScores.clear();
      for (let field = 0; field < this.boosts.length; field++) this.scoreField(postings, field, termScores);
      const firstTime = !seen.has(term);
      seen.add(term);
      for (const [document, score] of termScores) {
        const before = scores.get(document);
        scores.set(document, before === undefined ? score : before + score);
        if (firstTime) matchedTerms.set(document, (matchedTerms.get(document) ?? 0) + 1);
      }
    }
    const scored: ScoredDocument[] = [];
    for (const [document, score] of scores) scored.push({ document, score: score * matchedTerms.get(document)! });
    return scored;
  }

  /** The fields (by number, in order) in which the document has the term. */
  fieldsWith(term: string, document: number): number[] {
    const postings = this.livePostings(term);
    // Postings are in document order: the document's are the run from the first at or past its first slot.
    const first = document * FIELD_SLOTS * TF_SLOTS;
    let low = 0;
    let high = postings.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (postings[middle] < first) low = middle + 1;
      else high = middle;
    }
    const fields: number[] = [];
    for (let i = low; i < postings.length; i++) {
      const slot = Math.floor(postings[i] / TF_SLOTS);
      if (Math.floor(slot / FIELD_SLOTS) !== document) break;
      fields.push(slot % FIELD_SLOTS);
    }
    return fields;
  }

  private scoreField(postings: readonly number[], field: number, into: Map<number, number>): void {
    let matching = 0;
    for (const packed of postings) if (Math.floor(packed / TF_SLOTS) % FIELD_SLOTS === field) matching++;
    if (matching === 0) return;
    const total = this.liveDocuments;
    const average = this.averageLength[field];
    const boost = this.boosts[field];
    // Written as minisearch writes it, operation for operation: the scores, and so the order of near-ties, agree.
    const invDocFreq = Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
    for (const packed of postings) {
      const slot = Math.floor(packed / TF_SLOTS);
      if (slot % FIELD_SLOTS !== field) continue;
      const document = Math.floor(slot / FIELD_SLOTS);
      const termFreq = packed - slot * TF_SLOTS;
      const fieldLength = this.lengths[slot];
      const rawScore = invDocFreq * (D + (termFreq * (K + 1)) / (termFreq + K * (1 - B + (B * fieldLength) / average)));
      const weighted = boost * rawScore;
      const before = into.get(document);
      into.set(document, before === undefined ? weighted : before + weighted);
    }
  }

  /** The term's postings without those of removed documents (dropped from the index as they are met). */
  private livePostings(term: string): readonly number[] {
    const postings = this.postings.get(term);
    if (postings === undefined) return [];
    const all = typeof postings === 'number' ? [postings] : postings;
    if (this.removedDocuments === 0) return all;
    const live = all.filter((packed) => !Number.isNaN(this.lengths[Math.floor(packed / TF_SLOTS)]));
    if (live.length !== all.length) this.store(term, live);
    return live;
  }

  private post(term: string, packed: number): void {
    const postings = this.postings.get(term);
    if (postings === undefined) this.postings.set(term, packed);
    else if (typeof postings === 'number') {
      this.postings.set(term, [postings, packed]);
      this.grown.add(term);
    } else {
      postings.push(packed);
      this.grown.add(term);
    }
  }

  private store(term: string, postings: number[]): void {
    if (postings.length === 0) this.postings.delete(term);
    else this.postings.set(term, postings.length === 1 ? postings[0] : postings);
  }

  private ensureRow(document: number): void {
    if ((document + 1) * FIELD_SLOTS <= this.lengths.length) return;
    const grown = new Float64Array(Math.max(this.lengths.length * 2, (document + 1) * FIELD_SLOTS));
    grown.set(this.lengths);
    this.lengths = grown;
  }

  /** Forgets every removed document at once and numbers the rest densely, in order. */
  private sweep(): void {
    const renumbered = new Int32Array(this.nextDocument).fill(-1);
    let next = 0;
    for (let document = 0; document < this.nextDocument; document++) {
      if (Number.isNaN(this.lengths[document * FIELD_SLOTS])) continue;
      renumbered[document] = next;
      this.lengths.copyWithin(next * FIELD_SLOTS, document * FIELD_SLOTS, (document + 1) * FIELD_SLOTS);
      next++;
    }
    this.lengths.fill(0, next * FIELD_SLOTS);
    const swept = new Map<string, number | number[]>();
    for (const [term, postings] of this.postings) {
      const kept: number[] = [];
      for (const packed of typeof postings === 'number' ? [postings] : postings) {
        const slot = Math.floor(packed / TF_SLOTS);
        const document = renumbered[Math.floor(slot / FIELD_SLOTS)];
        if (document >= 0) kept.push((document * FIELD_SLOTS + (slot % FIELD_SLOTS)) * TF_SLOTS + (packed % TF_SLOTS));
      }
      if (kept.length > 0) swept.set(term, kept.length === 1 ? kept[0] : kept.slice());
    }
    this.postings = swept;
    this.grown.clear();
    this.nextDocument = next;
    this.removedDocuments = 0;
    this.onRenumber(renumbered);
  }
}

/** Removed documents are swept once they are this many and a quarter of the live ones (a pass over every posting). */
const SWEEP_AFTER = 1000;
