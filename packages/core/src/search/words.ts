import { stemmer } from 'stemmer';

/**
 * The parts of one identifier or word run: lower→upper case starts a part (`parseResponse`), a run of capitals
 * before a capitalised word is an acronym (`parseHTTPResponse` → parse, HTTP, Response; `XMLHttpRequest` → XML, Http,
 * Request), digits stand alone (`base64Encode` → base, 64, Encode), and anything that is not a letter or digit
 * (`_`, `$`, `-`, `.`, spaces) separates.
 */
const PART = /\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}|\p{N}+|[\p{L}\p{M}]+/gu;

/** The words of a text as written (case kept): identifiers split into their parts. */
export function identifierWords(text: string): string[] {
  return text.match(PART) ?? [];
}

/**
 * Words every declaration or question has, which tell nothing about which one is meant: English function words,
 * the words questions are asked with, and the structural keywords of the language (a signature starts with
 * `function`, `const` or `class`). Keywords that also name behaviour (`get`, `set`, `delete`, `catch`, `type`,
 * `default`, `new`) stay: "Set-Cookie", "content type", "catches the error".
 */
const STOP_WORDS = new Set(
  (
    'a an and are as at be been by can could do does did for from had has have how i if in into is it its itself me ' +
    'my no not of on or our should so than that the their them then there these they this those to was we were ' +
    'what when where which while who whom whose why will with would you your give gives given find show tell ' +
    'async await class const export extends false function implements import instanceof interface let null ' +
    'readonly return static this true typeof undefined var void yield'
  ).split(' '),
);

/** Words this short (`a`, `i`, `x`) are loop variables and initials, not search words; digits aside (`2` in `h2`). */
const MIN_LETTERS = 2;

/**
 * The terms a text is indexed and searched by: its words lowercased and stemmed (Porter: `retries` and `retry` are
 * one term, `computed` and `compute` another), without stop words and one-letter words. Index and query go through
 * this one function, so a term matches exactly when a word of the query matches a word of the code.
 */
export function searchTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of identifierWords(text)) {
    const term = searchTerm(word);
    if (term !== undefined) terms.push(term);
  }
  return terms;
}

/**
 * Each word's term as searchTerm gave it: an index build asks for the same few thousand words again and again, and the
 * stemmer alone took 0.3 s of typeorm's 1.4 s (3,583 files). Forgotten whole past this many words, so it stays small.
 */
const remembered = new Map<string, string | undefined>();
const MAX_REMEMBERED_TERMS = 50_000;

/** One word as a term, or undefined when it is a stop word or too short to mean anything. */
export function searchTerm(word: string): string | undefined {
  const known = remembered.get(word);
  if (known !== undefined || remembered.has(word)) return known;
  const term = termOf(word);
  if (remembered.size >= MAX_REMEMBERED_TERMS) remembered.clear();
  remembered.set(word, term);
  return term;
}

function termOf(word: string): string | undefined {
  const lower = word.toLowerCase();
  if (STOP_WORDS.has(lower)) return undefined;
  if (/^\p{N}+$/u.test(lower)) return lower;
  if (lower.length < MIN_LETTERS) return undefined;
  return stemmer(lower);
}
