import type { GraphDirection } from '@cn/protocol';
import { badInput } from '../domain/errors.js';

export const DEFAULT_DEPTH = 1;
export const MAX_DEPTH = 10;
/** A graph bigger than this is no longer something an agent reads; the answer says it was cut. */
export const MAX_GRAPH_NODES = 500;

/** `--direction` of calls and deps: the CLI checks it too, so a wrong one is said with the flag, not the field. */
export function checkDirection(direction: string | undefined, fallback: GraphDirection): GraphDirection {
  if (direction === undefined) return fallback;
  if (direction === 'in' || direction === 'out' || direction === 'both') return direction;
  throw badInput(`unknown direction '${direction}'`, 'use --direction in, out or both');
}

export function checkDepth(depth: number | undefined, fallback = DEFAULT_DEPTH): number {
  if (depth === undefined) return fallback;
  if (!Number.isInteger(depth) || depth < 1 || depth > MAX_DEPTH) {
    throw badInput(`depth must be a whole number from 1 to ${MAX_DEPTH}, not ${depth}`, 'e.g. --depth 2');
  }
  return depth;
}

/** `limit`: a whole number of 1 or more, or nothing. */
export function checkLimit(limit: number | undefined): number | undefined {
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) {
    throw badInput(`limit must be a whole number of 1 or more, not ${limit}`);
  }
  return limit;
}
