export { startTypeScriptEngine } from './typescript-engine.js';
export type { EngineOptions, TypeScriptEngine } from './typescript-engine.js';
export { LazyImportGraph } from './navigation/lazy-import-graph.js';
export type { TsImportGraph } from './navigation/import-graph.js';
export { stampOf, statWithStamp } from './file-stamp.js';
export type { FileStamp } from './file-stamp.js';
export { LazyTypeSyntax } from './navigation/lazy-type-syntax.js';
export { LazyReferenceSyntax } from './navigation/lazy-reference-syntax.js';
export { treeMemory } from './process-memory.js';
