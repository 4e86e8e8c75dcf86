import { fileURLToPath, pathToFileURL } from 'node:url';
import { symbolKindName, type FoldingSpan, type OutlineNode, type Position, type Range } from '@cn/core';
import type * as lsp from 'vscode-languageserver-protocol';
import { SymbolKind } from 'vscode-languageserver-protocol';

// LSP and the domain both count columns in UTF-16 code units, so only the base (0 vs 1) differs, as long as the
// server counts lines as the compiler does: server-lines.ts converts for one that does not.

export function toLspPosition(position: Position): lsp.Position {
  return { line: position.line - 1, character: position.character - 1 };
}

export function fromLspPosition(position: lsp.Position): Position {
  return { line: position.line + 1, character: position.character + 1 };
}

export function fromLspRange(range: lsp.Range): Range {
  return { start: fromLspPosition(range.start), end: fromLspPosition(range.end) };
}

export function pathToUri(filePath: string): string {
  return pathToFileURL(filePath).href;
}

export function uriToPath(uri: string): string {
  return fileURLToPath(uri);
}

/** The file and range of each location a server answered, the range still in the server's lines (server-lines.ts). */
export function lspPlaces(
  result: lsp.Location | lsp.Location[] | lsp.LocationLink[] | null | undefined,
): { filePath: string; range: lsp.Range }[] {
  if (!result) return [];
  const list: (lsp.Location | lsp.LocationLink)[] = Array.isArray(result) ? result : [result];
  return list.map((location) =>
    'targetUri' in location
      ? { filePath: uriToPath(location.targetUri), range: location.targetSelectionRange }
      : { filePath: uriToPath(location.uri), range: location.range },
  );
}

export function fromDocumentSymbols(result: lsp.DocumentSymbol[] | lsp.SymbolInformation[] | null): OutlineNode[] {
  if (!result) return [];
  return result.map((symbol) =>
    'location' in symbol
      ? {
          // Flat answer: only happens if the server ignored hierarchicalDocumentSymbolSupport.
          name: symbol.name,
          kind: symbolKindName(symbol.kind),
          range: fromLspRange(symbol.location.range),
          selectionRange: fromLspRange(symbol.location.range),
          children: [],
        }
      : fromDocumentSymbol(symbol, undefined),
  );
}

function fromDocumentSymbol(symbol: lsp.DocumentSymbol, parentKind?: SymbolKind): OutlineNode {
  // typescript-language-server reports enum members as constants; an enum's children are its members.
  const kind =
    parentKind === SymbolKind.Enum && symbol.kind === SymbolKind.Constant ? SymbolKind.EnumMember : symbol.kind;
  return {
    name: symbol.name,
    kind: symbolKindName(kind),
    range: fromLspRange(symbol.range),
    selectionRange: fromLspRange(symbol.selectionRange),
    children: (symbol.children ?? []).map((child) => fromDocumentSymbol(child, symbol.kind)),
  };
}

export function fromFoldingRanges(result: lsp.FoldingRange[] | null): FoldingSpan[] {
  if (!result) return [];
  return result.map((range) => ({ startLine: range.startLine + 1, endLine: range.endLine + 1 }));
}
