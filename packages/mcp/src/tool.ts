import * as path from 'node:path';
import { z } from 'zod';
import { MAX_DEPTH } from '@cn/core';
import type { DaemonTransport } from './daemon-transport.js';

/** What a tool needs besides its arguments. */
export interface ToolContext {
  root: string;
  daemon: DaemonTransport;
}

/**
 * One MCP tool = one entry: its name, what an agent reads about it, its arguments, and the daemon
 * route it forwards to. The result is the route's JSON answer, shaped exactly as `cn <command>
 * --format json` prints it for the same arguments, so CLI, HTTP and MCP cannot drift apart.
 */
export interface CnTool<Shape extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  description: string;
  input: Shape;
  method: 'GET' | 'POST';
  route: string;
  /** The request body from the arguments, as the CLI builds it; absent means the arguments are the body. */
  body?: (input: Args<Shape>, context: ToolContext) => unknown;
  /** What the CLI does to the answer before printing it (the --max-tokens cut is made client-side). */
  after?: (response: any, input: Args<Shape>) => unknown;
  /** Replaces the plain forward when the CLI makes more than one request (status, deps --orphans, diagnostics). */
  call?: (input: Args<Shape>, context: ToolContext) => Promise<unknown>;
}

type Args<Shape extends z.ZodRawShape> = z.infer<z.ZodObject<Shape>>;

/** Keeps each entry's callbacks typed by its own shape while the table holds them all. */
export function tool<Shape extends z.ZodRawShape>(entry: CnTool<Shape>): CnTool {
  return entry as unknown as CnTool;
}

/** The CLI resolves file arguments to absolute paths; so does MCP (against the root: an agent has no cwd). */
export function absolute(root: string, file: string): string {
  return path.resolve(root, file);
}

// Argument fields several tools share, so each reads the same everywhere (and costs its tokens once per use).
export const file = z.string().min(1).describe('Path relative to the project root');
export const target = z.string().min(1).describe('Symbol name, Container.member, or id');
export const kind = z.string().optional().describe('Only this kind: class, interface, function, method, variable, …');
/** Narrow a target given as a name, as cn_find does (kind above, scope and exactness here). */
export const scope = z.string().optional().describe('Only declarations under this root-relative path or glob');
export const exact = z.boolean().optional().describe('Only names equal to the target');
export const limit = z.number().int().min(1).optional();
export const maxTokens = z.number().int().min(20).optional().describe('Shrink the answer to about this many tokens');
export const snippet = z.enum(['fold', 'preview', 'full']).optional().describe("Add code: fold (signature), preview, full");
export const direction = (fallback: 'in' | 'out') => z.enum(['in', 'out', 'both']).optional().describe(`Default ${fallback}`);
export const depth = z.number().int().min(1).max(MAX_DEPTH).optional().describe('Steps to follow (default 1)');
