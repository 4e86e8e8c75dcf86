/**
 * JSON schemas of every route: requests are validated before a use case sees them, and responses
 * are serialized from the declared shape (the contract types in @cn/core/contract).
 */
const locationRefProperties = {
  id: { type: 'string' },
  filePath: { type: 'string' },
  line: { type: 'integer' },
  character: { type: 'integer' },
  kind: { type: 'string' },
  preview: { type: 'string' },
} as const;

const locationRef = { type: 'object', properties: locationRefProperties, required: Object.keys(locationRefProperties) } as const;

const namedRef = {
  type: 'object',
  properties: { ...locationRefProperties, name: { type: 'string' }, container: { type: 'string' } },
  required: [...Object.keys(locationRefProperties), 'name'],
} as const;

const errorBody = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: { kind: { type: 'string' }, message: { type: 'string' }, hint: { type: 'string' } },
      required: ['kind', 'message'],
    },
  },
} as const;

const errors = { '4xx': errorBody, '5xx': errorBody };

export const mapSchema = {
  body: {
    type: 'object',
    properties: { file: { type: 'string', maxLength: 4096 } },
    required: ['file'],
    additionalProperties: false,
  },
  response: {
    200: {
      type: 'object',
      properties: {
        filePath: { type: 'string' },
        symbols: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              name: { type: 'string' },
              kind: { type: 'string' },
              line: { type: 'integer' },
              endLine: { type: 'integer' },
              container: { type: 'string' },
            },
            required: ['id', 'name', 'kind', 'line', 'endLine'],
          },
        },
      },
      required: ['filePath', 'symbols'],
    },
    ...errors,
  },
} as const;

export const findSchema = {
  body: {
    type: 'object',
    properties: {
      query: { type: 'string', maxLength: 16384 },
      kind: { type: 'string', maxLength: 64 },
      limit: { type: 'integer' },
    },
    required: ['query'],
    additionalProperties: false,
  },
  response: {
    200: {
      type: 'object',
      properties: {
        query: { type: 'string' },
        definition: { anyOf: [namedRef, { type: 'null' }] },
        references: { type: 'array', items: locationRef },
        totalReferences: { type: 'integer' },
        candidates: { type: 'array', items: namedRef },
      },
      required: ['query', 'definition', 'references', 'totalReferences', 'candidates'],
    },
    ...errors,
  },
} as const;

export const inspectSchema = {
  body: {
    type: 'object',
    properties: {
      id: { type: 'string', maxLength: 8192 },
      expand: { type: 'string', enum: ['block', 'surround'] },
      context: { type: 'integer' },
    },
    required: ['id'],
    additionalProperties: false,
  },
  response: {
    200: {
      type: 'object',
      properties: {
        result: {
          type: 'object',
          properties: {
            filePath: { type: 'string' },
            range: {
              type: 'object',
              properties: { startLine: { type: 'integer' }, endLine: { type: 'integer' } },
              required: ['startLine', 'endLine'],
            },
            expand: { type: 'string' },
            code: { type: 'string' },
            relatedSymbols: { type: 'array', items: { type: 'string' } },
          },
          required: ['filePath', 'range', 'expand', 'code', 'relatedSymbols'],
        },
      },
      required: ['result'],
    },
    ...errors,
  },
} as const;

export const statusSchema = {
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
        state: { type: 'string' },
        serverVersion: { type: 'string' },
        typescriptVersion: { type: 'string' },
        typescriptSource: { type: 'string' },
        projects: { type: 'array', items: { type: 'string' } },
        looseFiles: { type: 'integer' },
        restarts: { type: 'integer' },
        lastError: { type: 'string' },
      },
      required: ['running', 'pid', 'port', 'root', 'version', 'state'],
    },
    ...errors,
  },
} as const;
