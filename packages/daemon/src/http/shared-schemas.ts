/**
 * JSON schemas of every route: requests are validated before a use case sees them, and responses
 * are serialized from the declared shape (the contract types in @cn/core/contract).
 */
export const locationRefProperties = {
  id: { type: 'string' },
  filePath: { type: 'string' },
  line: { type: 'integer' },
  character: { type: 'integer' },
  kind: { type: 'string' },
  preview: { type: 'string' },
  /** Only when true: the place's real path is outside the root, so its preview is empty. */
  outsideRoot: { type: 'boolean' },
} as const;

export const locationRefRequired = ['id', 'filePath', 'line', 'character', 'kind', 'preview'];

export const locationRef = { type: 'object', properties: locationRefProperties, required: locationRefRequired } as const;

export const namedRef = {
  type: 'object',
  properties: { ...locationRefProperties, name: { type: 'string' }, container: { type: 'string' } },
  required: [...locationRefRequired, 'name'],
} as const;

/** The fields every symbol of a file listing carries (map, unused). */
export const symbolProperties = {
  id: { type: 'string' },
  name: { type: 'string' },
  kind: { type: 'string' },
  line: { type: 'integer' },
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

export const errors = { '4xx': errorBody, '5xx': errorBody };

