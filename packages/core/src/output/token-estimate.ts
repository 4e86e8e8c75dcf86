/**
 * Budgets (`maxTokens`) are counted with a cheap estimate, not a real BPE tokenizer: the product
 * stays free of a multi-megabyte vocabulary and of its load time in the one-shot CLI, and every
 * client counts the same way.
 *
 * The text is split as o200k's pre-tokenizer splits it — a word with the one space or symbol before
 * it (` User`, `/internal`, `.ts`), up to three digits, a run of punctuation, whitespace — since BPE
 * never merges across those pieces; each piece then costs what pieces of its kind cost on average in
 * o200k (scripts/estimate-accuracy.mjs, rxjs and hono answers in every format): a word after a space or
 * nothing is one token up to 6 letters, 1.1 up to 10, 1.4 up to 12, then a token per 6 letters; a word
 * glued to a symbol (a path's `/conninfo`, `-lambda`) costs more, the vocabulary having fewer of them:
 * 1.5 from 3 letters, 1.7 from 6, 2.1 from 10, then a token per 4.5 letters; a punctuation run a token
 * per 2.8 characters; box-drawing and arrow characters (`├─[`, `→`) a token each. Raised by 10%, it came
 * out at 1.03–1.33× the real count over 935 answers of rxjs and hono and 1.10–1.40× over 437 of
 * examples/shop, which it was not fitted on (2026-11-26), so an answer cut to the estimate fits its
 * budget. The first estimate (words and punctuation runs, no pre-tokenizer) ran from 0.90× (over
 * budget) to 1.56× on the same answers, 1.80× on examples/shop.
 * Why not gpt-tokenizer itself, measured (Node 20, this 2-core VM, 71 KB of source and README):
 * importing its o200k_base takes 173–211 ms (a 2.2 MB rank table, ~30 MB of heap) against ~1.5 ms
 * for this file, and a `cn` call lasts ~90 ms in all; counting takes 61 ms cold / 13 ms warm.
 */
/** Built on first use: its Unicode classes cost a one-shot `cn` ~1 ms at load, and most calls never count. */
let pieces: RegExp | undefined;
function piecesPattern(): RegExp {
  pieces ??=
    /[^\r\n\p{L}\p{N}]?([\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+|[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*)|\p{N}{1,3}|( ?[^\s\p{L}\p{N}]+[\r\n/]*)|\s*[\r\n]+|\s+(?!\S)|\s+/gu;
  return pieces;
}
const PUNCTUATION_PER_TOKEN = 2.8;
const SAFETY = 1.1;

/** A word of `letters` letters, after a space or nothing (`glued`: after a symbol, as in a path). */
function wordCost(letters: number, glued: boolean): number {
  if (!glued) return letters <= 6 ? 1 : letters <= 10 ? 1.1 : letters <= 12 ? 1.4 : letters / 6;
  return letters <= 2 ? 1 : letters <= 5 ? 1.5 : letters <= 9 ? 1.7 : letters <= 12 ? 2.1 : letters / 4.5;
}

function punctuationCost(run: string): number {
  let ascii = 0;
  let symbols = 0;
  for (let index = 0; index < run.length; index++) {
    const code = run.charCodeAt(index);
    if (code > 0x7f) symbols++;
    else if (code !== 32) ascii++;
  }
  const asciiCost = ascii > 0 ? Math.max(1, ascii / PUNCTUATION_PER_TOKEN) : 0;
  // A space before a box-drawing character is a token of its own.
  return symbols === 0 ? Math.max(1, asciiCost) : symbols + asciiCost + (run.charCodeAt(0) === 32 ? 1 : 0);
}

export function estimateTokens(text: string): number {
  let tokens = 0;
  for (const [piece, letters, punctuation] of text.matchAll(piecesPattern())) {
    if (letters !== undefined)
      tokens += wordCost(letters.length, piece.length > letters.length && piece.charCodeAt(0) !== 32);
    else if (punctuation !== undefined) tokens += punctuationCost(punctuation);
    else tokens += 1; // digits, a newline, whitespace
  }
  return Math.ceil(tokens * SAFETY);
}

/** The estimate of the JSON form, which is what HTTP and MCP clients receive. */
export function estimateJsonTokens(value: unknown): number {
  return estimateTokens(JSON.stringify(value));
}
