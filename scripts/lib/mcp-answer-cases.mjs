// The tool calls scripts/mcp-tools-tokens.mjs --answers measures: per corpus, one typical question per
// tool (the ones an agent asks first), with arguments that exist in that corpus.

export const ANSWER_CASES = {
  // examples/shop, copied to a temporary directory.
  shop: [
    ['cn_overview', {}],
    ['cn_map', { file: 'src/domain/user.ts' }],
    ['cn_find', { query: 'User' }],
    ['cn_find', { query: 'User', refs: 'none', snippet: 'fold' }],
    ['cn_inspect', { ids: ['src/domain/user.ts::19::3'] }],
    ['cn_calls', { target: 'User.placeOrder' }],
    ['cn_impact', { target: 'User.placeOrder' }],
    ['cn_impl', { target: 'UserRepository' }],
    ['cn_type', { target: 'isStaff' }],
    ['cn_deps', { file: 'src/domain/user.ts', direction: 'in' }],
    ['cn_diagnostics', {}],
    ['cn_unused', {}],
    ['cn_status', {}],
  ],
  // rxjs 7.8.2 from the npm registry (scripts/bench's cache).
  rxjs: [
    ['cn_overview', {}],
    ['cn_map', { file: 'src/internal/Observable.ts' }],
    ['cn_find', { query: 'Observable' }],
    ['cn_find', { query: 'Observable.subscribe', refs: 'none', snippet: 'fold' }],
    ['cn_inspect', { ids: ['src/internal/Observable.ts:204'] }],
    ['cn_calls', { target: 'map', kind: 'function' }],
    ['cn_impact', { target: 'src/internal/util/pipe.ts' }],
    ['cn_impl', { target: 'Subscriber', kind: 'class' }],
    ['cn_type', { target: 'map', kind: 'function' }],
    ['cn_deps', { file: 'src/internal/Observable.ts', direction: 'in' }],
    ['cn_diagnostics', { files: ['src/internal/Observable.ts'] }],
    ['cn_unused', { path: 'src/internal/util' }],
    ['cn_status', {}],
  ],
  // honojs/hono at the agent eval's pinned commit (scripts/agent-eval/corpus.mjs).
  hono: [
    ['cn_overview', {}],
    ['cn_map', { file: 'src/hono-base.ts' }],
    ['cn_find', { query: 'Context', kind: 'class' }],
    ['cn_find', { query: 'compose', refs: 'none', snippet: 'fold' }],
    ['cn_inspect', { ids: ['src/compose.ts:10'] }],
    ['cn_calls', { target: 'compose', kind: 'function' }],
    ['cn_impact', { target: 'compose', kind: 'function' }],
    ['cn_impl', { target: 'Router', kind: 'interface' }],
    ['cn_type', { target: 'compose', kind: 'function' }],
    ['cn_deps', { file: 'src/hono-base.ts', direction: 'in' }],
    ['cn_diagnostics', { files: ['src/hono-base.ts'] }],
    ['cn_unused', { path: 'src/utils' }],
    ['cn_status', {}],
  ],
};
