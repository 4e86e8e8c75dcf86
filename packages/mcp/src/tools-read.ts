import { z } from 'zod';
import { DEFAULT_OVERVIEW_TOKENS, inspectInBatches, overviewBudget } from '@cn/core';
import { requestBody } from '@cn/protocol';
import {
  findRequest,
  inspectManyRequest,
  inspectRequest,
  mapRequest,
  overviewRequest,
  unusedRequest,
} from '@cn/protocol/schemas';
import { findRunningDaemon } from '@cn/client';
import { absolute, file, kind, limit, maxTokens, snippet, tool } from './tool.js';

/** A path or pattern argument an agent must not leave empty (the protocol's field, made non-empty). */
const nonEmpty = (field: z.ZodOptional<z.ZodString>) => field.unwrap().min(1).optional();

/** The tools for reading code: overview → map → find → inspect, and the daemon's status. */
export const READ_TOOLS = [
  tool({
    name: 'cn_overview',
    description: "Repo map: each file's top-level declarations with signatures, most used first. Start here.",
    input: {
      dir: overviewRequest.shape.dir.describe('Root-relative directory (default: all)'),
      limit: limit.describe('Max files'),
      maxTokens: overviewRequest.shape.maxTokens.describe(
        `Cut to about this many tokens (default ${DEFAULT_OVERVIEW_TOKENS}, 0 = no cut)`,
      ),
    },
    route: 'overview',
    // As the CLI: the daemon sends everything, the cut is made on what is printed.
    body: ({ dir, limit }, { root }) =>
      requestBody('overview', { maxTokens: 0, limit, dir: dir === undefined ? undefined : absolute(root, dir) }),
    budget: (maxTokens) => overviewBudget(maxTokens, 'maxTokens'),
  }),
  tool({
    name: 'cn_unused',
    description:
      'Top-level declarations of a file, directory or project nothing else uses (used only by tests: marked).',
    input: {
      path: nonEmpty(unusedRequest.shape.path).describe('File or directory (default: the project)'),
      exported: unusedRequest.shape.exported.describe('Only exports, used from other files'),
      membersOf: nonEmpty(unusedRequest.shape.membersOf).describe('Instead of path: a class whose members to check'),
      kind,
      refsIn: nonEmpty(unusedRequest.shape.refsIn).describe('Only uses in path/glob count'),
      refsNotIn: nonEmpty(unusedRequest.shape.refsNotIn).describe('Uses in path/glob do not count'),
      limit: limit.describe('Max symbols'),
      maxTokens,
    },
    route: 'unused',
    body: ({ path, exported, membersOf, kind, refsIn, refsNotIn, limit }, { root }) =>
      requestBody('unused', {
        path: path === undefined ? undefined : absolute(root, path),
        exported,
        membersOf,
        kind,
        refsIn,
        refsNotIn,
        limit,
      }),
  }),
  tool({
    name: 'cn_map',
    description: 'Outline of a file or one declaration (path::Name): kind, modifiers, lines, id of each symbol.',
    input: {
      file,
      kind,
      modifiers: mapRequest.shape.modifiers.describe('All required: public, static, async …'),
      locals: mapRequest.shape.locals.describe('Also list locals inside functions'),
      snippet,
      limit: limit.describe('Max symbols'),
      maxTokens,
    },
    route: 'map',
    body: ({ file, kind, modifiers, locals, snippet, limit }, { root }) =>
      requestBody('map', { file: absolute(root, file), kind, modifiers, locals, snippet, limit }),
  }),
  tool({
    name: 'cn_find',
    description: 'Definition and references, each with role and enclosing symbol.',
    input: {
      query: findRequest.shape.query
        .min(1)
        .describe("Name, Container.member, path::Name (a file's export), id, *Router"),
      kind,
      in: findRequest.shape.in.describe('Only definitions in path/glob'),
      exact: findRequest.shape.exact.describe('Only exact names'),
      refs: findRequest.shape.refs.describe('none: no refs; only: no definition'),
      role: findRequest.shape.role.describe('Only these roles'),
      refsIn: findRequest.shape.refsIn.describe('Only refs in path/glob'),
      refsNotIn: findRequest.shape.refsNotIn.describe('No refs in path/glob'),
      group: findRequest.shape.group.describe('Counts per file or symbol'),
      snippet,
      limit: limit.describe('Max refs/groups, candidates'),
      maxTokens,
    },
    route: 'find',
    body: ({ query, kind, in: scope, exact, refs, role, refsIn, refsNotIn, group, snippet, limit }) =>
      requestBody('find', { query, kind, limit, in: scope, exact, refs, role, refsIn, refsNotIn, group, snippet }),
  }),
  tool({
    name: 'cn_inspect',
    description: 'Source of the declaration around each id (or path:line), and ids of the symbols it uses.',
    input: {
      ids: inspectManyRequest.shape.ids.min(1).describe('One id: {result}; more: {results, failures}'),
      expand: inspectRequest.shape.expand.describe(
        'block: the enclosing block (default); declaration: its function or method; surround: lines around',
      ),
      context: inspectRequest.shape.context.describe('Lines either side for surround (default 5)'),
      code: inspectRequest.shape.code.describe("false: only each block's line range (no code)"),
      limit: inspectManyRequest.shape.limit.describe('Max blocks'),
      maxTokens,
    },
    route: 'inspect',
    // `cn inspect <id>` keeps the single-result answer; several ids (or a limit) get the list, in
    // as many requests as the daemon's body limit needs, as `cn inspect -` sends them.
    call: ({ ids, expand, context, code, limit }, { daemon }) =>
      ids.length === 1 && limit === undefined
        ? daemon.call('inspect', requestBody('inspect', { id: ids[0], expand, context, code }))
        : inspectInBatches(requestBody('inspect', { ids, expand, context, code, limit }), (batch) =>
            daemon.call('inspect', batch),
          ),
  }),
  tool({
    name: 'cn_status',
    description: "The project's daemon: running, pid, state, versions. Does not start it.",
    input: {},
    route: 'status',
    // Like `cn status`: report "not running" rather than start a daemon to ask it.
    call: async (_input, { root, daemon }) => {
      const running = await findRunningDaemon(root);
      return running ? daemon.call('status', undefined, running) : { running: false, root };
    },
  }),
];
