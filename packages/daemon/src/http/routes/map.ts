import type { Route } from '../route-deps.js';
import { mapFile, type MapRequest } from '@cn/core';
import { budgetReport, kindCounts, snippetLevel } from './budget-schemas.js';
import { errors, symbolProperties } from '../shared-schemas.js';

const schema = {
  body: {
    type: 'object',
    properties: {
      file: { type: 'string', maxLength: 4096 },
      locals: { type: 'boolean' },
      snippet: snippetLevel,
      limit: { type: 'integer' },
      maxTokens: { type: 'integer' },
    },
    required: ['file'],
    additionalProperties: false,
  },
  response: {
    200: {
      type: 'object',
      properties: {
        filePath: { type: 'string' },
        symbols: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              ...symbolProperties,
              endLine: { type: 'integer' },
              container: { type: 'string' },
              modifiers: { type: 'array', items: { type: 'string' } },
              from: { type: 'string' },
              resolvesTo: { type: 'string' },
              snippet: { type: 'string' },
            },
            required: ['id', 'name', 'kind', 'line', 'endLine'],
          },
        },
        total: { type: 'integer' },
        truncated: { type: 'boolean' },
        kinds: kindCounts,
        budget: budgetReport,
      },
      required: ['filePath', 'symbols'],
    },
    ...errors,
  },
} as const;

export const mapRoute: Route = (app, deps) => {
  app.post<{ Body: MapRequest }>('/map', { schema }, (request) => mapFile(deps, request.body));
};
