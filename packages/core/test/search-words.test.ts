import { describe, expect, it } from 'vitest';
import { identifierWords, searchTerms } from '../src/index.js';

describe('identifierWords: an identifier split into the words it is made of', () => {
  it.each([
    ['parseHTTPResponse', ['parse', 'HTTP', 'Response']],
    ['XMLHttpRequest', ['XML', 'Http', 'Request']],
    ['getURL', ['get', 'URL']],
    ['snake_case_name', ['snake', 'case', 'name']],
    ['SCREAMING_SNAKE', ['SCREAMING', 'SNAKE']],
    ['kebab-case-name', ['kebab', 'case', 'name']],
    ['base64Encode', ['base', '64', 'Encode']],
    ['$ref', ['ref']],
    ['__proto__', ['proto']],
    ['#privateField', ['private', 'Field']],
    ['ñandúFeliz', ['ñandú', 'Feliz']],
    ['a.b.cD', ['a', 'b', 'c', 'D']],
  ])('%s → %j', (identifier, words) => {
    expect(identifierWords(identifier)).toEqual(words);
  });
});

describe('searchTerms: the terms code and questions are indexed and searched by', () => {
  it('lowercases and stems, so the forms of a word meet', () => {
    expect(searchTerms('retries')).toEqual(searchTerms('retry'));
    expect(searchTerms('computeDelay')).toEqual(searchTerms('computed delays'));
    expect(searchTerms('encoding')).toEqual(searchTerms('Encode'));
  });

  it('drops stop words, question words and the structural keywords of the language', () => {
    expect(searchTerms('Where is the function that computes the retry delay?')).toEqual(
      searchTerms('compute retry delay'),
    );
    expect(searchTerms('export const async function return')).toEqual([]);
  });

  it('keeps keywords that also name behaviour (set, get, catch, type, delete)', () => {
    expect(searchTerms('Set-Cookie content type catch delete')).toEqual([
      'set',
      'cooki',
      'content',
      'type',
      'catch',
      'delet',
    ]);
  });

  it('drops one-letter words but keeps numbers', () => {
    expect(searchTerms('x y handle 401s')).toEqual(['handl', '401']);
  });

  it('gives each word the same term every time, past the words it remembers too', () => {
    const words = Array.from({ length: 120_000 }, (_, index) => `retries${index.toString(36)}Later the`);
    const first = words.map((word) => searchTerms(word));
    expect(words.map((word) => searchTerms(word))).toEqual(first);
    expect(searchTerms('The retries')).toEqual(['retri']);
    expect(searchTerms('The retries')).toEqual(['retri']);
  });
});
