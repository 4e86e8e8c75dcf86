import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { CnError, checkRequestBodySize } from '@cn/core';
import { CN_VERSION, type AnswerOf, type RequestOf, type RouteName } from '@cn/protocol';
import type { DaemonTransport } from './daemon-transport.js';
import { listTools } from './tool-list.js';
import { TOOLS, type CnTool, type ToolContext } from './tool-table.js';

/** Read once by the agent at initialize; the tool descriptions carry the rest. */
const INSTRUCTIONS =
  'cn answers TypeScript/JavaScript code questions from the compiler, shared with the cn CLI. ' +
  'cn_overview for the layout, cn_map a file or cn_find a symbol for ids, cn_inspect ids for code. ' +
  'Paths are relative to the project root; every answer carries ids any cn tool accepts.';

/**
 * The project the server answers for, or why it cannot: a bad --root does not stop the server (the
 * agent would only see "server failed"); every tool reports it instead.
 */
export type Project = { root: string; daemon: DaemonTransport } | { error: CnError };

export function buildMcpServer(project: Project, tools: CnTool[] = TOOLS): McpServer {
  const server = new McpServer({ name: 'cn', version: CN_VERSION }, { instructions: INSTRUCTIONS });
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      { description: tool.description, inputSchema: z.object(tool.input) },
      (input: Record<string, unknown>) => callTool(tool, input, project),
    );
  }
  // Replaces the SDK's listing (registered with the first tool) by the leaner one.
  server.server.setRequestHandler(ListToolsRequestSchema, () => listTools(tools));
  return server;
}

async function callTool(tool: CnTool, input: Record<string, unknown>, project: Project): Promise<CallToolResult> {
  try {
    if ('error' in project) throw project.error;
    const context: ToolContext = project;
    const answer = tool.call ? await tool.call(input, context) : await forward(tool, input, context);
    // The answer came from the tool's own route (or its call, which answers as that route does).
    const result = tool.after ? tool.after(answer as AnswerOf<RouteName>, input) : answer;
    return {
      content: [{ type: 'text', text: JSON.stringify(result) }],
      structuredContent: result as Record<string, unknown>,
    };
  } catch (error) {
    return { content: [{ type: 'text', text: errorLine(error) }], isError: true };
  }
}

function forward(tool: CnTool, input: Record<string, unknown>, context: ToolContext): Promise<unknown> {
  const body = tool.body ? tool.body(input, context) : input;
  checkRequestBodySize(body);
  // The tool's shape is the route's request fields, so the arguments (or what body made of them) are its body.
  return context.daemon.call(tool.route, body as RequestOf<RouteName>);
}

/**
 * The line `cn` prints on stderr, without its `cn: ` prefix: the same message and hint whether an
 * agent asked through the CLI or through MCP.
 */
export function errorLine(error: unknown): string {
  if (isCnError(error)) return `${error.message}${error.hint ? ` (${error.hint})` : ''}`;
  const message = error instanceof Error ? error.message : String(error);
  return `unexpected failure: ${message.split('\n')[0]}`;
}

/** By shape too: the bundled CLI hands over errors made by its own inlined copy of @cn/core. */
function isCnError(error: unknown): error is CnError {
  return error instanceof CnError || (error instanceof Error && error.name === 'CnError' && 'kind' in error);
}
