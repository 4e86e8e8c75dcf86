import type { Route } from '../route-deps.js';
import { findSymbol, type FindRequest } from '@cn/core';
import { errors, locationRef, namedRef } from '../shared-schemas.js';

const schema = {
  body: {
    type: 'object',
    properties: {
      query: { type: 'string', maxLength: 16384 },
      kind: { type: 'string', maxLength: 64 },
      limit: { type: 'integer' },
    },
    required: ['query'],
    additionalProperties: false,
  },
  response: {
    200: {
      type: 'object',
      properties: {
        query: { type: 'string' },
        definition: { anyOf: [namedRef, { type: 'null' }] },
        references: { type: 'array', items: locationRef },
        totalReferences: { type: 'integer' },
        candidates: { type: 'array', items: namedRef },
      },
      required: ['query', 'definition', 'references', 'totalReferences', 'candidates'],
    },
    ...errors,
  },
} as const;

export const findRoute: Route = (app, deps) => {
  app.post<{ Body: FindRequest }>('/find', { schema }, (request) => findSymbol(deps, request.body));
};
