import { findUnused, type UnusedRequest } from '@cn/core';
import type { Route } from '../route-deps.js';
import { errors } from '../shared-schemas.js';

const schema = {
  body: {
    type: 'object',
    properties: { file: { type: 'string', maxLength: 4096 } },
    required: ['file'],
    additionalProperties: false,
  },
  response: {
    200: {
      type: 'object',
      properties: {
        filePath: { type: 'string' },
        checked: { type: 'integer' },
        unused: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              name: { type: 'string' },
              kind: { type: 'string' },
              line: { type: 'integer' },
              exported: { type: 'boolean' },
            },
            required: ['id', 'name', 'kind', 'line', 'exported'],
          },
        },
      },
      required: ['filePath', 'checked', 'unused'],
    },
    ...errors,
  },
} as const;

export const unusedRoute: Route = (app, deps) => {
  app.post<{ Body: UnusedRequest }>('/unused', { schema }, (request) => findUnused(deps, request.body));
};
