#!/usr/bin/env node
// Computes the eval's ground truth with the TypeScript compiler API (a LanguageService over the
// corpus: navigateTo, findReferences, getNavigationTree, call hierarchy, module resolution) and
// writes it to scripts/eval/ground-truth/<corpus>.json. Independent of cn by construction.
//   node scripts/eval/build-ground-truth.mjs [--corpus rxjs,fixture:test/fixtures/ts-multi]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareCorpus, removeCorpus } from '../bench/corpora.mjs';
import { commaList, parseScriptArgs } from '../lib/cli-args.mjs';
import { createCorpusService, isProjectFile, lineOf, relative, ts } from './language-service.mjs';
import { corpusKey, loadQuestions } from './questions.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: options } = parseScriptArgs('build-ground-truth', process.argv.slice(2), {
  corpus: { type: 'string' },
});
const questions = loadQuestions();
const wanted = commaList(options.corpus) ?? [...new Set(questions.map((q) => q.corpus))];

const TRUTH = {
  definition: (context, q) => declarationRanges(context, declarationsOf(context, q, { anyFile: true })),
  references: (context, q) => {
    const [declaration] = declarationsOf(context, q);
    return new Set(referencesAt(context, declaration).map((ref) => at(context, ref.fileName, ref.textSpan.start)));
  },
  outline: (context, q) => outlineOf(context, path.join(context.root, q.file)),
  body: (context, q) => {
    const declarations = declarationsOf(context, q);
    const file = declarations[0].fileName;
    const start = Math.min(...declarations.map((d) => lineOf(context.service, file, d.textSpan.start)));
    const end = Math.max(
      ...declarations.map((d) => lineOf(context.service, file, d.textSpan.start + d.textSpan.length)),
    );
    const lines = new Set();
    for (let line = start; line <= end; line++) lines.add(`${relative(context.root, file)}:${line}`);
    return lines;
  },
  calls: (context, q) => {
    const [declaration] = declarationsOf(context, q);
    const sites = new Set();
    for (const call of context.service.provideCallHierarchyIncomingCalls(
      declaration.fileName,
      namePosition(context, declaration),
    )) {
      if (!isProjectFile(context.root, call.from.file)) continue;
      for (const span of call.fromSpans) sites.add(at(context, call.from.file, span.start));
    }
    return sites;
  },
  deps: (context, q) => importersOf(context, path.join(context.root, q.file)),
  unused: (context, q) => {
    const file = path.join(context.root, q.file);
    const tree = context.service.getNavigationTree(file);
    const unused = new Set();
    for (const item of tree.childItems ?? []) {
      if (!item.nameSpan || !isDeclaration(item)) continue;
      const referenced = context.service.findReferences(file, item.nameSpan.start) ?? [];
      const uses = referenced.flatMap((symbol) => symbol.references).filter((ref) => !ref.isDefinition);
      if (uses.length === 0) unused.add(item.text);
    }
    return unused;
  },
};

/** navigateTo items that declare exactly the question's symbol (optionally `Container.member`). */
function declarationsOf(context, q, { anyFile = false } = {}) {
  const [container, name] = q.symbol.includes('.') ? q.symbol.split('.') : [undefined, q.symbol];
  const items = context.service
    .getNavigateToItems(name, undefined, undefined, true)
    .filter((item) => item.name === name && item.kind !== 'alias' && isProjectFile(context.root, item.fileName))
    .filter((item) => (container ? item.containerName === container : true))
    .filter((item) => anyFile || !q.file || relative(context.root, item.fileName) === q.file);
  if (items.length === 0) throw new Error(`${q.id}: no declaration of ${q.symbol}${q.file ? ` in ${q.file}` : ''}`);
  return items;
}

/** Imports (alias items), `declare global` and anonymous or quoted names declare nothing of the file's own. */
function isDeclaration(item) {
  return item.kind !== 'alias' && item.text !== 'global' && !item.text.startsWith('<') && !item.text.startsWith('"');
}

