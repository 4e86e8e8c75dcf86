import type { Route } from '../route-deps.js';
import { overview, type OverviewRequest } from '@cn/core';
import { budgetReport, kindCounts } from './budget-schemas.js';
import { errors } from '../shared-schemas.js';

const symbol = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    kind: { type: 'string' },
    exported: { type: 'boolean' },
    signature: { type: 'string' },
    importedBy: { type: 'integer' },
    overloads: { type: 'integer' },
  },
  required: ['id', 'name', 'kind', 'exported', 'signature', 'importedBy'],
} as const;

const schema = {
  body: {
    type: 'object',
    properties: { dir: { type: 'string', maxLength: 4096 }, maxTokens: { type: 'integer' }, limit: { type: 'integer' } },
    additionalProperties: false,
  },
  response: {
    200: {
      type: 'object',
      properties: {
        dir: { type: 'string' },
        counts: {
          type: 'object',
          properties: { files: { type: 'integer' }, symbols: { type: 'integer' }, byKind: kindCounts },
          required: ['files', 'symbols', 'byKind'],
        },
        mostReferenced: {
          type: 'array',
          items: {
            type: 'object',
            properties: { id: { type: 'string' }, name: { type: 'string' }, kind: { type: 'string' }, filePath: { type: 'string' }, importedBy: { type: 'integer' } },
            required: ['id', 'name', 'kind', 'filePath', 'importedBy'],
          },
        },
        files: {
          type: 'array',
          items: {
            type: 'object',
            properties: { filePath: { type: 'string' }, symbols: { type: 'array', items: symbol }, omitted: { type: 'integer' } },
            required: ['filePath', 'symbols'],
          },
        },
        total: { type: 'integer' },
        truncated: { type: 'boolean' },
        budget: budgetReport,
      },
      required: ['dir', 'counts', 'mostReferenced', 'files', 'total'],
    },
    ...errors,
  },
} as const;

export const overviewRoute: Route = (app, deps) => {
  app.post<{ Body: OverviewRequest }>('/overview', { schema }, (request) => overview(deps, request.body ?? {}));
};
