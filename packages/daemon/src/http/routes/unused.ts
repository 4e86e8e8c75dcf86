import { findUnused, type UnusedRequest } from '@cn/core';
import type { Route } from '../route-deps.js';
import { errors, fileBody, symbolProperties } from '../shared-schemas.js';

const schema = {
  body: fileBody,
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
            properties: { ...symbolProperties, exported: { type: 'boolean' } },
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
