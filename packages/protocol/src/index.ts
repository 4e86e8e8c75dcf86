/**
 * @cn/protocol without zod: the route table, transport constants, limits and request building, plus
 * every request and answer type (type-only, erased from the CLI's bundle). The schemas themselves are
 * in '@cn/protocol/schemas', for the daemon and the MCP server.
 */
export * from './routes.js';
export * from './transport.js';
export * from './limits.js';
export * from './reference-roles.js';
export * from './request-body.js';
export * from './version.js';
export type * from './types.js';
