// Measures what cn's MCP tools cost an agent, in tokens (o200k, the GPT-4o/5 encoding):
//   node scripts/mcp-tools-tokens.mjs                  the tools/list answer every session pays up front
//                                                      (the README quotes it, a test bounds it): total, per tool
//   node scripts/mcp-tools-tokens.mjs --answers shop   one typical call per tool, in every format it offers:
//        [--answers rxjs|hono] [--root dir]            the tokens of the result as sent (text content plus
//                                                      structuredContent) and of its text alone
// shop is a temporary copy of examples/shop; rxjs and hono are read from the bench's and the agent eval's
// caches unless --root names a checkout. The daemon the answers start is stopped at the end.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { ANSWER_CASES } from './lib/mcp-answer-cases.mjs';
import { parseScriptArgs, usageError } from './lib/cli-args.mjs';

/** The SDK gives up on a call after 60 s; a whole-project answer on a loaded machine may take longer. */
const CALL = { timeout: 600_000 };
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CN_BIN = path.join(REPO, 'packages/cli/bin/cn.cjs');
// 1,322 tokens for 11 tools at first; hierarchy, callers, unused and narrowing options (2026-11-23)
// brought it to 1,811, and impl/calls/type narrowing (--in, --exact) to 1,916; the protocol's shared
// argument schemas to 1,913; cn_impact, find's reference roles, filters and groups and inspect's budget to
// 2,123, trimmed back to 1,990 by shorter argument descriptions. A format argument on every tool (issue 16:
// answers in compact text, a fifth to a half of the JSON they were) and limit/maxTokens on impact, type, deps
// and diagnostics brought it to 2,376; shorter descriptions and no count or length caps in the listing to
// 2,245; cn_search and cn_grep (issue 15) add 372, to 2,617; issue 24's arguments (cn_grep word/in, cn_impact
// kind/in/exact, cn_map kind/modifiers, format names) to 2,682 after the format's default moved to the server's
// instructions; kind on cn_unused (issue 23) to 2,699; cn_rename (issue 26, cn's first tool that writes) adds 193,
// to 2,892; cn_check (issue 26, two fields and one sentence: 95) to 2,987; path::Name in cn_find's query (issue
// 23: an MCP agent asked what barrels export by name) to 2,993 — no other tool's words could give up 90 tokens
// without losing a fact. The budget keeps the next addition from growing it unnoticed.
export const TOOLS_LIST_TOKEN_BUDGET = 3000;

/** Tokens of the tools/list result as it travels (compact JSON, as the SDK writes it). */
export function toolsListTokens(listResult) {
  return countTokens(JSON.stringify(listResult));
}

/** A tool result's tokens as sent (the whole result object) and as text (what a text-only client shows). */
export function answerTokens(result) {
  const text = (result.content ?? []).map((part) => part.text ?? '').join('\n');
  return { sent: countTokens(JSON.stringify(result)), text: countTokens(text) };
}

async function connect(root) {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CN_BIN, 'mcp', '--root', root],
    stderr: 'ignore',
  });
  const client = new Client({ name: 'mcp-tools-tokens', version: '0' });
  await client.connect(transport);
  return client;
}

async function listing() {
  // tools/list never touches the daemon, so no daemon starts and nothing is written to the root.
  const client = await connect(path.join(REPO, 'examples/shop'));
  const list = await client.listTools();
  await client.close();
  const total = toolsListTokens(list);
  console.log(`tools/list: ${list.tools.length} tools, ${total} tokens (o200k), budget ${TOOLS_LIST_TOKEN_BUDGET}`);
  for (const tool of list.tools) console.log(`  ${tool.name.padEnd(16)} ${countTokens(JSON.stringify(tool))}`);
  if (total >= TOOLS_LIST_TOKEN_BUDGET) process.exitCode = 1;
}

function corpusRoot(corpus, given) {
  if (given) return { root: path.resolve(given), temporary: false };
  if (corpus === 'shop') {
    const root = mkdtempSync(path.join(os.tmpdir(), 'cn-mcp-tokens-'));
    cpSync(path.join(REPO, 'examples/shop'), root, {
      recursive: true,
      filter: (source) => path.basename(source) !== '.ts-search-daemon.json',
    });
    return { root, temporary: true };
  }
  const cache = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  const cached = { rxjs: 'cn-bench/rxjs-7.8.2', hono: 'cn-agent-eval/hono@28a9c128912d' }[corpus];
  return { root: path.join(cache, cached), temporary: false };
}

async function answers(corpus, givenRoot) {
  const cases = ANSWER_CASES[corpus];
  if (!cases) usageError('mcp-tools-tokens', `--answers takes ${Object.keys(ANSWER_CASES).join(', ')}`);
  const { root, temporary } = corpusRoot(corpus, givenRoot);
  // Loaded first, so a big project's cold start is not counted against the first call's timeout.
  execFileSync(process.execPath, [CN_BIN, 'start', '--root', root], { stdio: 'ignore' });
  const client = await connect(root);
  const call = async (name, args) => answerTokens(await client.callTool({ name, arguments: args }, undefined, CALL));
  try {
    const { tools } = await client.listTools();
    const formatsOf = (name) => tools.find((tool) => tool.name === name)?.inputSchema.properties?.format?.enum ?? [];
    const columns = ['json', 'compact', 'ids', 'tree'];
    console.log(`root ${root}\n`);
    console.log(`| call | default: sent | default: text | ${columns.map((format) => `${format}: sent`).join(' | ')} |`);
    console.log(`|---|---:|---:|${columns.map(() => '---:').join('|')}|`);
    let defaultSent = 0;
    let defaultText = 0;
    for (const [name, args] of cases) {
      const plain = await call(name, args);
      defaultSent += plain.sent;
      defaultText += plain.text;
      const cells = [];
      for (const format of columns) {
        if (!formatsOf(name).includes(format)) cells.push('–');
        else cells.push((await call(name, { ...args, format })).sent);
      }
      console.log(`| \`${name} ${JSON.stringify(args)}\` | ${plain.sent} | ${plain.text} | ${cells.join(' | ')} |`);
    }
    console.log(`| all ${cases.length} calls | ${defaultSent} | ${defaultText} |${columns.map(() => '').join(' |')} |`);
  } finally {
    await client.close();
    execFileSync(process.execPath, [CN_BIN, 'stop', '--root', root], { stdio: 'ignore' });
    if (temporary) rmSync(root, { recursive: true, force: true });
  }
}

async function main() {
  const { values } = parseScriptArgs('mcp-tools-tokens', process.argv.slice(2), {
    answers: { type: 'string' },
    root: { type: 'string' },
  });
  if (values.root !== undefined && values.answers === undefined)
    usageError('mcp-tools-tokens', '--root needs --answers');
  if (values.answers === undefined) await listing();
  else await answers(values.answers, values.root);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
