import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { looksLikeTarget, type FindResponse, type InspectResponse, type MapResponse, type StatusResponse } from '@cn/core';
import { ConnectionFailure, connectOrStart, findRunningDaemon, sleep } from './connection/daemon-connection.js';
import { httpCall } from './connection/http-call.js';
import { CliError, EXIT } from './exit-codes.js';
import { findText, inspectText, mapText, statusText } from './format/text.js';

export interface Context {
  root: string;
  cwd: string;
  format: 'json' | 'text';
  timeoutMs: number;
}

export interface Outcome {
  output: string;
  exitCode: number;
}

/** One request to the root's daemon, starting it if needed; retried once if the daemon vanished. */
async function request<T>(context: Context, method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
  const endpoint = await connectOrStart(context.root);
  try {
    return await httpCall<T>(endpoint, method, route, body, context.timeoutMs);
  } catch (error) {
    if (!(error instanceof ConnectionFailure)) throw error;
    return httpCall<T>(await connectOrStart(context.root), method, route, body, context.timeoutMs);
  }
}

function render<T>(context: Context, response: T, text: (response: T) => string, exitCode: number = EXIT.ok): Outcome {
  return { output: context.format === 'text' ? text(response) : JSON.stringify(response), exitCode };
}

export async function mapCommand(context: Context, file: string): Promise<Outcome> {
  const response = await request<MapResponse>(context, 'POST', '/map', { file: userFile(context, file) });
  return render(context, response, mapText, response.symbols.length > 0 ? EXIT.ok : EXIT.nothingFound);
}

export async function findCommand(context: Context, query: string, options: { kind?: string; limit?: number }): Promise<Outcome> {
  const body = { query: looksLikeTarget(query) ? rootRelativeTarget(context, query) : query, ...options };
  const response = await request<FindResponse>(context, 'POST', '/find', body);
  const found = response.definition !== null || response.references.length > 0;
  return render(context, response, findText, found ? EXIT.ok : EXIT.nothingFound);
}

export async function inspectCommand(context: Context, id: string, options: { expand?: string; context?: number }): Promise<Outcome> {
  const response = await request<InspectResponse>(context, 'POST', '/inspect', { id: rootRelativeTarget(context, id), ...options });
  return render(context, response, inspectText);
}

export async function startCommand(context: Context): Promise<Outcome> {
  const response = await request<StatusResponse>(context, 'GET', '/ready');
  return render(context, response, statusText);
}

export async function statusCommand(context: Context): Promise<Outcome> {
  const running = await findRunningDaemon(context.root);
  if (!running) return render(context, { running: false as const, root: context.root }, statusText, EXIT.nothingFound);
  const response = await httpCall<StatusResponse>(running, 'GET', '/status', undefined, context.timeoutMs);
  return render(context, response, statusText);
}

export async function stopCommand(context: Context): Promise<Outcome> {
  const running = await findRunningDaemon(context.root);
  if (!running) {
    return render(context, { stopped: false, running: false, root: context.root }, () => `cn daemon  not running  (root ${context.root})`);
  }
  await httpCall(running, 'POST', '/shutdown', {}, context.timeoutMs);
  // Stopping is done when the process is gone, so a following `cn start` cannot meet the old one.
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && isAlive(running.pid)) await sleep(50);
  if (isAlive(running.pid)) throw new CliError('unavailable', `daemon pid ${running.pid} did not exit within 10 s`, `kill ${running.pid}`);
  return render(context, { stopped: true, pid: running.pid, root: context.root }, () => `cn daemon  stopped  (pid ${running.pid})`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A file named on the command line is relative to the working directory when that is inside the
 * root, else to the root; whichever exists wins, so root-relative paths pasted from cn output work
 * from a subdirectory too.
 */
function userFile(context: Context, file: string): string {
  const fromCwd = path.resolve(context.cwd, file);
  const fromRoot = path.resolve(context.root, file);
  const cwdInsideRoot = !path.relative(context.root, context.cwd).startsWith('..');
  const preferred = cwdInsideRoot ? [fromCwd, fromRoot] : [fromRoot, fromCwd];
  return preferred.find((candidate) => existsSync(candidate)) ?? preferred[0];
}

/**
 * Ids cn prints are root-relative; `rg -n` output run from a subdirectory is relative to the
 * working directory. Send whichever names an existing file, root-relative.
 */
function rootRelativeTarget(context: Context, id: string): string {
  const prefix = id.startsWith('ref::') ? 'ref::' : '';
  const body = id.slice(prefix.length);
  const separator = body.includes('::') ? '::' : ':';
  const cut = body.indexOf(separator);
  if (cut <= 0) return id;
  const file = body.slice(0, cut);
  if (existsSync(path.resolve(context.root, file))) return id;
  const fromCwd = path.resolve(context.cwd, file);
  if (!existsSync(fromCwd)) return id;
  const relative = path.relative(context.root, fromCwd).split(path.sep).join('/');
  return `${prefix}${relative}${body.slice(cut)}`;
}
