import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import {
  CnError,
  MCP_VOICE,
  checkRequestBodySize,
  errorLine,
  presentAnswer,
  type AnswerFormat,
  type PresentedAnswer,
} from '@cn/core';
import { CN_VERSION, type RequestOf, type RouteName } from '@cn/protocol';
import type { DaemonTransport } from './daemon-transport.js';
import { registerGuide } from './guide.js';
import { DEFAULT_TOOL_FORMAT, toolShape } from './tool-format.js';
import { listTools } from './tool-list.js';
import { TOOLS, type CnTool, type ToolContext } from './tool-table.js';

/** Read once by the agent at initialize; the tool descriptions carry the rest. */
const INSTRUCTIONS =
  'cn answers TypeScript/JavaScript code questions from the compiler, shared with the cn CLI. ' +
  'cn_overview for the layout, cn_map a file or cn_find a symbol for ids, cn_inspect ids for code. ' +
  'Paths are relative to the project root; every answer carries ids any cn tool accepts. ' +
  `Answers are ${DEFAULT_TOOL_FORMAT} text (one line per result); format json gives the full object, ids one id a line, ` +
  'tree a graph as a tree, names (cn_map) each name once. The guide resource has a recipe per question.';

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
      { description: tool.description, inputSchema: z.object(toolShape(tool)) },
      (input: Record<string, unknown>) => callTool(tool, input, project),
    );
  }
  // Replaces the SDK's listing (registered with the first tool) by the leaner one.
  server.server.setRequestHandler(ListToolsRequestSchema, () => listTools(tools));
  registerGuide(server);
  return server;
}

/**
 * The tool's answer printed as `cn <command> --format <format> --max-tokens <n>` prints it: the text content
 * is that format. Only json also carries the object as structuredContent (the spec asks for the JSON text
 * beside it); no tool declares an outputSchema, since the spec and the SDK's client then require
 * structuredContent in every result, and compact, ids and tree answers have none.
 */
async function callTool(tool: CnTool, input: Record<string, unknown>, project: Project): Promise<CallToolResult> {
  try {
    if ('error' in project) throw project.error;
    const context: ToolContext = project;
    const format = (input.format ?? DEFAULT_TOOL_FORMAT) as AnswerFormat;
    const asked = input.maxTokens as number | undefined;
    // Checked before the daemon is asked, so a bad budget costs no question.
    const maxTokens = tool.budget ? tool.budget(asked) : asked;
    const answer = tool.call ? await tool.call(input, context) : await forward(tool, input, context);
    // The answer came from the tool's own route (or its call, which answers as that route does); its hints name
    // tools and their arguments (cn_find query=<id>, maxTokens), not the CLI's commands and flags.
    const shown = presentAnswer(tool.route, answer as PresentedAnswer<typeof tool.route>, format, maxTokens, MCP_VOICE);
    const content: CallToolResult['content'] = [{ type: 'text', text: shown.output }];
    return format === 'json' ? { content, structuredContent: shown.answer as Record<string, unknown> } : { content };
  } catch (error) {
    return { content: [{ type: 'text', text: errorLine(error) }], isError: true };
  }
}

function forward(tool: CnTool, input: Record<string, unknown>, context: ToolContext): Promise<unknown> {
  // format and maxTokens act on the answer here, as the CLI's --format and --max-tokens do: never sent.
  const { format: _format, maxTokens: _maxTokens, ...fields } = input;
  const body = tool.body ? tool.body(input, context) : fields;
  checkRequestBodySize(body);
  // The tool's shape is the route's request fields, so the arguments (or what body made of them) are its body.
  return context.daemon.call(tool.route, body as RequestOf<RouteName>);
}
