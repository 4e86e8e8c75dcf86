/** @cn/protocol's zod schemas: for the daemon (validation, serialization) and the MCP server (tool inputs). */
export * from './shared.js';
export * from './find.js';
export * from './map.js';
export * from './inspect.js';
export * from './overview.js';
export * from './status.js';
export * from './graph.js';
export * from './calls.js';
export * from './impact.js';
export * from './impl.js';
export * from './type.js';
export * from './deps.js';
export * from './diagnostics.js';
export * from './unused.js';
export * from './search.js';
export * from './route-schemas.js';
export * from './json-schema.js';
