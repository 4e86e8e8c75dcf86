#!/usr/bin/env node
// The regular-expression engines cn grep could use, on every source file of a corpus at once: V8's backtracking
// engine (fast, exponential on the wrong pattern), V8's experimental linear engine (the `l` flag; run node with
// --enable-experimental-regexp-engine), re2js (cn's), re2-wasm (from --modules: `npm i re2-wasm` there), and
// cn's LinePattern (re2js behind a literal prefilter). Milliseconds for all matches of each pattern:
//   node --enable-experimental-regexp-engine scripts/search/compare-regex.mjs --corpus effect --modules <dir>
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { RE2JS } from 're2js';
import { parseScriptArgs } from '../lib/cli-args.mjs';
import { listSources, prepareCorpus } from '../bench/corpora.mjs';
import { LinePattern } from '../../packages/core/dist/index.js';

const { values: options } = parseScriptArgs('compare-regex', process.argv.slice(2), {
  corpus: { type: 'string', default: 'effect' },
  modules: { type: 'string' },
});
const corpus = prepareCorpus(options.corpus);
const texts = listSources(corpus.root).map((file) => readFileSync(path.join(corpus.root, file), 'utf8'));
const lab = options.modules ? createRequire(path.join(path.resolve(options.modules), 'x.js')) : undefined;
const RE2 = (() => {
  try {
    return lab?.('re2-wasm').RE2;
  } catch {
    return undefined;
  }
})();

const PATTERNS = [
  ['Effect\\.gen', ''],
  ['retry\\w*', ''],
  ['\\bcatch\\s*\\(', ''],
  ['timeout', 'i'],
  ['(a+)+b', ''],
  ['[A-Z][a-z]+Error\\b', ''],
  ['\\d{4}', ''],
];

function timed(run) {
  const started = performance.now();
  const count = run();
  return `${(performance.now() - started).toFixed(0)} ms (${count})`;
}

/** Every match of a JavaScript-style regex object with lastIndex, in every text. */
function countWith(regex) {
  let count = 0;
  for (const text of texts) {
    regex.lastIndex = 0;
    while (regex.exec(text)) count++;
  }
  return count;
}

function lineCount(pattern) {
  let count = 0;
  for (const text of texts) {
    for (let at = pattern.nextCandidate(text, 0); at !== undefined;) {
      const lineStart = text.lastIndexOf('\n', at - 1) + 1;
      const lineEnd = text.indexOf('\n', at);
      const line = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd);
      for (const _match of pattern.matches(line)) count++;
      at = lineEnd === -1 ? undefined : pattern.nextCandidate(text, lineEnd + 1);
    }
  }
  return count;
}

const total = texts.reduce((sum, text) => sum + text.length, 0);
console.log(`${options.corpus}: ${texts.length} files, ${(total / 1e6).toFixed(1)} M characters; ms (matches)\n`);
console.log('| pattern | V8 (backtracking) | V8 `l` (linear) | re2js | re2-wasm | cn LinePattern |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [source, flags] of PATTERNS) {
  const v8 = timed(() => countWith(new RegExp(source, `gm${flags}`)));
  let linear;
  try {
    linear = timed(() => countWith(new RegExp(source, `gm${flags}l`)));
  } catch {
    linear = 'n/a';
  }
  const re2js = timed(() => {
    const compiled = RE2JS.compile(source, (flags ? RE2JS.CASE_INSENSITIVE : 0) | RE2JS.MULTILINE);
    let count = 0;
    for (const text of texts) for (const matcher = compiled.matcher(text); matcher.find();) count++;
    return count;
  });
  const wasm = RE2 ? timed(() => countWith(new RE2(source, `gum${flags}`))) : 'not installed';
  const line = timed(() => lineCount(LinePattern.compile(source, { ignoreCase: flags === 'i' })));
  console.log(`| \`${source}\`${flags ? ` ${flags}` : ''} | ${v8} | ${linear} | ${re2js} | ${wasm} | ${line} |`);
}
