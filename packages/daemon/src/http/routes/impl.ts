import type { Route } from '../route-deps.js';
import { findImplementations, type ImplRequest } from '@cn/core';
import { errors } from '../shared-schemas.js';
import { namedLocation, targetGuessProperties, targetProperties } from './graph-schemas.js';

const schema = {
  body: { type: 'object', properties: targetProperties, required: ['target'], additionalProperties: false },
  response: {
    200: {
      type: 'object',
      properties: { target: namedLocation, implementations: { type: 'array', items: namedLocation }, ...targetGuessProperties },
      required: ['target', 'implementations'],
    },
    ...errors,
  },
} as const;

export const implRoute: Route = (app, deps) => {
  app.post<{ Body: ImplRequest }>('/impl', { schema }, (request) => findImplementations(deps, request.body));
};
