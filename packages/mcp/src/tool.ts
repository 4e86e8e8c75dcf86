import * as path from 'node:path';
import type { z } from 'zod';
import type { AnswerOf, RouteName } from '@cn/protocol';
import { callsRequest, findRequest, implRequest, mapRequest } from '@cn/protocol/schemas';
import type { DaemonTransport } from './daemon-transport.js';

/** What a tool needs besides its arguments. */
export interface ToolContext {
  root: string;
  daemon: DaemonTransport;
}

/**
 * One MCP tool = one entry: its name, what an agent reads about it, its arguments, and the daemon
 * route it forwards to. The result is the route's JSON answer, shaped exactly as `cn <command>
 * --format json` prints it for the same arguments, so CLI, HTTP and MCP cannot drift apart. The
 * arguments are the route's request fields (@cn/protocol/schemas), described for an agent.
 */
export interface CnTool<Shape extends z.ZodRawShape = z.ZodRawShape, Route extends RouteName = RouteName> {
  name: string;
  description: string;
  input: Shape;
  route: Route;
  /**
   * The request body from the arguments, as the CLI builds it (requestBody); absent means the arguments are the body.
   */
  body?: (input: Args<Shape>, context: ToolContext) => unknown;
  /** What the CLI does to the answer before printing it (the --max-tokens cut is made client-side). */
  after?: (response: AnswerOf<Route>, input: Args<Shape>) => unknown;
  /** Replaces the plain forward when the CLI makes more than one request (status, deps --orphans, diagnostics). */
  call?: (input: Args<Shape>, context: ToolContext) => Promise<unknown>;
}

type Args<Shape extends z.ZodRawShape> = z.infer<z.ZodObject<Shape>>;

/** Keeps each entry's callbacks typed by its own shape and route while the table holds them all. */
export function tool<Shape extends z.ZodRawShape, Route extends RouteName>(entry: CnTool<Shape, Route>): CnTool {
  return entry as unknown as CnTool;
}

/** The CLI resolves file arguments to absolute paths; so does MCP (against the root: an agent has no cwd). */
export function absolute(root: string, file: string): string {
  return path.resolve(root, file);
}

// Argument fields several tools share, so each reads the same everywhere (and costs its tokens once per use).
export const file = mapRequest.shape.file.min(1).describe('Root-relative path');
export const target = implRequest.shape.target.min(1).describe('Symbol name, Container.member, or id');
export const kind = findRequest.shape.kind.describe('class, interface, function, method, …');
/** Narrow a target given as a name, as cn_find does (kind above, scope and exactness here). */
export const scope = implRequest.shape.in.describe('Only declarations in path/glob');
export const exact = implRequest.shape.exact.describe('Only names equal to the target');
export const limit = findRequest.shape.limit;
/** Not sent: the cut is made on the answer, measured as printed (as the CLI does), hence the higher floor. */
export const maxTokens = findRequest.shape.maxTokens
  .unwrap()
  .min(20)
  .optional()
  .describe('Shrink to about this many tokens');
export const snippet = findRequest.shape.snippet.describe('Add code: fold (signature), preview, full');
export const direction = (fallback: 'in' | 'out') => callsRequest.shape.direction.describe(`Default ${fallback}`);
export const depth = callsRequest.shape.depth.describe('Steps to follow (default 1)');
