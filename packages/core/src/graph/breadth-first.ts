import { mapInOrder } from '../bounded-map.js';

/** A neighbour found while expanding a node, with the places that connect them. */
export interface Step<T> {
  node: T;
  sites: string[];
  /** The sites that sit in unnamed functions, with those functions (GraphEdge's `through`). */
  through?: Record<string, string[]>;
}

export interface WalkOptions<T> {
  root: T;
  idOf(node: T): string;
  /** How many steps from the root to expand; nodes at this depth are listed but not expanded. */
  depth: number;
  /** Stop discovering new nodes once this many are known (the root included). */
  maxNodes: number;
  /** Nodes already known from another walk count against the cap too. */
  alreadyKnown?: (id: string) => boolean;
  neighbours(node: T): Promise<Step<T>[]>;
  /** Called once per newly discovered node. */
  onNode(node: T, depth: number): void;
  /** Called for every connection from an expanded node to a neighbour. */
  onStep(expanded: T, step: Step<T>): void;
}

const PARALLEL_EXPANSIONS = 4;

/**
 * Breadth first, level by level, each node expanded once: recursion and cycles end the walk
 * instead of looping, and a node reached by two paths keeps the shorter one.
 * Returns true when the cap cut the walk short.
 */
export async function walkBreadthFirst<T>(options: WalkOptions<T>, knownCount: () => number): Promise<boolean> {
  const seen = new Set<string>([options.idOf(options.root)]);
  let level: T[] = [options.root];
  let truncated = false;
  for (let depth = 0; depth < options.depth && level.length > 0 && !truncated; depth++) {
    const next: T[] = [];
    // In level order, whatever order the answers come in; once the cap is hit no new expansion starts.
    await mapInOrder(
      level,
      PARALLEL_EXPANSIONS,
      (node) => options.neighbours(node),
      (steps, expanded) => {
        for (const step of steps) {
          const id = options.idOf(step.node);
          if (!seen.has(id)) {
            const isNew = !(options.alreadyKnown?.(id) ?? false);
            if (isNew && knownCount() >= options.maxNodes) {
              truncated = true;
              continue;
            }
            seen.add(id);
            options.onNode(step.node, depth + 1);
            next.push(step.node);
          }
          options.onStep(expanded, step);
        }
        return !truncated;
      },
    );
    level = next;
  }
  return truncated;
}
