import { expect } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CN_BIN } from './cn.js';

export interface McpSession {
  client: Client;
  transport: StdioClientTransport;
  /** What the server wrote on stderr (its log). */
  stderr(): string;
  /** Protocol errors the client saw, e.g. a non-JSON line on stdout. */
  protocolErrors: Error[];
  /** The tool's result, with the text content and structuredContent separated for asserting. */
  call(name: string, args?: Record<string, unknown>): Promise<ToolAnswer>;
}

export interface ToolAnswer {
  isError: boolean;
  text: string;
  structured: any;
}

/** Spawns `cn mcp` as an MCP client would (a whole node process on stdio) and connects the SDK's Client. */
export async function startMcp(args: string[], env: NodeJS.ProcessEnv = {}): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CN_BIN, 'mcp', ...args],
    env: { ...(process.env as Record<string, string>), CN_IDLE_MINUTES: '10', ...(env as Record<string, string>) },
    stderr: 'pipe',
  });
  let log = '';
  transport.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  const client = new Client({ name: 'cn-e2e', version: '0' });
  const protocolErrors: Error[] = [];
  client.onerror = (error) => protocolErrors.push(error);
  await client.connect(transport);
  return {
    client,
    transport,
    stderr: () => log,
    protocolErrors,
    async call(name, args = {}) {
      const result = await client.callTool({ name, arguments: args });
      const content = result.content as Array<{ type: string; text: string }>;
      expect(content).toHaveLength(1);
      expect(content[0].type).toBe('text');
      return { isError: result.isError === true, text: content[0].text, structured: result.structuredContent };
    },
  };
}
