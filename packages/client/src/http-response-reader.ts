import { MAX_ANSWER_BYTES, answerTooLarge } from '@cn/core';

export interface RawResponse {
  status: number;
  /** The head's lines after the status line, lower-cased names: `name: value`. */
  headers: Map<string, string>;
  body: Buffer;
}

/** Longer heads are not the daemon's (it sends a handful of short headers). */
const MAX_HEAD_BYTES = 16 * 1024;
/** The daemon sends at most one interim answer (its proof of life, a 103) before the answer itself. */
const MAX_INTERIM_HEADS = 4;

/** An interim (1xx) answer's status and headers, as they arrive, before the answer itself. */
export type InterimListener = (status: number, headers: Map<string, string>) => void;

/** The answer cannot be an HTTP answer from the daemon (the caller treats the port file as stale). */
export class NotAnAnswer extends Error {}

/**
 * Why cn speaks HTTP over node:net with this reader rather than node:http, measured in-process (a
 * fresh node per run, median of 25, 2-core VM): loading the module and one GET to a local server
 * took 10.1 ms with node:http and 5.9 ms with node:net; node:http alone loads in 3.6 ms, node:net in
 * 2.4 ms. The one-shot CLI pays that on every call; this reader and http-call.ts are ~200 lines.
 *
 * Collects one HTTP/1.1 response as its bytes arrive. Every body chunk is kept once and joined once at
 * the end, the head grows in place (joining on every chunk was quadratic: 100k one-byte chunks); the
 * head is capped at MAX_HEAD_BYTES, the body at MAX_ANSWER_BYTES.
 * A body ends at its Content-Length, or when the peer closes (the daemon always sends a length).
 * Interim heads (1xx) go to `onInterim` and the next head is read.
 */
export class ResponseReader {
  /** The head's bytes so far in a buffer that doubles as needed; undefined once the head is read. */
  private head: Buffer | undefined = Buffer.alloc(256);
  private headLength = 0;
  private status = 0;
  private headers = new Map<string, string>();
  private expected: number | undefined;
  private readonly chunks: Buffer[] = [];
  private received = 0;
  private interimHeads = 0;

  constructor(private readonly onInterim: InterimListener = () => undefined) {}

  /** The response once complete, undefined while bytes are missing; throws when it can never be one. */
  push(chunk: Buffer): RawResponse | undefined {
    while (this.head !== undefined) {
      const rest = this.pushHead(chunk);
      if (rest === undefined) return undefined;
      chunk = rest;
    }
    this.chunks.push(chunk);
    this.received += chunk.length;
    if (this.received > MAX_ANSWER_BYTES) throw answerTooLarge();
    return this.expected !== undefined && this.received >= this.expected ? this.response() : undefined;
  }

  /** The peer closed: the response if it was complete (or ran to the close), else undefined. */
  end(): RawResponse | undefined {
    if (this.head !== undefined) return undefined;
    return this.expected === undefined || this.received >= this.expected ? this.response() : undefined;
  }

  /**
   * Adds bytes to the head (copied into a growing buffer, not joined anew per chunk: byte-sized
   * chunks would make that quadratic) and looks for its end only where the new bytes can complete
   * it. Returns the bytes after the head once it ends, undefined while it goes on.
   */
  private pushHead(chunk: Buffer): Buffer | undefined {
    let head = this.head!;
    const searchFrom = Math.max(0, this.headLength - 3);
    if (this.headLength + chunk.length > head.length) {
      const grown = Buffer.alloc(Math.max(head.length * 2, this.headLength + chunk.length));
      head.copy(grown, 0, 0, this.headLength);
      head = this.head = grown;
    }
    chunk.copy(head, this.headLength);
    this.headLength += chunk.length;
    const headEnd = head.subarray(0, this.headLength).indexOf('\r\n\r\n', searchFrom);
    if (headEnd < 0) {
      if (this.headLength > MAX_HEAD_BYTES) throw new NotAnAnswer('an endless response head');
      return undefined;
    }
    const rest = head.subarray(headEnd + 4, this.headLength);
    if (this.readHead(head.subarray(0, headEnd).toString('latin1'))) {
      this.head = undefined;
      return rest;
    }
    // An interim head: the answer's own head follows (copied out: the buffer is reused for it).
    this.headLength = 0;
    this.headers = new Map();
    return Buffer.from(rest);
  }

  /** Reads a head; true for the answer's own, false for an interim one (already passed on). */
  private readHead(head: string): boolean {
    const lines = head.split('\r\n');
    this.status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0])?.[1] ?? 0);
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon > 0) this.headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    if (this.status >= 100 && this.status < 200) {
      if (++this.interimHeads > MAX_INTERIM_HEADS) throw new NotAnAnswer('too many interim answers');
      this.onInterim(this.status, this.headers);
      return false;
    }
    if (this.status === 0 || this.headers.has('transfer-encoding'))
      throw new NotAnAnswer('not an answer the daemon sends');
    const length = this.headers.get('content-length');
    if (length === undefined) return true;
    if (!/^\d+$/.test(length)) throw new NotAnAnswer('an unreadable Content-Length');
    this.expected = Number(length);
    if (this.expected > MAX_ANSWER_BYTES) throw answerTooLarge();
    return true;
  }

  private response(): RawResponse {
    const body = Buffer.concat(this.chunks, this.received);
    return {
      status: this.status,
      headers: this.headers,
      body: this.expected === undefined ? body : body.subarray(0, this.expected),
    };
  }
}
