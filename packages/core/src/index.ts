export * from './domain/errors.js';
export * from './domain/location.js';
export * from './domain/symbols.js';
export type * from './ports/code-intelligence.js';
export type * from './ports/source-files.js';
