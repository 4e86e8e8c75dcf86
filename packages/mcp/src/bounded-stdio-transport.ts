import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ClientRequestSchema, JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { escapeControls } from '@cn/core';

/** No cn request comes near this (the daemon takes 64 KB a request; cn_inspect splits more ids). */
export const MAX_REQUEST_LINE_BYTES = 1024 * 1024;
/** Bytes kept from each end of an oversized line, to find its id. */
const ID_WINDOW_BYTES = 256;

type RequestId = string | number | null;

/**
 * MCP over stdio, one JSON-RPC message a line, with what the SDK's StdioServerTransport lacks: a line
 * over the cap is skipped as it streams in (never held whole) and answered with -32600 — the SDK
 * closed the transport over 10 MiB and the server exited silently; a line that is not JSON gets
 * -32700, and JSON that is no JSON-RPC message -32600, where the SDK answered nothing and the client
 * waited. Either way the server goes on serving.
 */
export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private pieces: Buffer[] = [];
  private pieceBytes = 0;
  /** Set while skipping a line over the cap: its first and last bytes, and its size so far. */
  private oversized?: { head: Buffer; tail: Buffer; bytes: number };

  constructor(
    private readonly log: (line: string) => void,
    private readonly stdin: NodeJS.ReadableStream = process.stdin,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
    private readonly maxLineBytes = MAX_REQUEST_LINE_BYTES,
  ) {}

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStreamError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStreamError);
    this.pieces = [];
    this.oversized = undefined;
    this.onclose?.();
  }

  private readonly onStreamError = (error: Error) => this.onerror?.(error);

  private readonly onData = (chunk: Buffer) => {
    let from = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, from);
      this.take(chunk.subarray(from, newline < 0 ? chunk.length : newline));
      if (newline < 0) return;
      this.endLine();
      from = newline + 1;
    }
  };

  private take(piece: Buffer): void {
    if (piece.length === 0) return;
    if (!this.oversized && this.pieceBytes + piece.length <= this.maxLineBytes) {
      this.pieces.push(piece);
      this.pieceBytes += piece.length;
      return;
    }
    if (!this.oversized) {
      const start = Buffer.concat([...this.pieces, piece]);
      this.oversized = {
        head: Buffer.from(start.subarray(0, ID_WINDOW_BYTES)),
        tail: Buffer.from(start.subarray(-ID_WINDOW_BYTES)),
        bytes: start.length,
      };
      this.pieces = [];
      this.pieceBytes = 0;
      return;
    }
    // Copies, so the skipped chunks themselves are not kept alive.
    this.oversized.tail = Buffer.from(Buffer.concat([this.oversized.tail, piece]).subarray(-ID_WINDOW_BYTES));
    this.oversized.bytes += piece.length;
  }

  private endLine(): void {
    const oversized = this.oversized;
    const line = Buffer.concat(this.pieces).toString('utf8');
    this.pieces = [];
    this.pieceBytes = 0;
    this.oversized = undefined;
    if (oversized) {
      const message = `Invalid Request: the request is ${sizeText(oversized.bytes)}, more than the ${sizeText(this.maxLineBytes)} a request may be`;
      this.refuse(-32600, message, idAtEnds(oversized.head, oversized.tail));
      return;
    }
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return this.refuse(-32700, 'Parse error: the line is not JSON', null);
    }
    const message = JSONRPCMessageSchema.safeParse(value);
    if (!message.success) return this.refuse(-32600, 'Invalid Request: not a JSON-RPC 2.0 message', idOf(value));
    const badParams = paramsProblem(message.data);
    if (badParams) return this.refuse(-32602, `Invalid params: ${badParams}`, idOf(value));
    this.onmessage?.(message.data);
  }

  private refuse(code: number, message: string, id: RequestId): void {
    this.log(`refused a request (id ${escapeControls(JSON.stringify(id))}): ${escapeControls(message)}`);
    // JSON-RPC 2.0 answers an unreadable request with id null; the SDK's types want a real id.
    void this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage);
  }
}

/** Each request method the SDK serves, with the schema its handler parses the request by. */
const REQUEST_SCHEMAS = new Map<string, (typeof ClientRequestSchema.options)[number]>(
  ClientRequestSchema.options.map((schema) => [schema.shape.method.value, schema]),
);

/**
 * What is wrong with a known request's params, in one line; undefined when nothing is (or the method is unknown:
 * the SDK answers that itself, -32601). The SDK parsed them inside its handler and answered a mismatch with
 * -32603, "internal error", and zod's issues as a multi-line JSON dump (`arguments: [1, 2]` to tools/call).
 */
function paramsProblem(message: JSONRPCMessage): string | undefined {
  if (!('method' in message) || !('id' in message)) return undefined;
  const schema = REQUEST_SCHEMAS.get(message.method);
  const parsed = schema?.safeParse(message);
  if (!parsed || parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  const where = issue.path.map(String).join('.');
  return `${where === '' ? '' : `${where}: `}${issue.message.split('\n')[0]}`;
}

function sizeText(bytes: number): string {
  const mib = 1024 * 1024;
  return bytes >= mib ? `${(bytes / mib).toFixed(1).replace(/\.0$/, '')} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

function idOf(value: unknown): RequestId {
  const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/**
 * The id of a line too large to parse, from its ends: first member (`{"jsonrpc":"2.0","id":…`) or
 * last (`…,"id":…}`, as the SDK's client writes it). Null when neither end shows one.
 */
function idAtEnds(head: Buffer, tail: Buffer): RequestId {
  const value = String.raw`(-?\d{1,15}|"(?:[^"\\]|\\.){0,100}")`;
  const first = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${value}\s*[,}]`).exec(
    head.toString('utf8'),
  );
  const last = new RegExp(String.raw`[,{]\s*"id"\s*:\s*${value}\s*\}\s*$`).exec(tail.toString('utf8'));
  const text = first?.[1] ?? last?.[1];
  return text === undefined ? null : (JSON.parse(text) as string | number);
}
