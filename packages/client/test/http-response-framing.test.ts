import { describe, expect, it } from 'vitest';
import { MAX_ANSWER_BYTES } from '@cn/core';
import { NotAnAnswer, ResponseReader, type RawResponse } from '../src/http-response-reader.js';

/**
 * How the client frames one HTTP/1.1 answer from raw socket bytes: wherever TCP splits them, whatever
 * the peer claims in its head. (Split heads and byte-sized chunks: http-response-reader.test.ts.)
 */
const HEAD = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n';
const BODY = '{"answer":"é🚀","n":42}';
const framed = (body = BODY, head = HEAD) =>
  Buffer.from(`${head}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);

/** Pushes the pieces in order; the answer the reader completes on, and after which push it did. */
function pushAll(reader: ResponseReader, pieces: Buffer[]): { response: RawResponse | undefined; at: number } {
  for (let index = 0; index < pieces.length; index++) {
    const response = reader.push(pieces[index]);
    if (response) return { response, at: index };
  }
  return { response: undefined, at: -1 };
}

describe('ResponseReader framing', () => {
  it('an answer split in two at every byte (head, the blank line, inside a multi-byte character) reads the same', () => {
    const bytes = framed();
    for (let cut = 1; cut < bytes.length; cut++) {
      const { response, at } = pushAll(new ResponseReader(), [bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(at, `cut at ${cut}`).toBe(1);
      expect(response?.status).toBe(200);
      expect(response?.body.toString('utf8')).toBe(BODY);
    }
  });

  it('an answer split in three anywhere completes on its last byte, not before', () => {
    const bytes = framed('{"k":"v"}');
    for (let first = 1; first < bytes.length - 1; first++) {
      for (let second = first + 1; second < bytes.length; second++) {
        const pieces = [bytes.subarray(0, first), bytes.subarray(first, second), bytes.subarray(second)];
        const { response, at } = pushAll(new ResponseReader(), pieces);
        expect(at).toBe(2);
        expect(response?.body.toString()).toBe('{"k":"v"}');
      }
    }
  });

  it('Content-Length decides where the body ends: bytes after it are not part of the answer', () => {
    const bytes = Buffer.concat([framed(), Buffer.from('HTTP/1.1 200 OK\r\n')]);
    const response = new ResponseReader().push(bytes);
    expect(response?.body.toString()).toBe(BODY);
  });

  it('with Content-Length, a close before the last byte is no answer', () => {
    const bytes = framed();
    const reader = new ResponseReader();
    expect(reader.push(bytes.subarray(0, bytes.length - 1))).toBeUndefined();
    expect(reader.end()).toBeUndefined();
  });

  it('without Content-Length, the body runs to the close', () => {
    const reader = new ResponseReader();
    expect(reader.push(Buffer.from(`${HEAD}\r\n{"a":`))).toBeUndefined();
    expect(reader.push(Buffer.from('1}'))).toBeUndefined();
    const response = reader.end();
    expect(response?.status).toBe(200);
    expect(response?.body.toString()).toBe('{"a":1}');
  });

  it('a close before the head ended is no answer', () => {
    const reader = new ResponseReader();
    reader.push(Buffer.from('HTTP/1.1 200 OK\r\ncontent-le'));
    expect(reader.end()).toBeUndefined();
  });

  it('a zero-length body completes with the head', () => {
    const response = new ResponseReader().push(Buffer.from('HTTP/1.1 204 No Content\r\ncontent-length: 0\r\n\r\n'));
    expect(response).toMatchObject({ status: 204 });
    expect(response?.body.length).toBe(0);
  });

  it.each([
    ['a chunked body (the daemon always sends a length)', 'transfer-encoding: chunked\r\n'],
    ['a Transfer-Encoding of any kind', 'Transfer-Encoding: gzip, chunked\r\n'],
  ])('refuses %s as not the daemon', (_name, header) => {
    const bytes = Buffer.from(`HTTP/1.1 200 OK\r\n${header}\r\n5\r\nhello\r\n0\r\n\r\n`);
    expect(() => new ResponseReader().push(bytes)).toThrow(NotAnAnswer);
  });

  it.each([
    ['a negative length', '-1'],
    ['a hex length', '0x10'],
    ['a length with a sign', '+5'],
    ['a fractional length', '1.5'],
    ['two lengths in one', '5, 5'],
    ['an empty length', ''],
  ])('refuses %s (Content-Length: %s)', (_name, length) => {
    const bytes = Buffer.from(`HTTP/1.1 200 OK\r\ncontent-length: ${length}\r\n\r\nhello`);
    expect(() => new ResponseReader().push(bytes)).toThrow(NotAnAnswer);
  });

  it('refuses a Content-Length over the answer cap before any body arrives', () => {
    const bytes = Buffer.from(`HTTP/1.1 200 OK\r\ncontent-length: ${MAX_ANSWER_BYTES + 1}\r\n\r\n`);
    expect(() => new ResponseReader().push(bytes)).toThrow(/answer is over/);
  });

  it.each([
    ['no status line', 'hello\r\n\r\n'],
    ['HTTP/2 framing', 'HTTP/2 200\r\n\r\n'],
    ['a status of two digits', 'HTTP/1.1 20 OK\r\n\r\n'],
  ])('refuses a head with %s', (_name, head) => {
    expect(() => new ResponseReader().push(Buffer.from(head))).toThrow(NotAnAnswer);
  });

  it('reads header names case-insensitively and trims values', () => {
    const response = new ResponseReader().push(
      Buffer.from('HTTP/1.1 404 Not Found\r\nX-CN-Proof:   abc  \r\nContent-Length: 2\r\n\r\n{}'),
    );
    expect(response?.status).toBe(404);
    expect(response?.headers.get('x-cn-proof')).toBe('abc');
  });
});
