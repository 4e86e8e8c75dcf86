import type { Route } from '../route-deps.js';
import { MAX_CALL_TARGETS, traceCalls, type CallsRequest } from '@cn/core';
import { errors } from '../shared-schemas.js';
import { budgetReport } from './budget-schemas.js';
import { depth, direction, graphResponse, targetGuessProperties, targetProperties } from './graph-schemas.js';

const pathPattern = { type: 'string', maxLength: 1024 } as const;

const schema = {
  body: {
    type: 'object',
    properties: {
      ...targetProperties,
      targets: { type: 'array', items: targetProperties.target, maxItems: MAX_CALL_TARGETS - 1 },
      direction,
      depth,
      refsIn: pathPattern,
      refsNotIn: pathPattern,
      limit: { type: 'integer' },
      maxTokens: { type: 'integer' },
    },
    required: ['target'],
    additionalProperties: false,
  },
  response: {
    200: {
      ...graphResponse,
      properties: {
        ...graphResponse.properties,
        ...targetGuessProperties,
        roots: { type: 'array', items: { type: 'string' } },
        nonCallSites: { type: 'integer' },
        filteredCallSites: { type: 'integer' },
        totalEdges: { type: 'integer' },
        budget: budgetReport,
      },
    },
    ...errors,
  },
} as const;

export const callsRoute: Route = (app, deps) => {
  app.post<{ Body: CallsRequest }>('/calls', { schema }, (request) => traceCalls(deps, request.body));
};
