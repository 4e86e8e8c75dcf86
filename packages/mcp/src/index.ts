import { escapeControls, type CnError } from '@cn/core';
import { BoundedStdioTransport } from './bounded-stdio-transport.js';
import { DaemonTransport } from './daemon-transport.js';
import { buildMcpServer, type Project } from './server.js';
import { trackUnanswered } from './unanswered-requests.js';

export { buildMcpServer, type Project } from './server.js';
export { DaemonTransport } from './daemon-transport.js';
export { TOOLS, type CnTool, type ToolContext } from './tool-table.js';

export interface McpOptions {
  /** The resolved project root, or the error resolving it gave (reported by every tool). */
  root: string | CnError;
  timeoutMs: number;
}

/** stdout carries only the protocol; everything else goes to stderr, which MCP clients log (one line each). */
function log(line: string): void {
  process.stderr.write(`cn mcp: ${escapeControls(line)}\n`);
}

/**
 * `cn mcp`: serves MCP over stdio until the client closes stdin. The daemon is found or started
 * on the first tool call and left running when the server exits — it belongs to the project root
 * and is shared with the CLI and other MCP servers; its idle timer stops it.
 */
export async function runMcpServer(options: McpOptions): Promise<void> {
  const project: Project =
    typeof options.root === 'string'
      ? { root: options.root, daemon: new DaemonTransport(options.root, options.timeoutMs, log) }
      : { error: options.root };
  log('error' in project ? `${project.error.message}; every tool will report this` : `serving ${project.root}`);

  const server = buildMcpServer(project);
  const transport = new BoundedStdioTransport(log);
  const closed = new Promise<void>((resolve) => {
    const finish = () => resolve();
    // The SDK does not notice a closed stdin by itself; the client closing it is our signal to go.
    process.stdin.once('end', finish);
    process.stdin.once('close', finish);
    transport.onclose = finish;
  });
  await server.connect(transport);
  const unanswered = trackUnanswered(transport);
  await closed;
  await unanswered.settled();
  await server.close().catch(() => undefined);
  if ('daemon' in project) await project.daemon.close();
}
