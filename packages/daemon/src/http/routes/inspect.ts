import type { Route } from '../route-deps.js';
import { MAX_ID_LENGTH, MAX_INSPECT_IDS, inspectCode, inspectMany, type InspectManyRequest, type InspectRequest } from '@cn/core';
import { errors } from '../shared-schemas.js';

const resultProperties = {
  filePath: { type: 'string' },
  range: {
    type: 'object',
    properties: { startLine: { type: 'integer' }, endLine: { type: 'integer' } },
    required: ['startLine', 'endLine'],
  },
  expand: { type: 'string' },
  code: { type: 'string' },
  relatedSymbols: { type: 'array', items: { type: 'string' } },
} as const;
// `code` and `relatedSymbols` are left out when the request says `code: false`.
const resultRequired = ['filePath', 'range', 'expand'];

/** One route for one id (`id` → `result`) and many (`ids` → `results`, `failures`, `total`). */
const schema = {
  body: {
    type: 'object',
    properties: {
      id: { type: 'string', maxLength: MAX_ID_LENGTH },
      ids: { type: 'array', items: { type: 'string', maxLength: MAX_ID_LENGTH }, maxItems: MAX_INSPECT_IDS },
      expand: { type: 'string', enum: ['block', 'surround'] },
      context: { type: 'integer' },
      code: { type: 'boolean' },
      limit: { type: 'integer' },
    },
    oneOf: [{ required: ['id'] }, { required: ['ids'] }],
    additionalProperties: false,
  },
  response: {
    200: {
      type: 'object',
      properties: {
        result: { type: 'object', properties: resultProperties, required: resultRequired },
        results: {
          type: 'array',
          items: { type: 'object', properties: { ...resultProperties, ids: { type: 'array', items: { type: 'string' } } }, required: [...resultRequired, 'ids'] },
        },
        failures: {
          type: 'array',
          items: { type: 'object', properties: { id: { type: 'string' }, kind: { type: 'string' }, message: { type: 'string' } }, required: ['id', 'kind', 'message'] },
        },
        total: { type: 'integer' },
        truncated: { type: 'boolean' },
      },
    },
    ...errors,
  },
} as const;

export const inspectRoute: Route = (app, deps) => {
  app.post<{ Body: InspectRequest | InspectManyRequest }>('/inspect', { schema }, (request) =>
    'ids' in request.body ? inspectMany(deps, request.body) : inspectCode(deps, request.body),
  );
};
