import type { UnusedSymbol } from '@cn/protocol';
import type { OutlineNode } from '../domain/symbols.js';

/** A declaration cn unused asks the references of: where it is, and what it reports if nothing counted uses it. */
export interface UnusedCandidate {
  /** Absolute. */
  filePath: string;
  node: OutlineNode;
  symbol: UnusedSymbol;
}
