import type { Route } from '../route-deps.js';
import { fileDeps, findOrphans, type DepsRequest } from '@cn/core';
import { errors } from '../shared-schemas.js';
import { depth, direction, graphResponse } from './graph-schemas.js';

const depsSchema = {
  body: {
    type: 'object',
    properties: { file: { type: 'string', maxLength: 4096 }, direction, depth },
    required: ['file'],
    additionalProperties: false,
  },
  response: { 200: graphResponse, ...errors },
} as const;

const orphansSchema = {
  body: { type: 'object', properties: {}, additionalProperties: false },
  response: {
    200: {
      type: 'object',
      properties: {
        orphans: {
          type: 'array',
          items: {
            type: 'object',
            properties: { filePath: { type: 'string' }, entryPoint: { type: 'boolean' } },
            required: ['filePath', 'entryPoint'],
          },
        },
        totalFiles: { type: 'integer' },
      },
      required: ['orphans', 'totalFiles'],
    },
    ...errors,
  },
} as const;

/** `cn deps <file>` and `cn deps --orphans`: two questions about the same import graph. */
export const depsRoute: Route = (app, deps) => {
  app.post<{ Body: DepsRequest }>('/deps', { schema: depsSchema }, (request) => fileDeps(deps, request.body));
  app.post('/deps/orphans', { schema: orphansSchema }, () => findOrphans(deps));
};
