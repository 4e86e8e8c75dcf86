import type { Route } from '../route-deps.js';
import { errors } from '../shared-schemas.js';

const schema = {
  response: {
    200: {
      type: 'object',
      properties: {
        running: { type: 'boolean' },
        pid: { type: 'integer' },
        port: { type: 'integer' },
        root: { type: 'string' },
        version: { type: 'string' },
        startedAt: { type: 'string' },
        uptimeSeconds: { type: 'number' },
        rssBytes: { type: 'integer' },
        logFile: { type: 'string' },
        idleMinutes: { type: 'number' },
        maxTsServerMemory: { type: 'number' },
        state: { type: 'string' },
        serverVersion: { type: 'string' },
        typescriptVersion: { type: 'string' },
        typescriptSource: { type: 'string' },
        projects: { type: 'array', items: { type: 'string' } },
        looseFiles: { type: 'integer' },
        restarts: { type: 'integer' },
        lastError: { type: 'string' },
        configErrors: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              file: { type: 'string' },
              line: { type: 'integer' },
              character: { type: 'integer' },
              code: { type: 'string' },
              message: { type: 'string' },
            },
            required: ['file', 'line', 'character', 'code', 'message'],
          },
        },
      },
      required: ['running', 'pid', 'port', 'root', 'version', 'state'],
    },
    ...errors,
  },
} as const;
/** GET /status answers at once; GET /ready waits until the project is loaded; POST /shutdown stops. */
export const lifecycleRoutes: Route = (app, deps) => {
  app.get('/status', { schema }, async () => deps.status());
  app.get('/ready', { schema }, () => deps.ready());
  app.post('/shutdown', async (_request, reply) => {
    reply.raw.once('finish', () => deps.shutdown());
    return { stopping: true };
  });
};
