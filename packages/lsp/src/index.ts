export { startTypeScriptEngine } from './typescript-engine.js';
export type { EngineOptions, TypeScriptEngine } from './typescript-engine.js';
export { TsImportGraph } from './navigation/import-graph.js';
