/** Every request and answer type, and nothing else: what core re-exports (type-only) to its users. */
export type * from './shared.js';
export type * from './find.js';
export type * from './other-matches.js';
export type * from './map.js';
export type * from './inspect.js';
export type * from './overview.js';
export type * from './status.js';
export type * from './graph.js';
export type * from './calls.js';
export type * from './impact.js';
export type * from './impl.js';
export type * from './type.js';
export type * from './deps.js';
export type * from './diagnostics.js';
export type * from './unused.js';
export type * from './search.js';
export type * from './reference-roles.js';
