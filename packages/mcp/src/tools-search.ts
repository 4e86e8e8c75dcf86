import { requestBody } from '@cn/protocol';
import { grepRequest, searchRequest } from '@cn/protocol/schemas';
import { kind, limit, maxTokens, snippet, tool } from './tool.js';

/** Finding code without its name: ranked words (cn_search) and patterns grouped by declaration (cn_grep). */
export const SEARCH_TOOLS = [
  tool({
    name: 'cn_search',
    description: 'Declarations ranked by how well words or a question match them.',
    input: {
      query: searchRequest.shape.query.min(1).describe('Words or a question'),
      kind,
      in: searchRequest.shape.in.describe('Only declarations in path/glob'),
      snippet,
      limit: limit.describe('Max results (default 10)'),
      maxTokens,
    },
    route: 'search',
    body: ({ query, kind, in: scope, snippet, limit }) =>
      requestBody('search', { query, kind, in: scope, snippet, limit }),
  }),
  tool({
    name: 'cn_grep',
    description: 'RE2 regex over source lines, grouped by enclosing declaration.',
    input: {
      pattern: grepRequest.shape.pattern.min(1).describe('RE2 regex'),
      paths: grepRequest.shape.paths.describe('Only these paths/globs'),
      in: grepRequest.shape.in.describe('Only files in path/glob'),
      ignoreCase: grepRequest.shape.ignoreCase.describe('Any case'),
      word: grepRequest.shape.word.describe('Whole words'),
      fixed: grepRequest.shape.fixed.describe('Literal string'),
      codeOnly: grepRequest.shape.codeOnly.describe('Skip comments/strings'),
      kind: grepRequest.shape.kind.describe('Enclosing kind; module: top level'),
      limit: limit.describe('Max lines (default 100)'),
      maxTokens,
    },
    route: 'grep',
    body: ({ pattern, paths, in: scope, ignoreCase, word, fixed, codeOnly, kind, limit }) =>
      requestBody('grep', { pattern, paths, in: scope, ignoreCase, word, fixed, codeOnly, kind, limit }),
  }),
];
