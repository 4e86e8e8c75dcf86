// Everything the graph commands add to @cn/core, re-exported from index.ts in one line.
export type * from '../ports/navigation.js';
export type * from '../ports/import-graph.js';
export type * from '../ports/type-syntax.js';
export type * from '../ports/change-history.js';
export { compareIds } from './graph-builder.js';
export { MAX_DEPTH, MAX_GRAPH_NODES, checkDirection } from './graph-options.js';
export { MODULE_NODE_NAME, looksLikeFilePath } from './module-items.js';
export { projectFilesInRoot } from './import-index.js';
export * from '../usecases/trace-calls.js';
export { fitCalls } from '../output/graph-budget.js';
export { checkHierarchyDirection, findImplementations } from '../usecases/find-implementations.js';
export * from '../usecases/describe-type.js';
export * from '../usecases/rename-symbol.js';
export * from '../usecases/file-deps.js';
export * from '../usecases/list-diagnostics.js';
export * from '../output/fit-impl.js';
export * from '../usecases/impact.js';
export { fitImpact } from '../output/impact-budget.js';
