#!/usr/bin/env node
// Compares ranking libraries for `cn search` on the same declaration documents: recall@5 (and @1) on the
// agent eval's no-name questions (hono, category behaviour), and index build time and heap on the bench
// corpora. Every library gets the documents cn's daemon builds (lsp declaration-table.ts) and cn's own
// terms (core search/words.ts), so only the ranking differs. cn ranks as minisearch does (its own compact index,
// core search/fielded-bm25.ts, since 2026-11-30; the row keeps its name); the others are loaded from --modules
// (a directory where `npm i wink-bm25-text-search flexsearch` was run):
//   node --expose-gc scripts/search/compare-rankers.mjs --hono <checkout> --corpus effect,three \
//     --modules /tmp/lab/node_modules
import { createRequire } from 'node:module';
import path from 'node:path';
import { commaList, parseScriptArgs } from '../lib/cli-args.mjs';
import { prepareCorpus } from '../bench/corpora.mjs';
import { loadQuestions, questionsPath } from '../agent-eval/lib/questions.mjs';
import { AGENT_EVAL_DIR, corpusRoot } from '../agent-eval/corpus.mjs';
import { scoreAnswers } from '../agent-eval/lib/scoring.mjs';
import { readFileSync } from 'node:fs';
import { searchTerms } from '../../packages/core/dist/index.js';
import { DeclarationIndex, FIELD_BOOSTS, SEARCH_FIELDS } from '../../packages/core/dist/search/declaration-index.js';
import { readDeclarations } from '../../packages/lsp/dist/navigation/declaration-table.js';
import { loadProjectModules } from '../../packages/lsp/dist/navigation/project-modules.js';

const { values: options } = parseScriptArgs('compare-rankers', process.argv.slice(2), {
  hono: { type: 'string' },
  corpus: { type: 'string', default: 'effect,three' },
  modules: { type: 'string' },
  verbose: { type: 'boolean', default: false },
});
const lab = options.modules ? createRequire(path.join(path.resolve(options.modules), 'x.js')) : undefined;

/** Every declaration of the project's files, as the daemon's index sees them. */
function documentsOf(root) {
  const files = loadProjectModules(root).files.filter((file) => !file.includes(`${path.sep}node_modules${path.sep}`));
  const documents = [];
  for (const file of files) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const declaration of readDeclarations(file, text))
      documents.push({ id: documents.length, path: relative, ...declaration, container: declaration.container ?? '' });
  }
  return documents;
}

const RANKERS = {
  // cn's own index (core search/declaration-index.ts, minisearch's scoring), fed a file at a time as the daemon does.
  minisearch: {
    load: () => DeclarationIndex,
    build(Index, documents) {
      const search = scoredSearch(Index, documents);
      return (query, limit) =>
        search(query)
          .slice(0, limit)
          .map((hit) => hit.id);
    },
  },
  // The issue's optional graph boost, measured rather than shipped: a declaration whose name the bodies of other
  // top hits use (they call or import it) gains score × (1 + 0.25 · ln(1 + such hits)) among the first 30.
  'minisearch + graph boost': {
    // The same index as minisearch's: only its recall differs.
    recallOnly: true,
    load: () => DeclarationIndex,
    build(Index, documents) {
      const search = scoredSearch(Index, documents);
      const uses = documents.map((document) => new Set(document.identifiers.split(' ')));
      return (query, limit) => {
        const top = search(query).slice(0, 30);
        return top
          .map(({ id, score }) => {
            const users = top.filter((other) => other.id !== id && uses[other.id].has(documents[id].name)).length;
            return { id, score: score * (1 + 0.25 * Math.log1p(users)) };
          })
          .sort((a, b) => b.score - a.score)
          .slice(0, limit)
          .map((hit) => hit.id);
      };
    },
  },
  'wink-bm25-text-search': {
    load: () => lab?.('wink-bm25-text-search'),
    build(bm25, documents) {
      const engine = bm25();
      engine.defineConfig({ fldWeights: FIELD_BOOSTS });
      engine.definePrepTasks([(text) => searchTerms(text)]);
      // wink refuses a document whose fields give no token at all.
      for (const document of documents) {
        try {
          engine.addDoc(pick(document), document.id);
        } catch {
          // an empty declaration (no words in any field)
        }
      }
      engine.consolidate();
      return (query, limit) => engine.search(query, limit).map(([id]) => Number(id));
    },
  },
  flexsearch: {
    load: () => lab?.('flexsearch'),
    build(flexsearch, documents) {
      const index = new flexsearch.Document({
        document: { id: 'id', index: SEARCH_FIELDS },
        encoder: new flexsearch.Encoder({ normalize: false, prepare: (text) => searchTerms(text).join(' ') }),
        tokenize: 'strict',
      });
      for (const document of documents) index.add({ id: document.id, ...pick(document) });
      return (query, limit) => {
        // One ranked list per field; the lists are merged by boosted reciprocal rank (flexsearch scores by term
        // position, not by term statistics, and has no cross-field score of its own).
        const scores = new Map();
        for (const { field, result } of index.search(query, { suggest: true, limit: 200 })) {
          result.forEach((id, rank) => scores.set(id, (scores.get(id) ?? 0) + FIELD_BOOSTS[field] / (rank + 1)));
        }
        return [...scores]
          .sort((a, b) => b[1] - a[1])
          .slice(0, limit)
          .map(([id]) => id);
      };
    },
  },
};

