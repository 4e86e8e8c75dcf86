// The mcp agent's warm MCP session: one `cn mcp --root <corpus>` process and one SDK client kept
// for the whole run, as an MCP client (Claude Code, Cursor) keeps its server for a session.
// Serves mcp-call.mjs over a Unix socket in the run's private state dir, one JSON line each way:
// { tool, args } → { text, isError } (tool '--list' lists the tools). Exits after IDLE_MS idle.
//   node lib/mcp-helper.mjs <state dir> <corpus root>
import { rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CN_BIN } from '../corpus.mjs';

const IDLE_MS = 20 * 60_000;
const [stateDir, root] = process.argv.slice(2);
const socketPath = path.join(stateDir, 'helper.sock');

const transport = new StdioClientTransport({
  command: process.execPath,
  args: [CN_BIN, 'mcp', '--root', root],
  stderr: 'ignore',
});
const client = new Client({ name: 'cn-agent-eval', version: '0' });
await client.connect(transport);

async function answer(request) {
  if (request.tool === '--list') {
    const { tools } = await client.listTools();
    return {
      text: tools
        .map((t) => `## ${t.name}\n${t.description ?? ''}\ninput: ${JSON.stringify(t.inputSchema)}\n`)
        .join('\n'),
      isError: false,
    };
  }
  const result = await client.callTool({ name: request.tool, arguments: request.args });
  const text = (result.content ?? [])
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join('\n');
  return { text, isError: result.isError === true };
}

let queue = Promise.resolve();
let idleTimer;
const shutdown = async () => {
  server.close();
  rmSync(socketPath, { force: true });
  rmSync(path.join(stateDir, 'helper.lock'), { force: true });
  await client.close().catch(() => {});
  process.exit(0);
};
const touch = () => {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(shutdown, IDLE_MS);
};
transport.onclose = () => shutdown();

const server = net.createServer((socket) => {
  let buffer = '';
  socket.on('error', () => {});
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    const newline = buffer.indexOf('\n');
    if (newline < 0) return;
    const line = buffer.slice(0, newline);
    touch();
    // One call at a time, in arrival order, like a single MCP client session.
    queue = queue.then(async () => {
      let reply;
      try {
        reply = await answer(JSON.parse(line));
      } catch (error) {
        reply = { text: `mcp-call: ${error.message}`, isError: true, failed: true };
      }
      socket.end(`${JSON.stringify(reply)}\n`);
      touch();
    });
  });
});
server.listen(socketPath, () => touch());
process.on('SIGTERM', shutdown);
