import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { GUIDE } from '@cn/core';
import { DEFAULT_TOOL_FORMAT } from './tool-format.js';

export const GUIDE_URI = 'cn://guide';

/** `cn guide`, with how its commands read as tools: what an MCP client that shows resources or prompts offers. */
export const MCP_GUIDE = `Through MCP every cn command is a tool: \`cn find X --no-refs\` is cn_find { "query": "X", "refs": "none" };
flags are arguments (--max-tokens → maxTokens, --refs-not-in → refsNotIn, --format → format; answers are
${DEFAULT_TOOL_FORMAT} unless format says json, ids or tree). Paths are relative to the project root. A tool answers one
target a call (cn_calls takes more in \`targets\`): where the CLI takes several, make several calls at once.

${GUIDE}
`;

/** The guide as a resource (clients list it beside the tools) and as a prompt (clients offer it as a command). */
export function registerGuide(server: McpServer): void {
  server.registerResource(
    'guide',
    GUIDE_URI,
    { title: 'cn guide', description: 'When to use which cn tool instead of grep', mimeType: 'text/markdown' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: MCP_GUIDE }] }),
  );
  server.registerPrompt(
    'guide',
    { title: 'cn guide', description: 'When to use which cn tool instead of grep' },
    () => ({ messages: [{ role: 'user', content: { type: 'text', text: MCP_GUIDE } }] }),
  );
}
