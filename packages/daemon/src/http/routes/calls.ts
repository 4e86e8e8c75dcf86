import type { Route } from '../route-deps.js';
import { traceCalls, type CallsRequest } from '@cn/core';
import { errors } from '../shared-schemas.js';
import { depth, direction, graphResponse, targetProperties } from './graph-schemas.js';

const schema = {
  body: {
    type: 'object',
    properties: { ...targetProperties, direction, depth },
    required: ['target'],
    additionalProperties: false,
  },
  response: { 200: graphResponse, ...errors },
} as const;

export const callsRoute: Route = (app, deps) => {
  app.post<{ Body: CallsRequest }>('/calls', { schema }, (request) => traceCalls(deps, request.body));
};
