import * as path from 'node:path';
import type { z } from 'zod';
import type { PresentedCommand } from '@cn/core';
import type { RouteName } from '@cn/protocol';
import { callsRequest, findRequest, implRequest, mapRequest } from '@cn/protocol/schemas';
import type { DaemonTransport } from './daemon-transport.js';

/** What a tool needs besides its arguments. */
export interface ToolContext {
  root: string;
  daemon: DaemonTransport;
}

/** The routes a tool answers as: each is also a CLI command with a presenter (@cn/core's PRESENTERS). */
export type ToolRoute = RouteName & PresentedCommand;

/**
 * One MCP tool = one entry: its name, what an agent reads about it, its arguments, and the daemon
 * route it forwards to. The answer is the route's, printed as `cn <command> --format <format>` prints
 * it for the same arguments (the server adds `format` to every tool, and applies `maxTokens`), so CLI,
 * HTTP and MCP cannot drift apart. The arguments are the route's request fields (@cn/protocol/schemas),
 * described for an agent.
 */
export interface CnTool<Shape extends z.ZodRawShape = z.ZodRawShape, Route extends ToolRoute = ToolRoute> {
  name: string;
  description: string;
  input: Shape;
  route: Route;
  /**
   * The request body from the arguments, as the CLI builds it (requestBody); absent means the arguments are the body.
   */
  body?: (input: Args<Shape>, context: ToolContext) => unknown;
  /** Replaces the plain forward when the CLI makes more than one request (status, deps --orphans, diagnostics). */
  call?: (input: Args<Shape>, context: ToolContext) => Promise<unknown>;
  /** It may write into the project (cn_rename with `apply`): not announced as read-only. */
  writes?: true;
  /** The budget the answer is cut to, from the `maxTokens` asked (overview: a default, and 0 for none). */
  budget?: (maxTokens: number | undefined) => number | undefined;
}

type Args<Shape extends z.ZodRawShape> = z.infer<z.ZodObject<Shape>>;

/** Keeps each entry's callbacks typed by its own shape and route while the table holds them all. */
export function tool<Shape extends z.ZodRawShape, Route extends ToolRoute>(entry: CnTool<Shape, Route>): CnTool {
  return entry as unknown as CnTool;
}

/** The CLI resolves file arguments to absolute paths; so does MCP (against the root: an agent has no cwd). */
export function absolute(root: string, file: string): string {
  return path.resolve(root, file);
}

// Argument fields several tools share, so each reads the same everywhere (and costs its tokens once per use).
export const file = mapRequest.shape.file.min(1).describe('Root-relative path');
export const target = implRequest.shape.target.min(1).describe('Name, Container.member or id');
export const kind = findRequest.shape.kind.describe('class, function, method …');
/** Narrow a target given as a name, as cn_find does (kind above, scope and exactness here). */
export const scope = implRequest.shape.in.describe('Only declarations in path/glob');
export const exact = implRequest.shape.exact.describe('Only the exact name');
export const limit = findRequest.shape.limit;
/** Not sent: the cut is made on the answer, measured as printed (as the CLI does), hence the higher floor. */
export const maxTokens = findRequest.shape.maxTokens.unwrap().min(20).optional().describe('Token budget');
export const snippet = findRequest.shape.snippet.describe('Add code: fold (signature), preview, full');
export const direction = (fallback: 'in' | 'out') => callsRequest.shape.direction.describe(`Default ${fallback}`);
export const depth = callsRequest.shape.depth.describe('Steps to follow (default 1)');
