import type { Route } from '../route-deps.js';
import { inspectCode, type InspectRequest } from '@cn/core';
import { errors } from '../shared-schemas.js';

const schema = {
  body: {
    type: 'object',
    properties: {
      id: { type: 'string', maxLength: 8192 },
      expand: { type: 'string', enum: ['block', 'surround'] },
      context: { type: 'integer' },
    },
    required: ['id'],
    additionalProperties: false,
  },
  response: {
    200: {
      type: 'object',
      properties: {
        result: {
          type: 'object',
          properties: {
            filePath: { type: 'string' },
            range: {
              type: 'object',
              properties: { startLine: { type: 'integer' }, endLine: { type: 'integer' } },
              required: ['startLine', 'endLine'],
            },
            expand: { type: 'string' },
            code: { type: 'string' },
            relatedSymbols: { type: 'array', items: { type: 'string' } },
          },
          required: ['filePath', 'range', 'expand', 'code', 'relatedSymbols'],
        },
      },
      required: ['result'],
    },
    ...errors,
  },
} as const;

export const inspectRoute: Route = (app, deps) => {
  app.post<{ Body: InspectRequest }>('/inspect', { schema }, (request) => inspectCode(deps, request.body));
};
