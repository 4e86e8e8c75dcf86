import type { Route } from '../route-deps.js';
import { findImplementations, type ImplRequest } from '@cn/core';
import { errors } from '../shared-schemas.js';
import { budgetReport } from './budget-schemas.js';
import { depth, namedLocation, targetGuessProperties, targetProperties } from './graph-schemas.js';

const declarationForm = { declaration: { type: 'string', enum: ['class-expression'] } } as const;

const hierarchyEntry = {
  type: 'object',
  properties: {
    ...namedLocation.properties,
    ...declarationForm,
    depth: { type: 'integer' },
    via: { type: 'string' },
    relation: { type: 'string', enum: ['extends', 'implements'] },
  },
  required: [...namedLocation.required, 'depth', 'via', 'relation'],
} as const;

const schema = {
  body: {
    type: 'object',
    properties: { ...targetProperties, direction: { type: 'string', enum: ['sub', 'super', 'both'] }, depth, limit: { type: 'integer', minimum: 1 } },
    required: ['target'],
    additionalProperties: false,
  },
  response: {
    200: {
      type: 'object',
      properties: {
        target: { ...namedLocation, properties: { ...namedLocation.properties, ...declarationForm } },
        direction: { type: 'string' },
        depth: { type: 'integer' },
        implementations: { type: 'array', items: hierarchyEntry },
        supertypes: { type: 'array', items: hierarchyEntry },
        projects: { type: 'integer' },
        complete: { type: 'boolean' },
        incomplete: { type: 'string' },
        total: { type: 'integer' },
        truncated: { type: 'boolean' },
        budget: budgetReport,
        ...targetGuessProperties,
      },
      required: ['target', 'direction', 'depth', 'implementations', 'supertypes', 'projects', 'complete'],
    },
    ...errors,
  },
} as const;

export const implRoute: Route = (app, deps) => {
  app.post<{ Body: ImplRequest }>('/impl', { schema }, (request) => findImplementations(deps, request.body));
};
