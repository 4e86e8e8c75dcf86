import { z } from 'zod';
import { CnError, limitListItems } from '@cn/core';
import { MAX_DEPTH, allDiagnostics, requestBody } from '@cn/protocol';
import {
  callsRequest,
  checkRequest,
  depsRequest,
  diagnosticsRequest,
  impactRequest,
  implRequest,
  renameRequest,
} from '@cn/protocol/schemas';
import { absolute, depth, direction, exact, file, kind, limit, scope, maxTokens, target, tool } from './tool.js';

/** The tools that follow the compiler's graph: calls, implementations, types, imports, errors. */
export const GRAPH_TOOLS = [
  tool({
    name: 'cn_calls',
    description:
      'Callers (in), callees (out) or both; calls and new only; top-level code is <module> (id: the file; a file asked: its calls).',
    input: {
      target: target.describe('Name, Container.member, id or file'),
      targets: callsRequest.shape.targets.describe('More targets, same graph'),
      direction: direction('in'),
      depth,
      kind,
      in: scope,
      exact,
      refsIn: callsRequest.shape.refsIn.describe('Only callers in path/glob'),
      refsNotIn: callsRequest.shape.refsNotIn.describe('No callers in path/glob, e.g. **/*.test.ts'),
      limit: limit.describe('Max edges'),
      maxTokens,
    },
    route: 'calls',
  }),
  tool({
    name: 'cn_impact',
    description: 'Files calling or importing a symbol or git-changed code.',
    input: {
      target: impactRequest.shape.target.describe('Name, id, file'),
      kind,
      in: scope,
      exact,
      since: impactRequest.shape.since.describe('Git ref'),
      depth: impactRequest.shape.depth.describe('Default 1'),
      refsIn: impactRequest.shape.refsIn.describe('Only files in path/glob'),
      refsNotIn: impactRequest.shape.refsNotIn.describe('No files in path/glob'),
      limit: limit.describe('Max files'),
      maxTokens,
    },
    route: 'impact',
  }),
  tool({
    name: 'cn_impl',
    description:
      'Subtypes and implementers at every level (sub), supertypes (super) or both; a member: its implementations; a file: its types.',
    input: {
      target,
      kind,
      in: scope,
      exact,
      direction: implRequest.shape.direction.describe('Default sub'),
      depth: implRequest.shape.depth.describe(`Default ${MAX_DEPTH}: every level`),
      limit: limit.describe('Max entries, nearest first'),
      maxTokens,
    },
    route: 'impl',
    body: ({ target, kind, in: within, exact, direction, depth, limit }) =>
      requestBody('impl', { target, kind, in: within, exact, direction, depth, limit }),
  }),
  tool({
    name: 'cn_type',
    description: 'Signature and doc comment of a symbol (hover), and where its type is declared.',
    // One symbol: no limit; a long doc comment is what maxTokens drops.
    input: { target, kind, in: scope, exact, maxTokens },
    route: 'type',
  }),
  tool({
    name: 'cn_rename',
    description: 'Rename a symbol everywhere as the compiler does. Preview (writes nothing) unless apply.',
    input: {
      target,
      newName: renameRequest.shape.newName.min(1).describe('One identifier'),
      apply: renameRequest.shape.apply.describe('Write every file or none'),
      ifUnchanged: renameRequest.shape.ifUnchanged.describe("A preview's fingerprint"),
      kind,
      in: scope,
      exact,
    },
    route: 'rename',
    writes: true,
  }),
  tool({
    name: 'cn_deps',
    description: "A file's imports (out), importers (in) or both; or orphans: files nothing imports.",
    input: {
      file: depsRequest.shape.file.min(1).optional().describe('Root-relative path'),
      direction: direction('out'),
      depth,
      orphans: z.boolean().optional().describe('Files nothing imports (no file)'),
      refsIn: depsRequest.shape.refsIn.describe('Only importers in path/glob'),
      refsNotIn: depsRequest.shape.refsNotIn.describe('No importers in path/glob'),
      limit: limit.describe('Max edges (orphans: files)'),
      maxTokens,
    },
    route: 'deps',
    call: ({ file, direction, depth, orphans, refsIn, refsNotIn, limit }, { root, daemon }) => {
      if (orphans) {
        if (file !== undefined) throw new CnError('bad-input', 'orphans takes no file', 'leave out file');
        return daemon.call('orphans', requestBody('orphans', { limit }));
      }
      if (file === undefined) throw new CnError('bad-input', 'no file given', 'pass a file, or orphans: true');
      return daemon.call(
        'deps',
        requestBody('deps', { file: absolute(root, file), direction, depth, refsIn, refsNotIn, limit }),
      );
    },
  }),
  tool({
    name: 'cn_diagnostics',
    description: 'Type errors and warnings of some files or directories, or of the project.',
    input: {
      files: diagnosticsRequest.shape.files.describe('Root-relative files or directories (default: all)'),
      // Not the route's page size: the CLI's --limit, a cut of the assembled answer.
      limit: limit.describe('Max diagnostics'),
      maxTokens,
    },
    route: 'diagnostics',
    // Paged exactly as `cn diagnostics` pages it: a directory can hold the whole project.
    call: async ({ files, limit }, { root, daemon }) => {
      const named = files !== undefined && files.length > 0 ? files.map((file) => absolute(root, file)) : undefined;
      const checked = await allDiagnostics((page) =>
        daemon.call('diagnostics', { ...(named ? { files: named } : {}), ...page }),
      );
      return limitListItems(checked, 'diagnostics', limit);
    },
  }),
  tool({
    name: 'cn_check',
    description: 'Errors of file with content as its text (unsaved), and of its importers; new ones marked.',
    input: { file, content: checkRequest.shape.content.describe('New text') },
    route: 'check',
    // A body over the daemon's 64 KB is refused before it is sent (server.ts, checkRequestBodySize), as for every tool.
    body: ({ file, content }, { root }) => ({ file: absolute(root, file), content }),
  }),
];
