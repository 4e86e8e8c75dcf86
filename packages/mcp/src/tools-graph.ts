import { z } from 'zod';
import { CnError, MAX_CALL_TARGETS, MAX_DEPTH, fitImpl, type DiagnosticsResponse } from '@cn/core';
import { absolute, depth, direction, exact, kind, limit, scope, maxTokens, target, tool, type ToolContext } from './tool.js';

/** Files per request when checking the whole project, as the CLI pages (no request runs into the timeout). */
const DIAGNOSTICS_PAGE = 100;

/** The tools that follow the compiler's graph: calls, implementations, types, imports, errors. */
export const GRAPH_TOOLS = [
  tool({
    name: 'cn_calls',
    description:
      'Call graph of functions or methods: callers (in), callees (out) or both. Only calls and new count; a caller is the innermost named function or <module> (id: file path) for top-level code. A file as target: the calls at its top level.',
    input: {
      target: target.describe('Symbol name, Container.member, id, or a file (its top-level calls)'),
      targets: z.array(z.string().min(1)).max(MAX_CALL_TARGETS - 1).optional().describe('More targets, answered in the same graph'),
      direction: direction('in'),
      depth,
      kind,
      in: scope,
      exact,
      refsIn: z.string().optional().describe('Only callers in files under this path or glob'),
      refsNotIn: z.string().optional().describe('No callers in files under this path or glob, e.g. **/*.test.ts'),
      limit: limit.describe('At most this many edges'),
      maxTokens,
    },
    method: 'POST',
    route: '/calls',
  }),
  tool({
    name: 'cn_impl',
    description:
      'Type hierarchy of a class or interface: subtypes/implementers at every level in every project (sub, default), what it extends and implements (super), or both; for a member, the members implementing it. Says projects searched and complete.',
    input: {
      target,
      kind,
      in: scope,
      exact,
      direction: z.enum(['sub', 'super', 'both']).optional().describe('Default sub'),
      depth: z.number().int().min(1).max(MAX_DEPTH).optional().describe(`Levels to follow (default ${MAX_DEPTH}: every level)`),
      limit: limit.describe('At most this many entries, nearest first'),
      maxTokens,
    },
    method: 'POST',
    route: '/impl',
    body: ({ target, kind, in: within, exact, direction, depth, limit }) => ({ target, kind, in: within, exact, direction, depth, limit }),
    after: (response, { maxTokens }) => (maxTokens === undefined ? response : fitImpl(response, maxTokens)),
  }),
  tool({
    name: 'cn_type',
    description: 'Signature and doc comment of a symbol (hover), and where its type is declared.',
    input: { target, kind, in: scope, exact },
    method: 'POST',
    route: '/type',
  }),
  tool({
    name: 'cn_deps',
    description: 'Import graph of a file: its imports (out), its importers (in) or both; or orphans: files nothing imports.',
    input: {
      file: z.string().min(1).optional().describe('Path relative to the project root'),
      direction: direction('out'),
      depth,
      orphans: z.boolean().optional().describe('List files nothing imports instead (no file)'),
    },
    method: 'POST',
    route: '/deps',
    call: ({ file, direction, depth, orphans }, { root, daemon }) => {
      if (orphans) {
        if (file !== undefined) throw new CnError('bad-input', 'orphans takes no file', 'leave out file');
        return daemon.request('POST', '/deps/orphans', {});
      }
      if (file === undefined) throw new CnError('bad-input', 'no file given', 'pass a file, or orphans: true');
      return daemon.request('POST', '/deps', { file: absolute(root, file), direction, depth });
    },
  }),
  tool({
    name: 'cn_diagnostics',
    description: 'Type errors and warnings of some files, or of the whole project.',
    input: { files: z.array(z.string().min(1)).optional().describe('Paths relative to the root (default: every file)') },
    method: 'POST',
    route: '/diagnostics',
    call: ({ files }, context) =>
      files !== undefined && files.length > 0
        ? context.daemon.request('POST', '/diagnostics', { files: files.map((file) => absolute(context.root, file)) })
        : wholeProject(context),
  }),
];

/** Pages through the project exactly as `cn diagnostics` does, merging into its one answer. */
async function wholeProject({ daemon }: ToolContext): Promise<DiagnosticsResponse> {
  const merged: DiagnosticsResponse = { diagnostics: [], filesChecked: 0, totalFiles: 0 };
  let offset: number | undefined = 0;
  while (offset !== undefined) {
    const page: DiagnosticsResponse = await daemon.request<DiagnosticsResponse>('POST', '/diagnostics', { offset, limit: DIAGNOSTICS_PAGE });
    merged.diagnostics.push(...page.diagnostics);
    merged.filesChecked += page.filesChecked;
    merged.totalFiles = page.totalFiles;
    offset = page.nextOffset;
  }
  return merged;
}
