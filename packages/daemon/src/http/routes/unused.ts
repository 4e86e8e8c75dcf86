import { findUnused, type UnusedRequest } from '@cn/core';
import type { Route } from '../route-deps.js';
import { errors, symbolProperties } from '../shared-schemas.js';
import { budgetReport } from './budget-schemas.js';

const unusedSymbol = {
  type: 'object',
  properties: { ...symbolProperties, exported: { type: 'boolean' }, usedOnlyByTests: { type: 'boolean' }, container: { type: 'string' }, static: { type: 'boolean' } },
  required: ['id', 'name', 'kind', 'line', 'exported'],
} as const;

const schema = {
  body: {
    type: 'object',
    properties: {
      path: { type: 'string', maxLength: 4096 },
      exported: { type: 'boolean' },
      membersOf: { type: 'string', maxLength: 4096 },
      refsIn: { type: 'string', maxLength: 4096 },
      refsNotIn: { type: 'string', maxLength: 4096 },
      limit: { type: 'integer' },
    },
    additionalProperties: false,
  },
  response: {
    200: {
      type: 'object',
      properties: {
        path: { type: 'string' },
        membersOf: { type: 'string' },
        filesChecked: { type: 'integer' },
        checked: { type: 'integer' },
        files: {
          type: 'array',
          items: { type: 'object', properties: { filePath: { type: 'string' }, unused: { type: 'array', items: unusedSymbol } }, required: ['filePath', 'unused'] },
        },
        total: { type: 'integer' },
        usedOnlyByTests: { type: 'integer' },
        truncated: { type: 'boolean' },
        budget: budgetReport,
        projects: { type: 'integer' },
        complete: { type: 'boolean' },
        reason: { type: 'string' },
      },
      required: ['path', 'filesChecked', 'checked', 'files', 'total', 'usedOnlyByTests', 'projects', 'complete'],
    },
    ...errors,
  },
} as const;

export const unusedRoute: Route = (app, deps) => {
  app.post<{ Body: UnusedRequest }>('/unused', { schema }, (request) => findUnused(deps, request.body));
};
