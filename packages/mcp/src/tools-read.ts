import { z } from 'zod';
import { CnError, DEFAULT_OVERVIEW_TOKENS, fitFind, fitMap, fitOverview, fitUnused, inspectInBatches, type InspectManyResponse } from '@cn/core';
import { findRunningDaemon } from '@cn/client';
import { absolute, file, kind, limit, maxTokens, snippet, tool } from './tool.js';

/** The tools for reading code: overview → map → find → inspect, and the daemon's status. */
export const READ_TOOLS = [
  tool({
    name: 'cn_overview',
    description: 'Repo map: per file its top-level declarations with signatures, most-used first. Start here.',
    input: {
      dir: z.string().optional().describe('Directory relative to the root (default: all)'),
      limit: limit.describe('At most this many files'),
      maxTokens: z.number().int().min(0).optional().describe(`Cut to about this many tokens (default ${DEFAULT_OVERVIEW_TOKENS}, 0 = no cut)`),
    },
    method: 'POST',
    route: '/overview',
    // As the CLI: the daemon sends everything, the cut is made on what is returned.
    body: ({ dir, limit, maxTokens }, { root }) => {
      if (maxTokens !== undefined && maxTokens > 0 && maxTokens < 20) {
        throw new CnError('bad-input', `maxTokens takes 0 (no cut) or a whole number of 20 or more, not '${maxTokens}'`);
      }
      return { maxTokens: 0, limit, ...(dir !== undefined ? { dir: absolute(root, dir) } : {}) };
    },
    after: (response, { maxTokens = DEFAULT_OVERVIEW_TOKENS }) => (maxTokens > 0 ? fitOverview(response, maxTokens) : response),
  }),
  tool({
    name: 'cn_unused',
    description: 'Top-level declarations of a file, directory or the project that nothing else uses; used-only-by-tests marked.',
    input: {
      path: z.string().min(1).optional().describe('File or directory relative to the root (default: the whole project)'),
      exported: z.boolean().optional().describe('Only exports (public members), and only uses from other files count'),
      membersOf: z.string().min(1).optional().describe("Instead of path: a class (name or id) whose members to check"),
      refsIn: z.string().min(1).optional().describe('Only uses in files under this path or glob count'),
      refsNotIn: z.string().min(1).optional().describe('Uses in files under this path or glob do not count'),
      limit: limit.describe('At most this many symbols'),
      maxTokens,
    },
    method: 'POST',
    route: '/unused',
    // Defaults are left out, as the CLI leaves them out, so both send the same request.
    body: ({ path, exported, membersOf, refsIn, refsNotIn, limit }, { root }) => ({
      ...(path !== undefined ? { path: absolute(root, path) } : {}),
      ...(exported ? { exported: true } : {}),
      ...(membersOf !== undefined ? { membersOf } : {}),
      ...(refsIn !== undefined ? { refsIn } : {}),
      ...(refsNotIn !== undefined ? { refsNotIn } : {}),
      limit,
    }),
    after: (response, { maxTokens }) => (maxTokens === undefined ? response : fitUnused(response, maxTokens)),
  }),
  tool({
    name: 'cn_map',
    description: 'Outline of one file: every symbol with kind, modifiers, line range and id; re-exports with their target id.',
    input: { file, locals: z.boolean().optional().describe('Also list locals inside functions'), snippet, limit: limit.describe('At most this many symbols'), maxTokens },
    method: 'POST',
    route: '/map',
    body: ({ file, locals, snippet, limit }, { root }) => ({ file: absolute(root, file), ...(locals ? { locals: true } : {}), snippet, limit }),
    after: (response, { maxTokens }) => (maxTokens === undefined ? response : fitMap(response, maxTokens)),
  }),
  tool({
    name: 'cn_find',
    description: 'Definition and all references of a symbol by name or id; compiler-accurate, unlike grep.',
    input: {
      query: z.string().min(1).describe('Symbol name, Container.member, or an id'),
      kind,
      in: z.string().optional().describe('Only definitions under this path or glob'),
      exact: z.boolean().optional().describe('Only names equal to the query'),
      refs: z.enum(['all', 'none', 'only']).optional().describe('none: definition only; only: references only'),
      snippet,
      limit: limit.describe('At most this many references and candidates'),
      maxTokens,
    },
    method: 'POST',
    route: '/find',
    // Defaults are left out, as the CLI leaves them out, so both send the same request.
    body: ({ query, kind, in: scope, exact, refs, snippet, limit }) => ({
      query,
      kind,
      limit,
      in: scope,
      ...(exact ? { exact: true } : {}),
      ...(refs !== undefined && refs !== 'all' ? { refs } : {}),
      snippet,
    }),
    after: (response, { maxTokens }) => (maxTokens === undefined ? response : fitFind(response, maxTokens)),
  }),
  tool({
    name: 'cn_inspect',
    description: 'Source of the declaration enclosing each id (from other cn tools, or path:line), plus ids of symbols it uses.',
    input: {
      ids: z.array(z.string().min(1)).min(1).describe('Ids; one id returns {result}, several {results, failures}'),
      expand: z.enum(['block', 'surround']).optional().describe('block: enclosing declaration (default); surround: lines either side'),
      context: z.number().int().min(0).optional().describe('Lines either side for surround (default 5)'),
      code: z.boolean().optional().describe("false: only each block's line range (no code)"),
      limit: limit.describe('At most this many blocks'),
    },
    method: 'POST',
    route: '/inspect',
    // `cn inspect <id>` keeps the single-result answer; several ids (or a limit) get the list, in
    // as many requests as the daemon's body limit needs, as `cn inspect -` sends them.
    call: ({ ids, expand, context, code, limit }, { daemon }) =>
      ids.length === 1 && limit === undefined
        ? daemon.request('POST', '/inspect', { id: ids[0], expand, context, ...(code === false ? { code } : {}) })
        : inspectInBatches({ ids, expand, context, ...(code === false ? { code } : {}), limit }, (batch) => daemon.request('POST', '/inspect', batch) as Promise<InspectManyResponse>),
  }),
  tool({
    name: 'cn_status',
    description: "The project's shared daemon: running, pid, state, versions. Does not start it.",
    input: {},
    method: 'GET',
    route: '/status',
    // Like `cn status`: report "not running" rather than start a daemon to ask it.
    call: async (_input, { root, daemon }) => {
      const running = await findRunningDaemon(root);
      return running ? daemon.request('GET', '/status', undefined, running) : { running: false, root };
    },
  }),
];
