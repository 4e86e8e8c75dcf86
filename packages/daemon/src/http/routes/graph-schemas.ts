import { MAX_DEPTH } from '@cn/core';
import { locationRefProperties, locationRefRequired } from '../shared-schemas.js';

/** JSON schemas shared by the graph routes (calls, impl, type, deps, diagnostics). */
export const targetProperties = {
  target: { type: 'string', maxLength: 16384 },
  kind: { type: 'string', maxLength: 64 },
  in: { type: 'string', maxLength: 4096 },
  exact: { type: 'boolean' },
} as const;

export const direction = { type: 'string', enum: ['in', 'out', 'both'] } as const;
export const depth = { type: 'integer', minimum: 1, maximum: MAX_DEPTH } as const;

export const namedLocation = {
  type: 'object',
  properties: { ...locationRefProperties, name: { type: 'string' }, container: { type: 'string' } },
  required: [...locationRefRequired, 'name'],
} as const;

/** calls, impl and type answering a guessed name (TargetGuess). */
export const targetGuessProperties = {
  ambiguous: { type: 'boolean' },
  candidates: { type: 'array', items: namedLocation },
} as const;

const graphNode = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    kind: { type: 'string' },
    container: { type: 'string' },
    depth: { type: 'integer' },
    entryPoint: { type: 'boolean' },
  },
  required: ['id', 'name', 'kind', 'depth'],
} as const;

const graphEdge = {
  type: 'object',
  properties: {
    from: { type: 'string' },
    to: { type: 'string' },
    kind: { type: 'string', enum: ['calls', 'imports'] },
    callSites: { type: 'array', items: { type: 'string' } },
    importSites: { type: 'array', items: { type: 'string' } },
  },
  required: ['from', 'to', 'kind'],
} as const;

export const graphResponse = {
  type: 'object',
  properties: {
    root: { type: 'string' },
    direction,
    depth: { type: 'integer' },
    nodes: { type: 'array', items: graphNode },
    edges: { type: 'array', items: graphEdge },
    truncated: { type: 'boolean' },
  },
  required: ['root', 'direction', 'depth', 'nodes', 'edges'],
} as const;
