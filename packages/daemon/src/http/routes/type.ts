import type { Route } from '../route-deps.js';
import { describeType, type TypeRequest } from '@cn/core';
import { errors } from '../shared-schemas.js';
import { namedLocation, targetGuessProperties, targetProperties } from './graph-schemas.js';

const schema = {
  body: { type: 'object', properties: targetProperties, required: ['target'], additionalProperties: false },
  response: {
    200: {
      type: 'object',
      properties: {
        target: namedLocation,
        signature: { type: 'string' },
        documentation: { type: 'string' },
        typeDefinitions: { type: 'array', items: namedLocation },
        ...targetGuessProperties,
      },
      required: ['target', 'signature', 'documentation', 'typeDefinitions'],
    },
    ...errors,
  },
} as const;

export const typeRoute: Route = (app, deps) => {
  app.post<{ Body: TypeRequest }>('/type', { schema }, (request) => describeType(deps, request.body));
};
