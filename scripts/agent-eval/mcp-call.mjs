#!/usr/bin/env node
// The mcp agent's only command: calls one of cn's MCP tools and prints its text content.
//   mcp-call --list                      tool names, descriptions and input schemas (the text an
//                                        MCP client puts in the model's context)
//   mcp-call <tool> '<json arguments>'
// The MCP session itself lives in lib/mcp-helper.mjs, started on the first call and kept warm for
// the run (an MCP client keeps its server for a session; starting `cn mcp` and the SDK per call
// cost ~1.7 s here against ~0.2 s for a warm answer, which would have measured the harness, not cn).
// Needs CN_AGENT_EVAL_RUN (set by run.mjs): the helper's socket lives in <run>/.mcp.
// Exit: 0 answer, 1 the tool answered with isError, 2 bad input, 3 no MCP session.
import { spawn } from 'node:child_process';
import { closeSync, lstatSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseScriptArgs } from '../lib/cli-args.mjs';
import { corpusRoot } from './corpus.mjs';

const HELPER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lib/mcp-helper.mjs');
const START_WAIT_MS = 120_000;

function fail(message, code) {
  process.stderr.write(`mcp-call: ${message}\n`);
  process.exit(code);
}

const USAGE = "usage: mcp-call --list | mcp-call <tool> '<json arguments>'";
const { values, positionals } = parseScriptArgs(
  'mcp-call',
  process.argv.slice(2),
  { list: { type: 'boolean', default: false } },
  { usage: USAGE, allowPositionals: true },
);
// The helper takes '--list' as the tool that lists the tools.
const [tool, json = '{}', ...extra] = values.list ? ['--list', ...positionals] : positionals;
if (!tool || extra.length > 0 || (values.list && positionals.length > 0)) fail(USAGE, 2);
let args;
try {
  args = JSON.parse(json);
} catch (error) {
  fail(`arguments are not JSON: ${error.message}`, 2);
}
if (args === null || typeof args !== 'object' || Array.isArray(args)) fail('arguments must be a JSON object', 2);
if (!process.env.CN_AGENT_EVAL_RUN) fail('run me through scripts/agent-eval/run.mjs (CN_AGENT_EVAL_RUN is not set)', 2);

const stateDir = path.join(process.env.CN_AGENT_EVAL_RUN, '.mcp');
const socketPath = path.join(stateDir, 'helper.sock');
mkdirSync(stateDir, { recursive: true, mode: 0o700 });

/** Only our own socket: a file of another type or owner there is refused, not connected to. */
function ownSocketExists() {
  try {
    const stat = lstatSync(socketPath);
    if (!stat.isSocket() || stat.uid !== process.getuid()) fail(`${socketPath} is not this user's socket`, 3);
    return true;
  } catch (error) {
    if (error.code === 'ENOENT') return false;
    throw error;
  }
}

function request(payload) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let reply = '';
    socket.on('connect', () => socket.write(`${JSON.stringify(payload)}\n`));
    socket.on('data', (chunk) => (reply += chunk.toString('utf8')));
    socket.on('end', () => resolve(JSON.parse(reply)));
    socket.on('error', reject);
  });
}

/** Starts the helper once (its pid goes in an exclusively created lock file) and waits for its socket. */
async function startHelper() {
  const lock = path.join(stateDir, 'helper.lock');
  let descriptor;
  try {
    descriptor = openSync(lock, 'wx', 0o600);
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    if (!isAlive(Number(readFileSync(lock, 'utf8')))) {
      rmSync(lock, { force: true }); // left by a helper that was killed: start a fresh one
      return startHelper();
    }
  }
  if (descriptor !== undefined) {
    rmSync(socketPath, { force: true });
    const helper = spawn(process.execPath, [HELPER, stateDir, corpusRoot()], { detached: true, stdio: 'ignore' });
    helper.unref();
    writeSync(descriptor, String(helper.pid));
    closeSync(descriptor);
  }
  const deadline = Date.now() + START_WAIT_MS;
  while (!ownSocketExists()) {
    if (Date.now() > deadline) fail('the MCP helper did not start', 3);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function isAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

let reply;
try {
  if (!ownSocketExists()) await startHelper();
  reply = await request({ tool, args });
} catch (error) {
  // A socket left by a helper that has exited: start a fresh one once.
  if (error.code !== 'ECONNREFUSED' && error.code !== 'ENOENT') fail(error.message, 3);
  rmSync(socketPath, { force: true });
  await startHelper();
  reply = await request({ tool, args });
}
process.stdout.write(reply.text.endsWith('\n') ? reply.text : `${reply.text}\n`);
process.exit(reply.failed ? 2 : reply.isError ? 1 : 0);
