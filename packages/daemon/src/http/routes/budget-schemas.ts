/** Schema parts of the token-budget and snippet options shared by find, map and overview. */
export const snippetLevel = { type: 'string', enum: ['fold', 'preview', 'full'] } as const;

export const budgetReport = {
  type: 'object',
  properties: { maxTokens: { type: 'integer' }, stage: { type: 'string' }, tokens: { type: 'integer' } },
  required: ['maxTokens', 'stage', 'tokens'],
} as const;

export const fileCounts = {
  type: 'array',
  items: { type: 'object', properties: { filePath: { type: 'string' }, count: { type: 'integer' } }, required: ['filePath', 'count'] },
} as const;

export const kindCounts = { type: 'object', additionalProperties: { type: 'integer' } } as const;