/** cn's DeclarationIndex over the documents, file by file; hits as { id, score }, best first. */
function scoredSearch(Index, documents) {
  const index = new Index();
  const byFile = new Map();
  for (const document of documents) byFile.set(document.path, [...(byFile.get(document.path) ?? []), document]);
  for (const [file, declarations] of byFile) index.setFile(file, file, declarations);
  const idOf = new Map(documents.map((document) => [`${document.path}:${document.start}`, document.id]));
  return (query) =>
    index
      .search(query)
      .hits.map((hit) => ({ id: idOf.get(`${hit.declaration.filePath}:${hit.declaration.start}`), score: hit.score }));
}

function pick(document) {
  return Object.fromEntries(SEARCH_FIELDS.map((field) => [field, document[field]]));
}

function heapMb() {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

function measureBuild(name, documents) {
  const ranker = RANKERS[name];
  const library = ranker.load();
  if (!library) return undefined;
  const before = heapMb();
  const started = performance.now();
  const search = ranker.build(library, documents);
  const ms = performance.now() - started;
  const heap = heapMb() - before;
  return { search, ms, heap };
}

const rows = [];
if (options.hono !== undefined) {
  const root = options.hono || corpusRoot('hono');
  const documents = documentsOf(root);
  const questions = loadQuestions(questionsPath('hono')).questions.filter((q) => q.category === 'behaviour');
  const truth = JSON.parse(readFileSync(path.join(AGENT_EVAL_DIR, 'truth', 'hono.json'), 'utf8')).truth;
  for (const name of Object.keys(RANKERS)) {
    const built = measureBuild(name, documents);
    if (!built) {
      rows.push(`| ${name} | hono | not installed (--modules) | | | |`);
      continue;
    }
    const found = questions.map((q) => {
      const top = built.search(q.question, 5).map((id) => `${documents[id].path}:${documents[id].position.line}`);
      const at = (n) => scoreAnswers('locations', truth[q.id], top.slice(0, n)).recall;
      return { at1: at(1), at5: at(5), top };
    });
    if (options.verbose)
      questions.forEach((q, i) => console.error(`${name} ${q.id} (truth ${truth[q.id]}): ${found[i].top.join(' ')}`));
    const sum = (key) => found.reduce((total, entry) => total + entry[key], 0);
    const misses = questions.filter((_q, i) => found[i].at5 === 0).map((q) => q.id);
    rows.push(
      `| ${name} | hono (${documents.length} declarations) | recall@5 ${sum('at5')}/${questions.length}, @1 ${sum('at1')}/${questions.length}${misses.length ? ` (missed ${misses.join(', ')})` : ''} | ${built.ms.toFixed(0)} ms | ${built.heap.toFixed(1)} MB |`,
    );
  }
}
for (const corpusName of commaList(options.corpus) ?? []) {
  const corpus = prepareCorpus(corpusName);
  const documents = documentsOf(corpus.root);
  for (const name of Object.keys(RANKERS).filter((ranker) => !RANKERS[ranker].recallOnly)) {
    const built = measureBuild(name, documents);
    rows.push(
      built
        ? `| ${name} | ${corpusName} (${documents.length} declarations) | | ${built.ms.toFixed(0)} ms | ${built.heap.toFixed(1)} MB |`
        : `| ${name} | ${corpusName} | not installed (--modules) | | |`,
    );
  }
}
console.log('| library | corpus | recall (behaviour questions) | index build | heap |\n|---|---|---|---:|---:|');
console.log(rows.join('\n'));
