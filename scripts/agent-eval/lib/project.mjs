// The corpus as the TypeScript compiler sees it: a LanguageService over the corpus's tsconfig, plus
// the small syntax helpers both truth methods share. The answer scope is the corpus's
// (corpus.mjs); questions say the same thing in words.
import path from 'node:path';
import { languageServiceFor, lineOf, relative, ts } from '../../eval/language-service.mjs';
import { CORPORA, inAnswerScope } from '../corpus.mjs';

export { relative, ts };

/** Whether a file (absolute path) is one an answer may name. */
export function inScope(project, file) {
  return inAnswerScope(project.corpus, relative(project.root, file));
}

/**
 * The program of the corpus's tsconfig (its compiler options, `paths` included), rooted at the
 * config's files that are in the answer scope: what they import comes in through resolution, and
 * tests or tools outside the scope can change no answer.
 */
export function createProject(corpus, root) {
  const configPath = path.join(root, CORPORA[corpus].tsconfig);
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  if (read.error)
    throw new Error(`cannot read ${configPath}: ${ts.flattenDiagnosticMessageText(read.error.messageText, '\n')}`);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, root, undefined, configPath);
  // types: [] — the corpus's @types packages are not installed; they only add diagnostics.
  const options = { ...parsed.options, types: [], noEmit: true, composite: false, declaration: false };
  const fileNames = parsed.fileNames.filter((file) => inAnswerScope(corpus, relative(root, file)));
  const { service } = languageServiceFor(root, fileNames, options);
  const program = service.getProgram();
  const project = {
    corpus,
    root,
    service,
    program,
    checker: program.getTypeChecker(),
    options,
    line: (file, offset) => lineOf(service, file, offset),
  };
  project.scopeFiles = program.getSourceFiles().filter((source) => inScope(project, source.fileName));
  return project;
}

export function sourceOf(project, rel) {
  const source = project.program.getSourceFile(path.join(project.root, rel));
  if (!source) throw new Error(`${rel} is not in the corpus program`);
  return source;
}

export function walk(node, visit) {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

/** The named declaration `Name` or `Container.member` in a file (first match, overloads share the symbol). */
export function findDeclaration(project, rel, symbolPath) {
  const [first, member] = symbolPath.split('.');
  const source = sourceOf(project, rel);
  let found;
  walk(source, (node) => {
    if (found || !node.name || node.name.text !== (member ?? first)) return;
    if (!(
      ts.isDeclarationStatement?.(node) ||
      ts.isClassElement(node) ||
      ts.isTypeElement(node) ||
      ts.isVariableDeclaration(node) ||
      ts.isFunctionDeclaration(node)
    ))
      return;
    if (member && !(node.parent?.name?.text === first)) return;
    found = node;
  });
  if (!found) throw new Error(`no declaration of ${symbolPath} in ${rel}`);
  return found;
}

/** The symbol a name resolves to, with imports/re-exports followed to the declaration. */
export function resolvedSymbol(checker, identifier) {
  let symbol =
    ts.isShorthandPropertyAssignment(identifier.parent) && identifier.parent.name === identifier
      ? checker.getShorthandAssignmentValueSymbol(identifier.parent)
      : checker.getSymbolAtLocation(identifier);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol;
}

export function symbolOf(project, declaration) {
  const symbol = project.checker.getSymbolAtLocation(declaration.name);
  if (!symbol) throw new Error(`no symbol for ${declaration.name.getText()}`);
  return symbol;
}

/**
 * A declaration as a location answer: `path:from-to`, from = first line of its JSDoc or decorator,
 * to = the line of its name, so an agent citing either (or any line between) is right.
 */
export function declarationLocation(project, declaration) {
  const source = declaration.getSourceFile();
  const from = project.line(source.fileName, locatedNode(declaration).getStart(source, true));
  const to = project.line(source.fileName, declaration.name.getStart(source));
  const rel = relative(project.root, source.fileName);
  return from === to ? `${rel}:${to}` : `${rel}:${from}-${to}`;
}

/** The node a declaration location stands for: a variable's statement carries the JSDoc. */
export function locatedNode(declaration) {
  return ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
}