function namePosition(context, item) {
  const text = context.service.getProgram().getSourceFile(item.fileName).text;
  const span = text.slice(item.textSpan.start, item.textSpan.start + item.textSpan.length);
  const match = new RegExp(`\\b${item.name.replace(/[$]/g, '\\$')}\\b`).exec(span);
  return item.textSpan.start + (match ? match.index : 0);
}

function referencesAt(context, item) {
  const symbols = context.service.findReferences(item.fileName, namePosition(context, item)) ?? [];
  return symbols.flatMap((symbol) => symbol.references).filter((ref) => isProjectFile(context.root, ref.fileName));
}

/**
 * `file:start-end` per file: every declaration of the symbol there (overload signatures included,
 * which navigateTo leaves out), so any line of the declaration counts as "where it is defined".
 */
function declarationRanges(context, items) {
  const program = context.service.getProgram();
  const checker = program.getTypeChecker();
  const byFile = new Map();
  for (const item of items) {
    const source = program.getSourceFile(item.fileName);
    const symbol = checker.getSymbolAtLocation(nodeAt(source, namePosition(context, item)));
    for (const declaration of symbol?.declarations ?? []) {
      const file = declaration.getSourceFile().fileName;
      if (!isProjectFile(context.root, file)) continue;
      const start = lineOf(context.service, file, declaration.getStart());
      const end = lineOf(context.service, file, declaration.getEnd());
      const known = byFile.get(file) ?? { start, end };
      byFile.set(file, { start: Math.min(known.start, start), end: Math.max(known.end, end) });
    }
  }
  return new Set([...byFile].map(([file, range]) => `${relative(context.root, file)}:${range.start}-${range.end}`));
}

function nodeAt(source, position) {
  let found = source;
  const visit = (node) => {
    if (position >= node.getStart(source) && position < node.getEnd()) {
      found = node;
      ts.forEachChild(node, visit);
    }
  };
  ts.forEachChild(source, visit);
  return found;
}

function at(context, file, offset) {
  return `${relative(context.root, file)}:${lineOf(context.service, file, offset)}`;
}

/** Names of the top-level declarations, and of the members of classes, interfaces, enums and namespaces. */
function outlineOf(context, file) {
  const result = new Set();
  const visit = (items, depth) => {
    for (const item of items ?? []) {
      if (!isDeclaration(item)) continue;
      result.add(item.text);
      if (['class', 'interface', 'enum', 'module'].includes(item.kind) && depth < 3) visit(item.childItems, depth + 1);
    }
  };
  visit(context.service.getNavigationTree(file).childItems, 0);
  return result;
}

/** Project files with an import/export/require/import() whose specifier resolves to `target`. */
function importersOf(context, target) {
  const importers = new Set();
  const cache = ts.createModuleResolutionCache(context.root, (name) => name, context.options);
  for (const file of context.fileNames) {
    if (file === target || !isProjectFile(context.root, file)) continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const imported of importedFiles) {
      const resolved = ts.resolveModuleName(imported.fileName, file, context.options, ts.sys, cache).resolvedModule;
      if (resolved && path.resolve(resolved.resolvedFileName) === path.resolve(target))
        importers.add(relative(context.root, file));
    }
  }
  return importers;
}

for (const corpusName of wanted) {
  const corpus = prepareCorpus(corpusName);
  try {
    const context = createCorpusService(corpus.root);
    const truth = {};
    for (const question of questions.filter((q) => q.corpus === corpusName)) {
      truth[question.id] = [...TRUTH[question.category](context, question)].sort();
      process.stderr.write(`${question.id}: ${truth[question.id].length} answers\n`);
    }
    const target = path.join(here, 'ground-truth', `${corpusKey(corpusName)}.json`);
    mkdirSync(path.dirname(target), { recursive: true });
    const document = {
      corpus: corpus.spec,
      typescript: ts.version,
      generatedBy: 'scripts/eval/build-ground-truth.mjs',
      truth,
    };
    writeFileSync(target, `${JSON.stringify(document, null, 1)}\n`);
    process.stderr.write(`wrote ${path.relative(process.cwd(), target)}\n`);
  } finally {
    removeCorpus(corpus);
  }
}
