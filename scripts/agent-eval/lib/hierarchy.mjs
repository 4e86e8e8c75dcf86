// Class/interface hierarchy of the corpus, computed two independent ways: from the heritage clauses'
// names (syntax, each name resolved by the checker) and from the checker's types (getBaseTypes and
// the implemented types). The truth builder uses one as the answer and the other as its cross-check.
import { inScope, resolvedSymbol, symbolOf, ts, walk } from './project.mjs';

const isTypeDeclaration = (node) => (ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node)) && node.name;

/** Every named class and interface declared in the answer scope. */
export function typeDeclarations(project) {
  const found = [];
  for (const source of project.scopeFiles) walk(source, (node) => isTypeDeclaration(node) && found.push(node));
  return found;
}

function directSupertypesBySyntax(project, declaration) {
  const result = [];
  for (const clause of declaration.heritageClauses ?? []) {
    for (const type of clause.types) {
      const expression = ts.isPropertyAccessExpression(type.expression) ? type.expression.name : type.expression;
      const symbol = ts.isIdentifier(expression) ? resolvedSymbol(project.checker, expression) : undefined;
      if (symbol) result.push(symbol);
    }
  }
  return result;
}

function directSupertypesByTypes(project, declaration) {
  const { checker } = project;
  const declared = checker.getDeclaredTypeOfSymbol(symbolOf(project, declaration));
  const bases = (declared.flags & ts.TypeFlags.Object ? checker.getBaseTypes(declared) : []).map((type) => type.symbol);
  const implemented = ts.isClassDeclaration(declaration)
    ? (ts.getEffectiveImplementsTypeNodes(declaration) ?? []).map((node) => checker.getTypeAtLocation(node).symbol)
    : [];
  return [...bases, ...implemented].filter(Boolean);
}

/** Transitive supertypes (symbols) of a declaration; `via` is 'syntax' or 'types'. */
export function supertypeSymbols(project, declaration, via) {
  const direct = via === 'syntax' ? directSupertypesBySyntax : directSupertypesByTypes;
  const seen = new Set();
  const visit = (node) => {
    for (const symbol of direct(project, node)) {
      if (seen.has(symbol)) continue;
      seen.add(symbol);
      for (const next of symbol.declarations ?? []) if (isTypeDeclaration(next)) visit(next);
    }
  };
  visit(declaration);
  return seen;
}

/** Declarations in scope among the given symbols (lib types such as Error are not the corpus's). */
export function scopeDeclarationsOf(project, symbols) {
  return [...symbols].flatMap((symbol) =>
    (symbol.declarations ?? []).filter(
      (node) => isTypeDeclaration(node) && inScope(project, node.getSourceFile().fileName),
    ),
  );
}

/** Classes and interfaces whose transitive supertypes include `target`. */
export function subtypeDeclarations(project, target, via, { classesOnly = false } = {}) {
  const symbol = symbolOf(project, target);
  return typeDeclarations(project)
    .filter((node) => !classesOnly || ts.isClassDeclaration(node))
    .filter((node) => supertypeSymbols(project, node, via).has(symbol));
}
