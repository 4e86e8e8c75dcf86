import { SymbolKind } from 'vscode-languageserver-protocol';
import { symbolKindName, type WorkspaceSymbolHit } from '@cn/core';
import type { NavtoItem } from './tsserver-commands.js';

// Same table typescript-language-server applies to document symbols, so a search hit and the
// outline node of the same declaration always carry the same kind name (enum members are
// EnumMember in both: convert.ts corrects the server's Constant).
const KIND_BY_TSSERVER_KIND: Record<string, SymbolKind> = {
  'enum member': SymbolKind.EnumMember,
  'JSX attribute': SymbolKind.Property,
  'local class': SymbolKind.Class,
  'local function': SymbolKind.Function,
  'local var': SymbolKind.Variable,
  'type parameter': SymbolKind.Variable,
  alias: SymbolKind.Variable,
  class: SymbolKind.Class,
  const: SymbolKind.Constant,
  constructor: SymbolKind.Constructor,
  enum: SymbolKind.Enum,
  field: SymbolKind.Field,
  file: SymbolKind.File,
  function: SymbolKind.Function,
  getter: SymbolKind.Method,
  interface: SymbolKind.Interface,
  let: SymbolKind.Variable,
  method: SymbolKind.Method,
  module: SymbolKind.Module,
  parameter: SymbolKind.Variable,
  property: SymbolKind.Property,
  setter: SymbolKind.Method,
  var: SymbolKind.Variable,
};

export function fromNavtoItem(item: NavtoItem): WorkspaceSymbolHit {
  const hit: WorkspaceSymbolHit = {
    name: item.name,
    kind: symbolKindName(KIND_BY_TSSERVER_KIND[item.kind] ?? SymbolKind.Variable),
    filePath: item.file,
    range: {
      start: { line: item.start.line, character: item.start.offset },
      end: { line: item.end.line, character: item.end.offset },
    },
  };
  if (item.containerName) hit.containerName = item.containerName;
  if ((item.kind as string) === 'alias') hit.alias = true;
  return hit;
}
