import type { Route } from '../route-deps.js';
import { findSymbol, type FindRequest } from '@cn/core';
import { budgetReport, fileCounts, snippetLevel } from './budget-schemas.js';
import { errors, locationRefProperties } from '../shared-schemas.js';

// `maxTokens` may drop previews (stage no-previews), so here they are not required.
const ref = { type: 'object', properties: locationRefProperties, required: ['id', 'filePath', 'line', 'character', 'kind'] } as const;
const named = {
  type: 'object',
  properties: { ...locationRefProperties, name: { type: 'string' }, container: { type: 'string' }, snippet: { type: 'string' } },
  required: [...ref.required, 'name'],
} as const;

const schema = {
  body: {
    type: 'object',
    properties: {
      query: { type: 'string', maxLength: 16384 },
      kind: { type: 'string', maxLength: 64 },
      limit: { type: 'integer' },
      in: { type: 'string', maxLength: 4096 },
      exact: { type: 'boolean' },
      refs: { type: 'string', enum: ['all', 'none', 'only'] },
      snippet: snippetLevel,
      maxTokens: { type: 'integer' },
    },
    required: ['query'],
    additionalProperties: false,
  },
  response: {
    200: {
      type: 'object',
      properties: {
        query: { type: 'string' },
        definition: { anyOf: [named, { type: 'null' }] },
        references: { type: 'array', items: ref },
        totalReferences: { type: 'integer' },
        candidates: { type: 'array', items: named },
        totalCandidates: { type: 'integer' },
        truncated: { type: 'boolean' },
        ambiguous: { type: 'boolean' },
        didYouMean: { type: 'array', items: { type: 'string' } },
        referenceFiles: fileCounts,
        refs: { type: 'string' },
        budget: budgetReport,
      },
      required: ['query', 'definition', 'references', 'totalReferences', 'candidates'],
    },
    ...errors,
  },
} as const;

export const findRoute: Route = (app, deps) => {
  app.post<{ Body: FindRequest }>('/find', { schema }, (request) => findSymbol(deps, request.body));
};
