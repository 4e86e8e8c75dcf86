#!/usr/bin/env node
// A minimal MCP client for the mcp agent: starts `cn mcp --root <corpus>` on stdio (as Claude Code
// or Cursor would), calls one tool, prints its text content, exits. No warm helper process: the
// expensive part (tsserver) lives in the daemon, which cn mcp shares with the CLI through the port
// file and which stays up between calls, so each call only pays a node start and the handshake.
//   mcp-call --list                      tool names, descriptions and input schemas (what an MCP
//                                        client puts in the model's context)
//   mcp-call <tool> '<json arguments>'
// Exit: 0 answer, 1 the tool answered with isError, 2 bad input, 3 the server could not be reached.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CN_BIN, corpusRoot } from './corpus.mjs';

function fail(message, code) {
  process.stderr.write(`mcp-call: ${message}\n`);
  process.exit(code);
}

const [tool, json = '{}', ...extra] = process.argv.slice(2);
if (!tool || extra.length > 0) fail("usage: mcp-call --list | mcp-call <tool> '<json arguments>'", 2);
let args;
try {
  args = JSON.parse(json);
} catch (error) {
  fail(`arguments are not JSON: ${error.message}`, 2);
}
if (args === null || typeof args !== 'object' || Array.isArray(args)) fail('arguments must be a JSON object', 2);

const transport = new StdioClientTransport({ command: process.execPath, args: [CN_BIN, 'mcp', '--root', corpusRoot()], stderr: 'ignore' });
const client = new Client({ name: 'cn-agent-eval', version: '0' });
try {
  await client.connect(transport);
} catch (error) {
  fail(`cannot start cn mcp: ${error.message}`, 3);
}
let code = 0;
try {
  if (tool === '--list') {
    const { tools } = await client.listTools();
    for (const entry of tools) process.stdout.write(`## ${entry.name}\n${entry.description ?? ''}\ninput: ${JSON.stringify(entry.inputSchema)}\n\n`);
  } else {
    const result = await client.callTool({ name: tool, arguments: args });
    for (const part of result.content ?? []) if (part.type === 'text') process.stdout.write(part.text.endsWith('\n') ? part.text : `${part.text}\n`);
    code = result.isError ? 1 : 0;
  }
} catch (error) {
  process.stderr.write(`mcp-call: ${error.message}\n`);
  code = 2;
} finally {
  await client.close();
}
process.exit(code);
