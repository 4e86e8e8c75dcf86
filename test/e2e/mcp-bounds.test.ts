import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CN_BIN, cleanUp, copyProject } from '../helpers/cn.js';

const GENERATED = 'src/generated/constants.ts';
const LINES = 3000;
/** How long an answer may take before the test calls it missing (a daemon start included). */
const ANSWER_WAIT_MS = 30_000;

/**
 * `cn mcp` driven with raw lines, as a misbehaving or hostile client writes them: whatever arrives,
 * the server answers per JSON-RPC 2.0 and keeps serving.
 */
class RawMcp {
  readonly child: ChildProcessWithoutNullStreams;
  private buffered = '';
  private readonly answers: any[] = [];
  private waiting?: () => void;
  stderr = '';
  exited = false;

  constructor(root: string) {
    this.child = spawn(process.execPath, [CN_BIN, 'mcp', '--root', root], {
      env: { ...process.env, CN_IDLE_MINUTES: '10' },
    });
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.buffered += chunk.toString('utf8');
      let newline: number;
      while ((newline = this.buffered.indexOf('\n')) >= 0) {
        this.answers.push(JSON.parse(this.buffered.slice(0, newline)));
        this.buffered = this.buffered.slice(newline + 1);
      }
      this.waiting?.();
    });
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    this.child.on('exit', () => ((this.exited = true), this.waiting?.()));
    // A server that exits mid-write must fail the test, not crash the runner.
    this.child.stdin.on('error', () => undefined);
  }

  write(text: string): void {
    this.child.stdin.write(text);
  }

  request(id: number, method: string, params: unknown = {}): void {
    // As the SDK's client writes it: the id comes last.
    this.write(`${JSON.stringify({ method, params, jsonrpc: '2.0', id })}\n`);
  }

  /** The next message the server writes. */
  async next(): Promise<any> {
    const deadline = Date.now() + ANSWER_WAIT_MS;
    while (this.answers.length === 0) {
      if (this.exited) throw new Error(`cn mcp exited; stderr: ${this.stderr.slice(-500)}`);
      if (Date.now() > deadline) throw new Error(`no answer from cn mcp; stderr: ${this.stderr.slice(-500)}`);
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 200);
      });
    }
    return this.answers.shift();
  }

  /** Still serving: a tools/list is answered. */
  async expectServing(id: number): Promise<void> {
    this.request(id, 'tools/list');
    const answer = await this.next();
    expect(answer.id).toBe(id);
    expect(answer.result.tools.length).toBeGreaterThan(3);
  }
}

describe('cn mcp with bounded requests', () => {
  let root: string;
  let mcp: RawMcp;
  beforeAll(async () => {
    root = copyProject('examples/shop');
    mkdirSync(path.join(root, 'src/generated'));
    writeFileSync(
      path.join(root, GENERATED),
      `${Array.from({ length: LINES }, (_, i) => `export const value${i + 1} = ${i + 1};`).join('\n')}\n`,
    );
    mcp = new RawMcp(root);
    mcp.request(0, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'bounds', version: '0' },
    });
    expect((await mcp.next()).result.serverInfo.name).toBe('cn');
    mcp.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  });
  afterAll(async () => {
    mcp?.child.stdin.end();
    await cleanUp(root);
  });

  // Was no answer at all: the SDK reported the line to itself and the client waited forever.
  it('answers a line that is not JSON with -32700 and id null', async () => {
    mcp.write('{"jsonrpc":"2.0","id":5,"method":\n');
    expect(await mcp.next()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error: the line is not JSON' },
    });
    await mcp.expectServing(6);
  });

  it('answers JSON that is no JSON-RPC message with -32600 and its id', async () => {
    mcp.write('{"id":7,"hello":"there"}\n');
    expect(await mcp.next()).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32600, message: 'Invalid Request: not a JSON-RPC 2.0 message' },
    });
    await mcp.expectServing(8);
  });

  // Was a silent exit for a line over 10 MiB, and "EPIPE" for a 4 MB query the daemon refused.
  it.each([
    ['12 MB', 12 * 1024 * 1024, 9],
    ['4 MB', 4 * 1024 * 1024, 11],
  ])('refuses a %s request with -32600 and its id, and keeps serving', async (_size, bytes, id) => {
    mcp.request(id, 'tools/call', { name: 'cn_find', arguments: { query: 'x'.repeat(bytes) } });
    const answer = await mcp.next();
    expect(answer).toMatchObject({ jsonrpc: '2.0', id, error: { code: -32600 } });
    expect(answer.error.message).toMatch(
      /^Invalid Request: the request is (12|4) MB, more than the 1 MB a request may be$/,
    );
    await mcp.expectServing(id + 1);
    expect(mcp.exited).toBe(false);
  });

  // Under the line cap but over the daemon's 64 KB body: was "EPIPE". Each target is within the
  // protocol's length cap; together they are not.
  it('answers arguments too large for the daemon with a tool error saying so', async () => {
    mcp.request(20, 'tools/call', {
      name: 'cn_calls',
      arguments: { target: 'x', targets: Array.from({ length: 10 }, () => 'x'.repeat(10_000)) },
    });
    const answer = await mcp.next();
    expect(answer.id).toBe(20);
    expect(answer.result.isError).toBe(true);
    expect(answer.result.content[0].text).toMatch(
      /^the arguments are \d+ KB, more than the 64 KB one request to the daemon may be/,
    );
    await mcp.expectServing(21);
  });

  // The tool's input is the route's request schema (@cn/protocol), caps included: refused before any request.
  it("refuses an argument over the protocol's length cap, naming it", async () => {
    mcp.request(22, 'tools/call', { name: 'cn_find', arguments: { query: 'x'.repeat(200 * 1024) } });
    const answer = await mcp.next();
    expect(answer.id).toBe(22);
    expect(answer.result.isError).toBe(true);
    expect(answer.result.content[0].text).toMatch(/Too big: expected string to have <=16384 characters at query/);
    await mcp.expectServing(23);
  });

  // Issue 22, item 17: was -32603 (internal error) with zod's issues as a multi-line JSON dump.
  it('answers a tools/call whose arguments are no object with -32602, one line, and keeps serving', async () => {
    mcp.request(24, 'tools/call', { name: 'cn_find', arguments: [1, 2] });
    expect(await mcp.next()).toEqual({
      jsonrpc: '2.0',
      id: 24,
      error: {
        code: -32602,
        message: 'Invalid params: params.arguments: Invalid input: expected record, received array',
      },
    });
    await mcp.expectServing(25);
  });

  // Was "Request body is too large": cn_inspect splits ids as `cn inspect -` does.
  it('inspects more ids than one daemon request holds', async () => {
    const ids = Array.from({ length: LINES }, (_, i) => `${GENERATED}::${i + 1}::14`);
    mcp.request(30, 'tools/call', { name: 'cn_inspect', arguments: { ids, format: 'json' } });
    const answer = await mcp.next();
    expect(answer.id).toBe(30);
    expect(answer.result.isError).toBeFalsy();
    const inspected = answer.result.structuredContent;
    expect(inspected.failures).toEqual([]);
    expect(inspected.results.map((block: { ids: string[] }) => block.ids)).toEqual(ids.map((id) => [id]));
  });
});
