import type { Range } from './location.js';

/** LSP SymbolKind names, indexed by the protocol's numeric kind (1-based). */
export const SYMBOL_KIND_NAMES = [
  '',
  'File',
  'Module',
  'Namespace',
  'Package',
  'Class',
  'Method',
  'Property',
  'Field',
  'Constructor',
  'Enum',
  'Interface',
  'Function',
  'Variable',
  'Constant',
  'String',
  'Number',
  'Boolean',
  'Array',
  'Object',
  'Key',
  'Null',
  'EnumMember',
  'Struct',
  'Event',
  'Operator',
  'TypeParameter',
] as const;

export type SymbolKindName = (typeof SYMBOL_KIND_NAMES)[number];

export function symbolKindName(kind: number): string {
  return SYMBOL_KIND_NAMES[kind] || 'Unknown';
}

/** A hit of a project-wide symbol search (LSP workspace/symbol). */
export interface WorkspaceSymbolHit {
  name: string;
  kind: string;
  containerName?: string;
  /** Absolute path. */
  filePath: string;
  /**
   * The range the engine reports. For TypeScript it covers the whole declaration (from `export`,
   * decorators …), so it does not point at the name.
   */
  range: Range;
  /** A re-export or import alias (`export { User } from './user'`), not a declaration of its own. */
  alias?: boolean;
}

/** One node of a file outline (LSP hierarchical DocumentSymbol). */
export interface OutlineNode {
  name: string;
  kind: string;
  /** The whole declaration. */
  range: Range;
  /** The symbol's name. */
  selectionRange: Range;
  children: OutlineNode[];
}

/** Outline nodes whose children are declarations of the file (members), not what runs inside a body. */
export const DECLARING_CONTAINER_KINDS: ReadonlySet<string> = new Set([
  'Class',
  'Interface',
  'Enum',
  'Module',
  'Namespace',
  'Struct',
]);

/** A foldable region as the engine reports it, 1-based inclusive lines. */
export interface FoldingSpan {
  startLine: number;
  endLine: number;
}
