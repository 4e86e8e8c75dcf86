// Measures what every agent session pays up front for cn's MCP tools: the tokens of the whole
// tools/list answer (o200k, the GPT-4o/5 encoding), which the README quotes and a test bounds.
//   node scripts/mcp-tools-tokens.mjs            total, then per tool
import { fileURLToPath } from 'node:url';
import * as path from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// 1,322 tokens for 11 tools at first; hierarchy, callers, unused and narrowing options (2026-11-23)
// brought it to 1,811, and impl/calls/type narrowing (--in, --exact) to 1,916; the protocol's shared
// argument schemas to 1,913; cn_impact, find's reference roles, filters and groups and inspect's budget to
// 2,123, trimmed back to 1,990 by shorter argument descriptions; cn_search and cn_grep (issue 15) add 360 more.
// The budget keeps the next addition from growing it unnoticed.
export const TOOLS_LIST_TOKEN_BUDGET = 2400;

/** Tokens of the tools/list result as it travels (compact JSON, as the SDK writes it). */
export function toolsListTokens(listResult) {
  return countTokens(JSON.stringify(listResult));
}

async function main() {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  // tools/list never touches the daemon, so no daemon starts and nothing is written to the root.
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(REPO, 'packages/cli/bin/cn.cjs'), 'mcp', '--root', path.join(REPO, 'examples/shop')],
    stderr: 'ignore',
  });
  const client = new Client({ name: 'mcp-tools-tokens', version: '0' });
  await client.connect(transport);
  const list = await client.listTools();
  await client.close();
  const total = toolsListTokens(list);
  console.log(`tools/list: ${list.tools.length} tools, ${total} tokens (o200k), budget ${TOOLS_LIST_TOKEN_BUDGET}`);
  for (const tool of list.tools) console.log(`  ${tool.name.padEnd(16)} ${countTokens(JSON.stringify(tool))}`);
  if (total >= TOOLS_LIST_TOKEN_BUDGET) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
