import { describe, expect, it } from 'vitest';
import { NotAnAnswer, ResponseReader, type RawResponse } from '../src/http-response-reader.js';

/** Feeds `bytes` to a reader in chunks of `size` and returns what the last push gave. */
function feed(bytes: Buffer, size: number): RawResponse | undefined {
  const reader = new ResponseReader();
  let response: RawResponse | undefined;
  for (let at = 0; at < bytes.length; at += size) response = reader.push(bytes.subarray(at, at + size));
  return response;
}

const answer = (body: string, extraHeaders = '') =>
  Buffer.from(
    `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n${extraHeaders}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );

describe('ResponseReader', () => {
  it('reads an answer that arrives as 100k one-byte chunks (head and body)', () => {
    const body = JSON.stringify({ text: 'x'.repeat(100_000) });
    const response = feed(answer(body), 1);
    expect(response?.status).toBe(200);
    expect(response?.headers.get('content-type')).toBe('application/json');
    expect(response?.body.toString()).toBe(body);
  });

  it('finds the end of a long head split anywhere, and keeps the body bytes that came with it', () => {
    const headers = Array.from({ length: 200 }, (_, index) => `x-filler-${index}: ${'v'.repeat(40)}\r\n`).join('');
    const bytes = answer('{"ok":true}', headers);
    for (const size of [1, 2, 3, 5, 7, 4096, bytes.length]) {
      const response = feed(bytes, size);
      expect(response?.headers.get('x-filler-199')).toBe('v'.repeat(40));
      expect(response?.body.toString()).toBe('{"ok":true}');
    }
  });

  it('refuses a head that never ends, fed a byte at a time', () => {
    const reader = new ResponseReader();
    const endless = Buffer.from(`HTTP/1.1 200 OK\r\n${'x-a: b\r\n'.repeat(4096)}`);
    expect(() => {
      for (let at = 0; at < endless.length; at++) reader.push(endless.subarray(at, at + 1));
    }).toThrow(NotAnAnswer);
  });

  it("passes interim heads (the daemon's 103) on as they end, then reads the answer, however the bytes are split", () => {
    const interim = 'HTTP/1.1 103 Early Hints\r\nlink: </status>; rel="x-cn-daemon"\r\nx-cn-proof: abc\r\n\r\n';
    const bytes = Buffer.concat([Buffer.from(interim), answer('{"ok":true}')]);
    for (const size of [1, 2, 3, 7, interim.length, bytes.length]) {
      const seen: Array<[number, string | undefined]> = [];
      const reader = new ResponseReader((status, headers) => seen.push([status, headers.get('x-cn-proof')]));
      let response: RawResponse | undefined;
      for (let at = 0; at < bytes.length; at += size) response = reader.push(bytes.subarray(at, at + size));
      expect(seen).toEqual([[103, 'abc']]);
      expect(response?.status).toBe(200);
      expect(response?.headers.has('x-cn-proof')).toBe(false);
      expect(response?.body.toString()).toBe('{"ok":true}');
    }
  });

  it('refuses an endless run of interim heads', () => {
    const reader = new ResponseReader();
    expect(() => reader.push(Buffer.from('HTTP/1.1 103 Early Hints\r\n\r\n'.repeat(10)))).toThrow(NotAnAnswer);
  });
});
