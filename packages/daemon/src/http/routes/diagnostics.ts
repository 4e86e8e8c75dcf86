import type { Route } from '../route-deps.js';
import { MAX_NAMED_FILES, listDiagnostics, type DiagnosticsRequest } from '@cn/core';
import { errors } from '../shared-schemas.js';

const diagnostic = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    filePath: { type: 'string' },
    line: { type: 'integer' },
    character: { type: 'integer' },
    severity: { type: 'string', enum: ['error', 'warning', 'information', 'hint'] },
    code: { type: 'string' },
    message: { type: 'string' },
  },
  required: ['id', 'filePath', 'line', 'character', 'severity', 'code', 'message'],
} as const;

const schema = {
  body: {
    type: 'object',
    properties: {
      files: { type: 'array', items: { type: 'string', maxLength: 4096 }, maxItems: MAX_NAMED_FILES },
      offset: { type: 'integer', minimum: 0 },
      limit: { type: 'integer', minimum: 1 },
    },
    additionalProperties: false,
  },
  response: {
    200: {
      type: 'object',
      properties: {
        diagnostics: { type: 'array', items: diagnostic },
        filesChecked: { type: 'integer' },
        totalFiles: { type: 'integer' },
        nextOffset: { type: 'integer' },
      },
      required: ['diagnostics', 'filesChecked', 'totalFiles'],
    },
    ...errors,
  },
} as const;

export const diagnosticsRoute: Route = (app, deps) => {
  app.post<{ Body: DiagnosticsRequest }>('/diagnostics', { schema }, (request) => listDiagnostics(deps, request.body ?? {}));
};
